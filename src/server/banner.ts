/**
 * The start-up message: the address and, in demo mode (never in production), the demo logins;
 * when there is no system administrator yet, how to create the first one.
 */
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed.js';

export interface BannerOptions {
  port: number;
  demo: boolean;
  databaseKind: string;
  /** NODE_ENV=production: the public address is shown, the demo logins never are */
  production?: boolean;
  /** PUBLIC_URL (shown in production) */
  publicUrl?: string;
  /** no active system administrator exists */
  needsAdmin?: boolean;
}

export function startupBanner(opts: BannerOptions): string {
  const lines = opts.production
    ? [
        `Darta is running on port ${opts.port} (production, database: ${opts.databaseKind}), public address ${opts.publicUrl ?? '?'}`,
      ]
    : [`Darta is running at http://localhost:${opts.port}  (database: ${opts.databaseKind})`];
  if (opts.demo && !opts.production) {
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) lines.push(`  ${u.username.padEnd(10)} ${u.userType}`);
  }
  if (opts.needsAdmin)
    lines.push(
      'No system administrator yet: create the first one with `npm run create-admin` (README "Production").',
    );
  return lines.join('\n');
}
