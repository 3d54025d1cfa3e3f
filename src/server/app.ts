/**
 * Builds the Fastify app (fastify/demo style: plugins make set-up explicit). Used by
 * main.ts and by the tests, which call `inject()` on it against a migrated database.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { housekeeping, startPeriodicJob } from './lib/jobs.js';
import { databaseRateLimitStore } from './lib/rate-limit-store.js';
import { CLIENT_DIST_DIR } from './lib/paths.js';
import { registerSpa } from './lib/spa.js';
import { openFileStore } from './lib/storage.js';
import { recoveryOptions, startRecovery } from './ops/crash-recovery.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin, { requestLang } from './plugins/errors.js';
import { translate } from '../shared/i18n/index.js';
import multipartPlugin from './plugins/multipart.js';
import securityHeaders from './plugins/security-headers.js';
import authRoutes from './modules/auth/routes.js';
import accountRoutes from './modules/auth/account-routes.js';
import { pruneLoginThrottles } from './modules/auth/index.js';
import resourceRoutes from './modules/resources/routes.js';
import { driversFromConfig } from './lib/messaging.js';
import auditRoutes from './modules/audit/routes.js';
// The composition root: module services from each module's index.ts, and each module's
// route plugins, which only app.ts registers.
import {
  CounterPayments,
  EsewaGateway,
  KhaltiGateway,
  PaymentService,
} from './modules/billing/index.js';
import billingReportRoutes from './modules/billing/report-routes.js';
import billingRoutes from './modules/billing/routes.js';
import { PdfRenderer } from './modules/certificates/index.js';
import certificateRoutes from './modules/certificates/routes.js';
import { CalendarService } from './modules/calendar/index.js';
import calendarRoutes from './modules/calendar/routes.js';
import { SettingsService } from './modules/settings/index.js';
import settingsRoutes from './modules/settings/routes.js';
import counterRoutes from './modules/counter/routes.js';
import dashboardRoutes from './modules/dashboard/routes.js';
import fileRoutes from './modules/files/routes.js';
import { Notifier, OutboxWorker } from './modules/notifications/index.js';
import notificationRoutes from './modules/notifications/routes.js';
import { OtpService } from './modules/otp/index.js';
import { createRegistrations } from './modules/registrations/index.js';
import { runRenewalReminders } from './modules/reminders/index.js';
import reminderRoutes from './modules/reminders/routes.js';
import counterSubmitRoutes from './modules/registrations/counter-routes.js';
import lifecycleRoutes from './modules/registrations/lifecycle-routes.js';
import registrationListRoutes from './modules/registrations/list-routes.js';
import registrationRoutes from './modules/registrations/routes.js';
import publicRegisterRoutes from './modules/reports/public-routes.js';
import reportRoutes from './modules/reports/routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** share one Chromium between app instances (tests) */
  pdf?: PdfRenderer;
  logger?: boolean | object;
  /** the client build served as the SPA (default dist/client; tests pass their own) */
  clientDir?: string;
}

/**
 * Never in a log line (issue 8 §5): credentials in headers, wherever a plugin logs them
 * (@fastify/multipart logs its busboy options, headers included, at trace level), and any
 * password, token or code field of a logged object.
 */
const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'headers.authorization',
    'headers.cookie',
    '*.headers.authorization',
    '*.headers.cookie',
    '*.password',
    '*.password_confirmation',
    '*.token',
    '*.otp',
  ],
  censor: '[redacted]',
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createServer(deps);
  await registerPlugins(app, deps);
  const services = await createServices(app, deps);
  startBackgroundJobs(app, deps, services);
  await registerApi(app, deps, services);
  await registerSpa(app, {
    clientDir: deps.clientDir ?? CLIENT_DIST_DIR,
    publicSettings: () => services.settings.publicView(),
  });
  return app;
}

/** The Fastify instance: logging, proxy trust, body limit, the router's own refusals, zod. */
function createServer(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
            redact: LOG_REDACT,
          },
    // only these peers may set X-Forwarded-For, the client IP that rate limits count (TRUST_PROXY)
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Refusals by the router itself (a malformed %-escape, a path parameter over 100 characters)
    // would otherwise answer Fastify's own body, which echoes the URL and the library's error
    // code; found by the API fuzzing (issue 8 §3).
    frameworkErrors: (err, req, reply) => {
      const status = err.statusCode ?? 400;
      const key = status >= 500 ? 'errors.server' : 'errors.badRequest';
      void (reply as FastifyReply)
        .code(status)
        .send({ message: translate(requestLang(req), key), messageKey: key });
    },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** The response headers' Content-Security-Policy (helmet). */
function cspDirectives(config: Config) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine injects its CSS variables in <style> tags.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    // no <base> may re-point the app's relative URLs (issue 8 §5)
    baseUri: ["'none'"],
    // the eSewa checkout is a form post to the gateway (issue 6 §3)
    formAction: [
      "'self'",
      ...(config.payments.esewa ? [new URL(config.payments.esewa.formUrl).origin] : []),
    ],
    frameAncestors: ["'none'"],
    workerSrc: ["'self'"],
    // the installable app's manifest (issue 7 §6)
    manifestSrc: ["'self'"],
    // Behind a TLS proxy the proxy upgrades; on a plain-HTTP intranet this would break assets.
    upgradeInsecureRequests: null,
  };
}

/** App-wide plugins: the error handler, security headers, rate limits, multipart, OpenAPI. */
async function registerPlugins(app: FastifyInstance, { config, database }: AppDeps) {
  await app.register(errorsPlugin, { db: database.db });
  // helmet's headers, computed once (plugins/security-headers.ts)
  await app.register(securityHeaders, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
  });
  // Counters in the database are shared by every instance on it (issue 8 §7); PGlite is one
  // process, so by default it keeps them in memory (config.rateLimitStore).
  const sharedLimits =
    (config.rateLimitStore ?? (database.kind === 'postgres' ? 'database' : 'memory')) ===
    'database';
  await app.register(rateLimit, {
    global: true,
    max: Number(process.env.RATE_LIMIT_MAX ?? 1200),
    timeWindow: '1 minute',
    ...(sharedLimits
      ? {
          store: databaseRateLimitStore(database.db),
          // the database down: let requests through rather than fail every one on the limit;
          // any request that needs the database fails on its own anyway
          skipOnError: true,
        }
      : {}),
  });
  await app.register(multipartPlugin);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Darta API',
        version: '0.1.0',
        description:
          'Business registration for a Nepali palika. See docs/api.md. Money is integer paisa; dates are AD.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** The module services the routes and background jobs share. */
async function createServices(app: FastifyInstance, { config, database, pdf: sharedPdf }: AppDeps) {
  const pdf = sharedPdf ?? new PdfRenderer({ executablePath: config.chromiumPath });
  if (!sharedPdf) app.addHook('onClose', async () => pdf.close());
  const store = await openFileStore(config);
  const drivers = driversFromConfig(config.messaging, (obj, msg) => app.log.info(obj, msg));
  const notifier = new Notifier(config.publicUrl, drivers.mail !== null);
  const registrations = createRegistrations({
    db: database.db,
    store,
    signingKey: config.signingKey,
    notifier,
  });
  const otp = new OtpService(database.db, config.signingKey, undefined, config.publicUrl);
  const counter = new CounterPayments(database.db, store, registrations.lifecycle);
  const paymentsService = new PaymentService(
    database.db,
    registrations.lifecycle,
    {
      esewa: config.payments.esewa ? new EsewaGateway(config.payments.esewa) : null,
      khalti: config.payments.khalti ? new KhaltiGateway(config.payments.khalti) : null,
    },
    config.publicUrl,
  );
  // Administrators' BS calendar corrections (issue 16 §6): conversions use them from the first
  // request; GET /api/calendar refreshes them from the table (another instance's corrections).
  const calendar = new CalendarService(database.db, (o, m) => app.log.warn(o, m));
  app.addHook('onReady', async () => {
    await calendar.refresh();
  });
  // The palika's settings (issue 17 §6): read fresh by every document and the login page.
  const settings = new SettingsService(database.db, store);
  return {
    pdf,
    store,
    drivers,
    notifier,
    registrations,
    otp,
    counter,
    paymentsService,
    calendar,
    settings,
  };
}

/** What createServices builds. */
type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * The background work, started when the app is ready and stopped when it closes: outbox
 * delivery, the payment re-check, housekeeping, renewal reminders, and the start-up crash
 * recovery.
 */
function startBackgroundJobs(
  app: FastifyInstance,
  { config, database }: AppDeps,
  { store, drivers, paymentsService, notifier }: Services,
) {
  // Delivers the outbox in the background (issue 5 §5); tests run rounds themselves.
  const worker = new OutboxWorker(database.db, drivers, {
    log: (obj, msg) => app.log.warn(obj, msg),
  });
  app.addHook('onReady', async () => worker.start(config.outboxIntervalMs));
  app.addHook('onClose', async () => worker.stop());
  let stopRecheck = async () => {};
  app.addHook('onReady', async () => {
    stopRecheck = paymentsService.startRecheck(config.payments.recheckMs, (o, m) =>
      app.log.warn(o, m),
    );
  });
  app.addHook('onClose', async () => stopRecheck());
  // Expired rate-limit counters and old job_runs rows; once per period across instances.
  let stopHousekeeping = async () => {};
  app.addHook('onReady', async () => {
    stopHousekeeping = startPeriodicJob(database.db, {
      name: 'housekeeping',
      intervalMs: config.housekeepingMs,
      run: async () => {
        await housekeeping(database.db);
        // sign-in throttles idle for a day start again from zero anyway (docs/security.md)
        await pruneLoginThrottles(database.db);
      },
      log: (o, m) => app.log.warn(o, m),
    });
  });
  app.addHook('onClose', async () => stopHousekeeping());
  // Renewal reminders (issue 19 §5): once per period across instances; each point once ever.
  let stopReminders = async () => {};
  app.addHook('onReady', async () => {
    stopReminders = startPeriodicJob(database.db, {
      name: 'renewal-reminders',
      intervalMs: config.renewalRemindersMs,
      run: () => runRenewalReminders(database.db, notifier),
      log: (o, m) => app.log.warn(o, m),
    });
  });
  app.addHook('onClose', async () => stopReminders());
  // After a crash: orphan uploads and old idempotency keys (issue 8 §4); before listening.
  let stopRecovery = () => {};
  app.addHook('onReady', async () => {
    stopRecovery = await startRecovery(database.db, store, recoveryOptions(database.kind), (msg) =>
      app.log.warn(msg),
    );
  });
  app.addHook('onClose', async () => stopRecovery());
}

/** Every module's routes under /api, behind the auth plugin, in their registration order. */
async function registerApi(app: FastifyInstance, { config, database }: AppDeps, s: Services) {
  const { pdf, store, notifier, registrations, otp, counter, paymentsService, calendar, settings } =
    s;
  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        db: database.db,
        idleMinutes: config.tokenIdleMinutes,
        // PGlite is this process's own database: it tells the plugin of every session change
        // at its commit (migration 0024)
        notifications: database.pglite,
      });
      await api.register(authRoutes, { db: database.db, store, otp });
      await api.register(accountRoutes, { db: database.db, otp, publicUrl: config.publicUrl });
      await api.register(resourceRoutes, { db: database.db, store });
      await api.register(registrationListRoutes, { registrations });
      await api.register(registrationRoutes, { registrations });
      await api.register(lifecycleRoutes, { registrations });
      await api.register(counterSubmitRoutes, { registrations });
      await api.register(certificateRoutes, {
        db: database.db,
        pdf,
        publicUrl: config.publicUrl,
        signingKey: config.signingKey,
        settings,
      });
      await api.register(fileRoutes, { db: database.db, store });
      await api.register(dashboardRoutes, { db: database.db });
      await api.register(notificationRoutes, { db: database.db, notifier });
      await api.register(reminderRoutes, { db: database.db, notifier });
      await api.register(auditRoutes, { db: database.db });
      await api.register(billingRoutes, {
        db: database.db,
        payments: paymentsService,
        counter,
        pdf,
        settings,
      });
      await api.register(billingReportRoutes, { db: database.db });
      await api.register(reportRoutes, { db: database.db });
      await api.register(publicRegisterRoutes, { db: database.db });
      await api.register(calendarRoutes, { calendar });
      await api.register(settingsRoutes, { settings });
      await api.register(counterRoutes, {
        db: database.db,
        store,
        publicUrl: config.publicUrl,
      });
      api.get('/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
        ok: true,
      }));
    },
    { prefix: '/api' },
  );
}

/** The built SPA: static files, and index.html for every non-API path (client routes). */
