/**
 * The palika's settings (issue 17 §6): GET /settings/public and GET /settings/emblem (no login:
 * the login page shows the palika's name and emblem), GET and PUT /settings, POST (multipart,
 * like every upload) and DELETE /settings/emblem for whoever holds `edit-settings` (system administrators).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicSettingsSchema,
  settingsInputSchema,
  settingsViewSchema,
} from '../../../shared/schemas/settings.js';
import { currentUser } from '../../plugins/auth.js';
import type { SettingsService } from './service.js';

/** Who may read and change the settings (any of). */
export const EDIT_SETTINGS = ['edit-settings'];

const answer = { 200: z.object({ data: settingsViewSchema }) };
const access = { access: { permissions: EDIT_SETTINGS } };
const tags = ['settings'];

/** The settings routes. */
export default async function settingsRoutes(
  app: FastifyInstance,
  opts: { settings: SettingsService },
) {
  const { settings } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  publicRoutes(app, settings);

  r.get(
    '/settings',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Every setting of the palika: names, office address and contact, emblem URL, administrative cost (paisa), rent-tax rate (%), renewal window (days), and the names used when none are set',
        response: answer,
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await settings.view() };
    },
  );

  r.put(
    '/settings',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Changes every setting at once (administrative cost in rupees, stored as paisa). Audited with the changed fields before and after. 422 with field errors, changing nothing.',
        body: settingsInputSchema,
        response: answer,
      },
    },
    async (req) => {
      const user = currentUser(req);
      const data = await settings.update(req.body, { userId: user.id, ip: req.ip });
      return { data };
    },
  );

  r.post(
    '/settings/emblem',
    {
      config: access,
      schema: {
        tags,
        summary:
          "Replaces the palika's emblem (multipart field `emblem`): a PNG or JPEG of at most 1 MiB. Audited. 413 when larger, 422 for any other type.",
        body: z.object({ emblem: z.unknown().optional() }),
        response: answer,
      },
    },
    async (req) => {
      const user = currentUser(req);
      const data = await settings.setEmblem(req.body.emblem, { userId: user.id, ip: req.ip });
      return { data };
    },
  );

  r.delete(
    '/settings/emblem',
    {
      config: access,
      schema: {
        tags,
        summary: 'Goes back to the default emblem. Audited. 404 when none was uploaded.',
        response: answer,
      },
    },
    async (req) => {
      const user = currentUser(req);
      const data = await settings.removeEmblem({ userId: user.id, ip: req.ip });
      return { data };
    },
  );
}

/** GET /settings/public and GET /settings/emblem: no login. */
function publicRoutes(app: FastifyInstance, settings: SettingsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/settings/public',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The palika's public identity for the login page: names, emblem URL, office address and contact",
        response: { 200: z.object({ data: publicSettingsSchema }) },
      },
    },
    async (_req, reply) => {
      // revalidated on every read: a change shows on the next login page at once
      reply.header('cache-control', 'no-cache');
      return { data: await settings.publicView() };
    },
  );

  r.get(
    '/settings/emblem',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The palika's emblem image (PNG, JPEG, or the default SVG). With ?v= the current version it may be cached for a year (the URL changes with the image).",
        querystring: z.object({ v: z.string().max(40).optional() }),
      },
    },
    async (req, reply) => {
      const img = await settings.emblem();
      const etag = `"${img.version}"`;
      reply
        .type(img.mime)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header(
          'cache-control',
          req.query.v === img.version
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=60',
        );
      // an SVG opened on its own may not run anything
      if (img.mime === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(img.data);
    },
  );
}
