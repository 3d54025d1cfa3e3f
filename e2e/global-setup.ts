/** Unpacks @sparticuz/chromium once (to /tmp) and exposes its path to the test workers. */
import chromium from '@sparticuz/chromium';

export default async function globalSetup() {
  if (!process.env.CHROMIUM_PATH) process.env.CHROMIUM_PATH = await chromium.executablePath();
}
