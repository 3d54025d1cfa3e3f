/**
 * `npm run create-admin`: creates a system administrator — the first one of a new installation
 * (production has no demo logins) — with a ONE-TIME password. Until that password is changed,
 * the account may only see its profile, change the password and sign out (plugins/auth.ts);
 * sign-in answers `passwordChangeRequired: true` and the app opens the password form.
 *
 *   npm run create-admin                     asks for each detail (in a terminal)
 *   npm run create-admin -- --username palika_admin --name "Ram Sharma" --phone 9841000000 \
 *     [--email it@palika.gov.np] [--gender male|female]
 *                                            prints a generated one-time password, once
 *   … --password-stdin                       reads the one-time password from stdin instead
 *
 * It uses the server's configuration (the same environment: DATABASE_URL, or DATA_DIR for
 * PGlite, whose server must be stopped first), migrates the database and seeds the reference
 * data when it is empty, as the server's start does. Exit status: 0 created, 1 refused (taken
 * username or phone, bad configuration), 2 bad usage.
 */
import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { passwordField } from '../src/shared/schemas/auth.js';
import { mobile, optEmail, reqText, username } from '../src/shared/schemas/fields.js';
import { translate } from '../src/shared/i18n/index.js';
import { loadConfig, type Config } from '../src/server/config.js';
import { openDatabase, type Database, type Db } from '../src/server/db/client.js';
import { roles, userRoles, users } from '../src/server/db/schema.js';
import { isEmpty, seed } from '../src/server/db/seed.js';
import { audit } from '../src/server/lib/audit.js';
import { withStartupLock } from '../src/server/lib/jobs.js';
import { hashPassword } from '../src/server/lib/passwords.js';

export const USAGE = `Usage: npm run create-admin [-- options]
Creates a system administrator with a one-time password, changed at first sign-in.
With no options in a terminal, asks for each detail.
  --username <name>    sign-in name: 3-40 letters, digits, . or _, starting with a letter
  --name <full name>   the person's name
  --phone <number>     mobile number (98XXXXXXXX)
  --email <address>    optional
  --gender male|female optional (default male; editable on the profile page)
  --password-stdin     read the one-time password from stdin (otherwise one is generated and
                       printed once)
  --help`;

/** What an administrator is made of; the same rules as the registration form. */
export const adminSchema = z.object({
  username: username(),
  name: reqText(120),
  phone: mobile(),
  email: optEmail(),
  gender: z.enum(['male', 'female'], { error: 'validation.choice' }),
  password: passwordField(),
});
export type AdminInput = z.input<typeof adminSchema>;

/** Thrown for a refusal the operator can fix (exit 1), e.g. a taken username. */
export class CreateAdminError extends Error {}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A random one-time password, e.g. `k7mq-2xhd-p9ta-wn4e`: 16 characters from 31 (~79 bits),
 * with a letter and a digit (the password rule).
 */
export function generateOneTimePassword(): string {
  for (;;) {
    const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]);
    const pw = [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
    if (/\d/.test(pw) && /[a-z]/.test(pw)) return pw;
  }
}

/** The first message of a zod error as `field: text` lines (English). */
function describe(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.join('.') || 'input'}: ${translate('en-US', i.message)}`)
    .join('\n');
}

/**
 * Creates the administrator (user type and role `systemadmin`, phone taken as given, password
 * to be changed at first sign-in) and audits it.
 * @throws CreateAdminError for invalid details or a username or phone another account has.
 */
export async function createAdmin(db: Db, input: AdminInput): Promise<{ id: number }> {
  const parsed = adminSchema.safeParse(input);
  if (!parsed.success) throw new CreateAdminError(describe(parsed.error));
  const a = parsed.data;
  const clash = await db
    .select({ username: users.username, phone: users.phone })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${a.username})`, eq(users.phone, a.phone)));
  if (clash.some((c) => c.username.toLowerCase() === a.username.toLowerCase()))
    throw new CreateAdminError(`The username "${a.username}" is taken: choose another one`);
  if (clash.length)
    throw new CreateAdminError(`The phone number ${a.phone} belongs to another account`);
  const passwordHash = await hashPassword(a.password);
  return db.transaction(async (tx) => {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.slug, 'systemadmin'));
    if (!role) throw new Error('role "systemadmin" is not seeded');
    const [created] = await tx
      .insert(users)
      .values({
        name: a.name,
        username: a.username,
        phone: a.phone,
        email: a.email,
        passwordHash,
        gender: a.gender,
        userType: 'systemadmin',
        passwordChangeRequired: true,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: created.id, roleId: role.id });
    await audit(tx, {
      userId: null,
      action: 'user.create-admin',
      entity: 'users',
      entityId: created.id,
      data: { username: a.username, by: 'npm run create-admin' },
    });
    return { id: created.id };
  });
}

/** Opens, migrates and (when empty) seeds the configured database, as the server's start does. */
export async function prepareDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase(config);
  try {
    await withStartupLock(config.databaseUrl, async () => {
      await database.migrate();
      if (await isEmpty(database.db)) await seed(database.db, { demo: config.demo });
    });
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}

/** Where the configuration points, without credentials. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `PGlite in ${config.dataDir}`;
  try {
    const u = new URL(config.databaseUrl);
    return `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

interface Options {
  username?: string;
  name?: string;
  phone?: string;
  email?: string;
  gender?: string;
  passwordStdin: boolean;
  help: boolean;
}

/** @throws CreateAdminError for an unknown option */
export function parseOptions(argv: string[]): Options {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        username: { type: 'string' },
        name: { type: 'string' },
        phone: { type: 'string' },
        email: { type: 'string' },
        gender: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
    return {
      username: values.username,
      name: values.name,
      phone: values.phone,
      email: values.email,
      gender: values.gender,
      passwordStdin: values['password-stdin'] ?? false,
      help: values.help ?? false,
    };
  } catch (e) {
    throw new CreateAdminError((e as Error).message);
  }
}

/** Asks for every detail not given as an option (in a terminal). */
async function ask(o: Options): Promise<Options> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const q = async (label: string, current: string | undefined, dflt = '') =>
      current ?? ((await rl.question(label)).trim() || dflt);
    return {
      ...o,
      username: await q('Username (for signing in): ', o.username),
      name: await q('Full name: ', o.name),
      phone: await q('Mobile number (98XXXXXXXX): ', o.phone),
      email: await q('Email (optional, Enter to skip): ', o.email),
      gender: await q('Gender, male or female [male]: ', o.gender, 'male'),
    };
  } finally {
    rl.close();
  }
}

/** The first line of stdin (without its line break). */
async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

async function main(): Promise<number> {
  let o: Options;
  try {
    o = parseOptions(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (o.help) {
    console.log(USAGE);
    return 0;
  }
  const missing = !o.username || !o.name || !o.phone;
  if (missing && !o.passwordStdin && process.stdin.isTTY) o = await ask(o);
  else if (missing) {
    console.error(`--username, --name and --phone are required here (no terminal)\n\n${USAGE}`);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    return 1;
  }
  const password = o.passwordStdin ? await readPasswordFromStdin() : generateOneTimePassword();
  const input: AdminInput = {
    username: o.username ?? '',
    name: o.name ?? '',
    phone: o.phone ?? '',
    email: o.email ?? '',
    gender: (o.gender || 'male') as AdminInput['gender'],
    password,
  };
  // the details are checked before the database is touched
  const parsed = adminSchema.safeParse(input);
  if (!parsed.success) {
    console.error(describe(parsed.error));
    return 1;
  }
  const database = await prepareDatabase(config);
  try {
    const { id } = await createAdmin(database.db, input);
    console.log(
      `Created system administrator "${parsed.data.username}" (user ${id}) in ${describeDatabase(config)}.`,
    );
    if (!o.passwordStdin) console.log(`One-time password (shown only now): ${password}`);
    console.log(
      `Sign in at ${config.publicUrl}/user/login with "${parsed.data.username}" and the one-time password; Darta then asks for a new password before anything else.`,
    );
    return 0;
  } catch (e) {
    if (!(e instanceof CreateAdminError)) throw e;
    console.error(e.message);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}
