import {
  authorEventBody,
  authorEventParams,
  authorEventPatch,
  authorEventResponse,
  authorEventsResponse,
  claimCheckResponse,
  claimCreatedResponse,
  claimStateResponse,
  deskResponse,
  deskWeekResponse,
  removedResponse,
  royalroadIdParam,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { requesterOf } from '../../http/requester.ts';
import { responses } from '../../http/responses.ts';
import type { DeskService } from './desk.service.ts';
import type { DeskWeekService } from './weekly-report.ts';

/** Claiming a fiction, the events its claimant marks, and the desk. */
export function deskRoutes(
  app: FastifyInstance,
  deps: { desk: DeskService; week: DeskWeekService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { desk, week, guards } = deps;
  const signedIn = { preHandler: guards.requireUser };
  const security = [{ bearer: [] }];
  const tags = ['authors'];

  r.get(
    '/api/fictions/:royalroadId/claim',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags,
        summary: "Whether the fiction's author claimed it, and your own claim on it (signed in)",
        params: royalroadIdParam,
        response: responses({ 200: claimStateResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await desk.claimState(request.params.royalroadId, request.user?.id ?? null),
    }),
  );

  r.post(
    '/api/fictions/:royalroadId/claim',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          "A claim code (valid 7 days) to place in the fiction's description or your Royal Road profile's bio",
        params: royalroadIdParam,
        response: responses({ 201: claimCreatedResponse }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await desk.claim(request.params.royalroadId, currentUser(request)),
      }),
  );

  r.post(
    '/api/fictions/:royalroadId/claim/check',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          "Reads the fiction's page and its author's profile on Royal Road and verifies the claim when the code is on either (422 otherwise)",
        params: royalroadIdParam,
        response: responses({ 200: claimCheckResponse }),
      },
    },
    async (request) => {
      const { verified_in } = await desk.check(
        request.params.royalroadId,
        currentUser(request),
        requesterOf(request),
      );
      return { success: true as const, data: { status: 'verified' as const, verified_in } };
    },
  );

  r.delete(
    '/api/fictions/:royalroadId/claim',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Gives your claim on the fiction up',
        params: royalroadIdParam,
        response: responses({ 200: removedResponse }),
      },
    },
    async (request) => {
      await desk.giveUp(request.params.royalroadId, currentUser(request));
      return { success: true as const, data: { removed: true as const } };
    },
  );

  r.get(
    '/api/fictions/:royalroadId/author-events',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags,
        summary:
          "What the fiction's author marked (shoutouts, ads, posts, releases) with what each did to the followers: all of them for its claimant, the public ones for anyone else",
        params: royalroadIdParam,
        response: responses({ 200: authorEventsResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await desk.events(request.params.royalroadId, request.user ?? null),
    }),
  );

  r.post(
    '/api/fictions/:royalroadId/events',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Marks what you did on your claimed fiction (private unless public is true)',
        params: royalroadIdParam,
        body: authorEventBody,
        response: responses({ 201: authorEventResponse }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await desk.addEvent(
          request.params.royalroadId,
          currentUser(request),
          request.body,
          requesterOf(request),
        ),
      }),
  );

  r.patch(
    '/api/fictions/:royalroadId/events/:eventId',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Changes one of your events',
        params: authorEventParams,
        body: authorEventPatch,
        response: responses({ 200: authorEventResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await desk.updateEvent(
        request.params.royalroadId,
        request.params.eventId,
        currentUser(request),
        request.body,
        requesterOf(request),
      ),
    }),
  );

  r.delete(
    '/api/fictions/:royalroadId/events/:eventId',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Deletes one of your events',
        params: authorEventParams,
        response: responses({ 200: removedResponse }),
      },
    },
    async (request) => {
      await desk.deleteEvent(request.params.royalroadId, request.params.eventId, currentUser(request));
      return { success: true as const, data: { removed: true as const } };
    },
  );

  r.get(
    '/api/desk',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Your claimed fictions, each with what you did ordered by what it did to the followers',
        response: responses({ 200: deskResponse }),
      },
    },
    async (request) => ({ success: true as const, data: await desk.desk(currentUser(request)) }),
  );

  r.get(
    '/api/desk/week',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          "Your week, as the Monday report tells it: each claimed fiction's followers gained and best day, Rising Stars places, what changed, and who entered its lists",
        response: responses({ 200: deskWeekResponse }),
      },
    },
    async (request) => ({ success: true as const, data: await week.week(currentUser(request).id) }),
  );
}
