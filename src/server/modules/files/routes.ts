/**
 * GET /files/:id: an uploaded file the signed-in user may read (access.ts), served inline
 * with its stored type and `nosniff`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage.js';
import { currentUser } from '../../plugins/auth.js';
import { idParams } from '../registrations/index.js';
import { readableFile } from './access.js';

/** The file route. */
export default async function fileRoutes(app: FastifyInstance, opts: { db: Db; store: FileStore }) {
  const { db, store } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/files/:id',
    {
      schema: { tags: ['files'], summary: 'An uploaded file the user may see', params: idParams },
    },
    async (req, reply) => {
      const f = await readableFile(db, store, currentUser(req), req.params.id);
      reply
        .type(f.meta.mime)
        .header(
          'content-disposition',
          `inline; filename="file-${f.meta.id}.${f.meta.mime.split('/')[1]}"`,
        )
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff');
      return reply.send(f.data);
    },
  );
}
