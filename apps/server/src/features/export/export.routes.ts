import { MESSAGES, royalroadIdParam } from '@rrc/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../errors.ts';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import { oneDownloadPerReader } from './downloads.ts';
import type { ExportService } from './export.service.ts';

function sendZip(reply: FastifyReply, filename: string, stream: NodeJS.ReadableStream) {
  return (
    reply
      .type('application/zip')
      // Titles can be in any script: an ASCII fallback name, and the real one encoded (RFC 6266).
      .header(
        'content-disposition',
        `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      )
      .header('cache-control', 'no-store')
      .send(stream)
  );
}

/** Data downloads (signed in only, SPEC §6): a ZIP of CSV files, a JSON file and a README. */
export function exportRoutes(app: FastifyInstance, deps: { exports: ExportService; guards: AuthGuards }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const errors = responses({});
  const downloads = oneDownloadPerReader();
  /** preHandler: one download per reader at a time; the slot is freed when the answer ends or the reader goes away. */
  async function oneAtATime(request: FastifyRequest, reply: FastifyReply) {
    const release = downloads.claim(currentUser(request).id);
    if (!release) throw tooManyRequests(MESSAGES.downloadUnderWay);
    reply.raw.once('close', release);
  }

  r.get(
    '/api/fictions/:royalroadId/export',
    {
      preHandler: [deps.guards.requireUser, oneAtATime],
      schema: {
        tags: ['fictions'],
        summary: "Download one fiction's data: a ZIP with its statistics history and Rising Stars places",
        security,
        params: royalroadIdParam,
        produces: ['application/zip'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { filename, stream } = await deps.exports.fictionArchive(request.params.royalroadId);
      return sendZip(reply, filename, stream);
    },
  );

  r.get(
    '/api/userFictions/export',
    {
      preHandler: [deps.guards.requireUser, oneAtATime],
      schema: {
        tags: ['user fictions'],
        summary: 'Download your list with the history of every fiction in it, as a ZIP',
        security,
        produces: ['application/zip'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { filename, stream } = await deps.exports.listArchive(currentUser(request));
      return sendZip(reply, filename, stream);
    },
  );
}
