/**
 * The security headers of every answer (Content-Security-Policy and the rest of helmet's, issue
 * 8 §5), computed once. @fastify/helmet builds helmet's middleware again — the CSP directives
 * parsed and joined — on every request (~2% of the applications list's Node time under load,
 * issue 18 §2). The app's options are static (no per-route helmet options, no CSP nonces), so
 * the headers are too: they are taken once from @fastify/helmet itself, answering one request on
 * a probe instance with the same options, and set on each response by one onRequest hook, on
 * the raw response as helmet does (so a streamed or raw answer has them too).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Headers of the probe's answer that are not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers @fastify/helmet sets with `opts` (lower-case names → values). */
export async function helmetHeaders(opts: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, opts);
    probe.get('/', async () => 'ok');
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.entries(res.headers)
      .filter(([name, value]) => !NOT_HELMET.has(name) && value !== undefined)
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

/** Sets helmet's headers (computed once with `opts`) on every response. */
export default fp(async function securityHeaders(app: FastifyInstance, opts: FastifyHelmetOptions) {
  const headers = await helmetHeaders(opts);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
