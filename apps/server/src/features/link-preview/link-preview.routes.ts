import { royalroadIdParam } from '@rrc/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { matchesEtag } from '../../http/public-cache.ts';
import { responses } from '../../http/responses.ts';
import type { LinkPreviewService } from './link-preview.service.ts';

/** The card image link previews of fiction pages show (public). */
export function linkPreviewRoutes(app: FastifyInstance, deps: { linkPreview: LinkPreviewService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/fictions/:royalroadId/card.png',
    {
      schema: {
        tags: ['analytics'],
        summary: "A fiction's 1200×630 preview card (title, author, key numbers, followers sparkline)",
        params: royalroadIdParam,
        produces: ['image/png'],
        response: responses({}),
      },
    },
    async (request, typedReply) => {
      // The answer is an image, not one of the JSON shapes the schema types.
      const reply = typedReply as FastifyReply;
      const card = await deps.linkPreview.card(request.params.royalroadId, (etag) =>
        matchesEtag(request, etag),
      );
      reply.header('etag', card.etag).header('cache-control', 'public, max-age=300');
      if (!card.png) return reply.code(304).send();
      return reply.type('image/png').send(card.png);
    },
  );
}
