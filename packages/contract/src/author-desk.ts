import { z } from 'zod';
import { AUTHOR_EVENT_KINDS } from './author-rules.ts';
import { okEnvelope } from './envelope.ts';
import { httpAddressField } from './fields.ts';

export const claimCreatedResponse = okEnvelope(z.object({ code: z.string(), expiresAt: z.string() }));

/** A fiction's claim as a reader sees it: whether its author claimed it, and the reader's own claim. */
export const claimState = z.object({
  claimed: z.boolean(),
  yours: z
    .object({
      code: z.string(),
      expires_at: z.string(),
      verified_at: z.string().nullable(),
      /** Where the code was found: the fiction's description or the author's profile. */
      verified_in: z.enum(['description', 'profile']).nullable(),
    })
    .nullable(),
});
export type ClaimState = z.infer<typeof claimState>;
export const claimStateResponse = okEnvelope(claimState);
export const claimCheckResponse = okEnvelope(
  z.object({ status: z.literal('verified'), verified_in: z.enum(['description', 'profile']) }),
);

const moment = (name: string) =>
  z
    .string({ error: `${name} must be a date and time (ISO 8601).` })
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${name} must be a date and time (ISO 8601).`)
    .transform((value) => new Date(value).toISOString());

const note = z.string().trim().max(500, 'note is at most 500 characters.');
const link = httpAddressField('link');
const partner = z
  .number({ error: 'partnerRoyalroadId must be a Royal Road fiction id.' })
  .int('partnerRoyalroadId must be a Royal Road fiction id.')
  .positive('partnerRoyalroadId must be a Royal Road fiction id.');

const eventFields = {
  kind: z.enum(AUTHOR_EVENT_KINDS, {
    error: `kind must be one of ${AUTHOR_EVENT_KINDS.join(', ')}.`,
  }),
  at: moment('at'),
  endAt: moment('endAt').nullable().optional(),
  note: note.nullable().optional(),
  partnerRoyalroadId: partner.nullable().optional(),
  link: link.nullable().optional(),
  public: z.boolean({ error: 'public must be true or false.' }).optional(),
};

const endsAfterStart = (body: { at?: string; endAt?: string | null }) =>
  !body.at || !body.endAt || Date.parse(body.endAt) >= Date.parse(body.at);
const END_BEFORE_START = { message: 'endAt must not be before at.', path: ['endAt'] };

export const authorEventBody = z.strictObject(eventFields).refine(endsAfterStart, END_BEFORE_START);
export type AuthorEventBody = z.infer<typeof authorEventBody>;
export const authorEventPatch = z
  .strictObject(eventFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change: send at least one field.')
  .refine(endsAfterStart, END_BEFORE_START);
export type AuthorEventPatch = z.infer<typeof authorEventPatch>;

export const authorEventParams = z.object({
  royalroadId: z.coerce.number().int().positive(),
  eventId: z.coerce.number({ error: 'The event id must be a number.' }).int().positive(),
});

/**
 * What an event did to the followers: those gained over the EFFECT_DAYS_AFTER days after it, against those
 * expected from the trend of the EFFECT_DAYS_BEFORE days before (a line fitted on them, with an 80 % range
 * from the line's own scatter); `base` is the followers at the event. Or why it cannot be told yet.
 */
export const eventEffect = z.union([
  z.object({
    gained: z.number().int(),
    expected: z.number(),
    excess: z.number(),
    low: z.number(),
    high: z.number(),
    base: z.number(),
  }),
  z.object({ reason: z.string() }),
]);
export type EventEffect = z.infer<typeof eventEffect>;

export const authorEvent = z.object({
  id: z.number().int(),
  kind: z.enum(AUTHOR_EVENT_KINDS),
  at: z.string(),
  end_at: z.string().nullable(),
  note: z.string().nullable(),
  link: z.string().nullable(),
  public: z.boolean(),
  source: z.literal('author'),
  /** The shoutout's partner fiction, with its followers at the time (null when none was captured then). */
  partner: z
    .object({ royalroad_id: z.number().int(), title: z.string(), followers_at: z.number().int().nullable() })
    .nullable(),
  effect: eventEffect,
});
export type AuthorEvent = z.infer<typeof authorEvent>;

export const authorEventResponse = okEnvelope(authorEvent);
/** A fiction's author events a reader may see: all of them for its claimant, the public ones for anyone else. */
export const authorEventsResponse = okEnvelope(
  z.object({ events: z.array(authorEvent), claimant: z.boolean() }),
);

/** The claimant's desk: each fiction they hold, with what they did, ordered by what worked best. */
export const deskResponse = okEnvelope(
  z.object({
    fictions: z.array(
      z.object({
        royalroad_id: z.number().int(),
        title: z.string(),
        image_url: z.string().nullable(),
        followers: z.number().int().nullable(),
        verified_at: z.string(),
        verified_in: z.enum(['description', 'profile']),
        /** The claimant's events, the measured ones by excess (best first), then those without an effect. */
        what_worked: z.array(authorEvent),
      }),
    ),
  }),
);
export type Desk = z.infer<typeof deskResponse>['data'];

/**
 * The claimant's week (the seven days before `until`), as the Monday report tells it, for each claimed
 * fiction: followers gained and the best day, Rising Stars places, what else changed, and the fictions that
 * entered a list it has been on. What they did and where it is heading are on the desk itself.
 */
export const deskWeekResponse = okEnvelope(
  z.object({
    since: z.string(),
    until: z.string(),
    fictions: z.array(
      z.object({
        royalroad_id: z.number().int(),
        title: z.string(),
        /** Followers gained over the week (null without a snapshot at both ends). */
        gained: z.number().int().nullable(),
        best_day: z.object({ date: z.string(), gained: z.number().int() }).nullable(),
        /** Rising Stars entries, exits, new bests and the main list's top 10, in words. */
        places: z.array(z.string()),
        /** Chapters, milestones and the page itself, in words. */
        changes: z.array(z.string()),
        nearby: z.array(
          z.object({
            royalroad_id: z.number().int(),
            title: z.string(),
            list: z.string(),
            position: z.number().int().nullable(),
          }),
        ),
      }),
    ),
  }),
);
export type DeskWeek = z.infer<typeof deskWeekResponse>['data'];
