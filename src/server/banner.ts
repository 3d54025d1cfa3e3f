/** The start-up message `npm start` prints: the URL and, in demo mode, the demo logins. */
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed.js';

export function startupBanner(opts: { port: number; demo: boolean; databaseKind: string }): string {
  const lines = [
    `Darta is running at http://localhost:${opts.port}  (database: ${opts.databaseKind})`,
  ];
  if (opts.demo) {
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) lines.push(`  ${u.username.padEnd(10)} ${u.userType}`);
  }
  return lines.join('\n');
}
