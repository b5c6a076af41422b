import { randomInt } from 'node:crypto';
import {
  type AuthorEvent,
  type AuthorEventBody,
  type AuthorEventKind,
  type AuthorEventPatch,
  CLAIM_CHECKS_PER_HOUR,
  CLAIM_CODE_DAYS,
  type ClaimState,
  type Desk,
  type EventEffect,
  OPEN_CLAIMS_PER_ACCOUNT,
} from '@rrc/contract';
import { AppError, conflict, forbidden, notFound, tooManyRequests } from '../../errors.ts';
import type { UserRecord } from '../../lib/account.ts';
import type { LimiterStore } from '../../lib/limiter-store.ts';
import { waitInWords } from '../../lib/wait-in-words.ts';
import { composeMail } from '../../mail/compose.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Requester } from '../../royalroad/request-queues.ts';
import type { ScrapingService } from '../scraping/scraping.service.ts';
import type { AuthorRepository } from './author.repository.ts';
import type { DeskRepository } from './desk.repository.ts';
import { effectsAt } from './effect.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Letters and digits of claim codes: no 0/O or 1/I, which readers copy wrong. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function claimCode(): string {
  const group = () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `rrc-${group()}-${group()}`;
}

const ONLY_CLAIMANT = "Only this fiction's verified claimant can mark what they did on it.";
const EVENT_NOT_FOUND = 'No such event on this fiction.';

type Found = 'description' | 'profile';
const foundIn = (value: string | null): Found | null =>
  value === 'description' || value === 'profile' ? value : null;

/**
 * A fiction's author events as `viewerId` may see them (all of theirs and the public ones; `ownOnly`: theirs
 * only), oldest first, each with its partner's followers at the time and its effect on the followers.
 */
export async function authorEventsOf(
  repositories: { desk: DeskRepository; author: AuthorRepository },
  fictionId: number,
  viewerId: number | null,
  options: { ownOnly?: boolean } = {},
): Promise<AuthorEvent[]> {
  const { desk, author } = repositories;
  const rows = (await desk.events(fictionId, viewerId)).filter(
    (row) => !options.ownOnly || row.user_id === viewerId,
  );
  const effects = await effectsAt(
    author,
    fictionId,
    rows.map((row) => String(row.at)),
  );
  return Promise.all(
    rows.map(async (row, index) => ({
      id: row.id,
      kind: row.kind as AuthorEventKind,
      at: String(row.at),
      end_at: row.end_at === null ? null : String(row.end_at),
      note: row.note,
      link: row.link,
      public: Boolean(row.public),
      source: 'author' as const,
      partner:
        row.partner_fiction_id !== null && row.partner_royalroad_id !== null
          ? {
              royalroad_id: row.partner_royalroad_id,
              title: row.partner_title ?? `Fiction ${row.partner_royalroad_id}`,
              followers_at: await desk.followersAt(row.partner_fiction_id, String(row.at)),
            }
          : null,
      effect: effects[index] as EventEffect,
    })),
  );
}

/**
 * The author's desk: claiming a fiction by placing a code on its page or profile, the events its claimant
 * marks (private unless made public) and what each did to the followers, and the desk that gathers them.
 */
export function deskService(deps: {
  desk: DeskRepository;
  author: AuthorRepository;
  scraping: Pick<ScrapingService, 'searchClaim' | 'findOrImport'>;
  users: { findById(id: number): Promise<UserRecord | undefined> };
  mailer: Mailer;
  limits: LimiterStore;
  publicUrl: string;
  now: () => Date;
}) {
  const { desk, author } = deps;
  const checks = deps.limits.limit({ name: 'claim-checks', limit: CLAIM_CHECKS_PER_HOUR, windowMs: HOUR_MS });

  async function fictionOf(royalroadId: number) {
    const fiction = await author.fiction(royalroadId);
    if (!fiction) throw notFound('Fiction not found. Add it from its Royal Road link first.');
    return fiction;
  }

  /** The fiction, when `user` holds its verified claim; 403 otherwise. */
  async function claimedBy(royalroadId: number, user: UserRecord) {
    const fiction = await fictionOf(royalroadId);
    const claim = await desk.claimOf(fiction.id, user.id);
    if (!claim?.verified_at) throw forbidden(ONLY_CLAIMANT);
    return fiction;
  }

  /** The partner fiction of a shoutout, read from Royal Road (and tracked from then on) when not yet known. */
  async function partnerOf(royalroadId: number | null | undefined, requester: Requester) {
    if (royalroadId === null || royalroadId === undefined) return null;
    const known = await author.fiction(royalroadId);
    if (known) return known.id;
    return (await deps.scraping.findOrImport(royalroadId, requester)).id;
  }

  async function oneEvent(fictionId: number, eventId: number, userId: number) {
    const events = await authorEventsOf(deps, fictionId, userId);
    const event = events.find((candidate) => candidate.id === eventId);
    if (!event) throw notFound(EVENT_NOT_FOUND);
    return event;
  }

  /** An event of the fiction's claimant that `user` (its claimant) may change; 404 when there is none. */
  async function ownEvent(royalroadId: number, eventId: number, user: UserRecord) {
    const fiction = await claimedBy(royalroadId, user);
    const event = await desk.event(fiction.id, eventId);
    if (!event || event.user_id !== user.id) throw notFound(EVENT_NOT_FOUND);
    return { fiction, event };
  }

  function mailReplaced(userIds: readonly number[], title: string, royalroadId: number) {
    if (!deps.mailer.enabled) return;
    void Promise.all(
      userIds.map(async (userId) => {
        const account = await deps.users.findById(userId);
        if (!account) return;
        deps.mailer.send(
          composeMail({
            to: account.email,
            subject: `Your claim on "${title}" was replaced`,
            greeting: account.name ? `Hi ${account.name},` : 'Hi,',
            intro: [
              `Someone else just proved they are the author of "${title}" by placing a claim code on its Royal Road page or their profile, so your claim on it has ended and its desk is theirs.`,
              'The events you marked on it are kept, visible to you only. If this fiction is yours, ask for a new claim code on its page and place it on Royal Road again.',
            ],
            action: { label: 'Open the fiction', url: `${deps.publicUrl}/fiction/${royalroadId}` },
            outro: [],
          }),
          { purpose: 'claim-replaced', userId },
        );
      }),
    );
  }

  return {
    /** Whether the fiction is claimed, and the reader's own claim on it. */
    async claimState(royalroadId: number, userId: number | null): Promise<ClaimState> {
      const fiction = await fictionOf(royalroadId);
      const [verified, yours] = await Promise.all([
        desk.verifiedClaim(fiction.id),
        userId === null ? undefined : desk.claimOf(fiction.id, userId),
      ]);
      return {
        claimed: verified !== undefined,
        yours: yours
          ? {
              code: yours.code,
              expires_at: String(yours.expires_at),
              verified_at: yours.verified_at === null ? null : String(yours.verified_at),
              verified_in: foundIn(yours.verified_in),
            }
          : null,
      };
    },

    /** A claim code for the reader (the same one while it is good), within their open claims. */
    async claim(royalroadId: number, user: UserRecord): Promise<{ code: string; expiresAt: string }> {
      if (!user.emailVerifiedAt)
        throw forbidden('Confirm your email address first: a claim needs a verified account.');
      const fiction = await fictionOf(royalroadId);
      const now = deps.now();
      const existing = await desk.claimOf(fiction.id, user.id);
      if (existing?.verified_at) throw conflict('You already hold the claim on this fiction.');
      if (existing && Date.parse(String(existing.expires_at)) > now.getTime())
        return { code: existing.code, expiresAt: String(existing.expires_at) };
      if ((await desk.openClaims(user.id, now.toISOString())) >= OPEN_CLAIMS_PER_ACCOUNT)
        throw tooManyRequests(
          `You have ${OPEN_CLAIMS_PER_ACCOUNT} claims waiting for their check. Check them, give them up, or let them expire before asking for another.`,
        );
      const expiresAt = new Date(now.getTime() + CLAIM_CODE_DAYS * DAY_MS).toISOString();
      const code = claimCode();
      await desk.newClaim({
        fictionId: fiction.id,
        userId: user.id,
        code,
        now: now.toISOString(),
        expiresAt,
      });
      return { code, expiresAt };
    },

    /**
     * Looks for the reader's code on the fiction's page and its author's profile; verified when it is in
     * either (replacing any other claimant, who is told by mail), 422 saying where it looked otherwise.
     */
    async check(
      royalroadId: number,
      user: UserRecord,
      requester: Requester,
    ): Promise<{ verified_in: Found }> {
      const fiction = await fictionOf(royalroadId);
      const claim = await desk.claimOf(fiction.id, user.id);
      if (!claim) throw notFound('You have no claim on this fiction: ask for a claim code first.');
      const verifiedIn = foundIn(claim.verified_in);
      if (claim.verified_at && verifiedIn) return { verified_in: verifiedIn };
      const now = deps.now();
      if (Date.parse(String(claim.expires_at)) <= now.getTime())
        throw new AppError(422, `The code ${claim.code} has expired. Ask for a new claim code.`);
      const verdict = await checks.take(String(claim.id));
      if (!verdict.ok)
        throw tooManyRequests(
          `You checked this claim ${CLAIM_CHECKS_PER_HOUR} times in the last hour. Try again in ${waitInWords(verdict.retryAfterMs)}.`,
          Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)),
        );
      const search = await deps.scraping.searchClaim(royalroadId, claim.code, requester);
      if (!search.found) {
        const where =
          search.profileId === null
            ? "the fiction's description on Royal Road (its page links no author profile)"
            : `the fiction's description on Royal Road nor in the bio of its author's profile (royalroad.com/profile/${search.profileId})`;
        throw new AppError(
          422,
          `The code ${claim.code} is not in ${where}. Place it there, save, and check again; you can take it out once the claim is verified.`,
        );
      }
      const replaced = await desk.verify(claim.id, fiction.id, search.found, now.toISOString());
      mailReplaced(replaced, fiction.title, royalroadId);
      return { verified_in: search.found };
    },

    async giveUp(royalroadId: number, user: UserRecord): Promise<void> {
      const fiction = await fictionOf(royalroadId);
      if (!(await desk.giveUp(fiction.id, user.id))) throw notFound('You have no claim on this fiction.');
    },

    /** The author events `viewer` may see on a fiction: all for its claimant, the public ones otherwise. */
    async events(royalroadId: number, viewer: UserRecord | null) {
      const fiction = await fictionOf(royalroadId);
      const claim = viewer ? await desk.claimOf(fiction.id, viewer.id) : undefined;
      const claimant = Boolean(claim?.verified_at);
      return { events: await authorEventsOf(deps, fiction.id, viewer?.id ?? null), claimant };
    },

    async addEvent(royalroadId: number, user: UserRecord, body: AuthorEventBody, requester: Requester) {
      const fiction = await claimedBy(royalroadId, user);
      const id = await desk.addEvent({
        fictionId: fiction.id,
        userId: user.id,
        kind: body.kind,
        at: body.at,
        endAt: body.endAt ?? null,
        note: body.note || null,
        partnerFictionId: await partnerOf(body.partnerRoyalroadId, requester),
        link: body.link || null,
        public: body.public ?? false,
        now: deps.now().toISOString(),
      });
      return oneEvent(fiction.id, id, user.id);
    },

    async updateEvent(
      royalroadId: number,
      eventId: number,
      user: UserRecord,
      patch: AuthorEventPatch,
      requester: Requester,
    ) {
      const { fiction, event } = await ownEvent(royalroadId, eventId, user);
      const endAt = patch.endAt === undefined ? event.end_at : patch.endAt;
      const at = patch.at ?? String(event.at);
      if (endAt !== null && Date.parse(String(endAt)) < Date.parse(at))
        throw new AppError(400, 'endAt must not be before at.');
      await desk.updateEvent(
        eventId,
        {
          ...(patch.kind !== undefined && { kind: patch.kind }),
          ...(patch.at !== undefined && { at: patch.at }),
          ...(patch.endAt !== undefined && { end_at: patch.endAt }),
          ...(patch.note !== undefined && { note: patch.note || null }),
          ...(patch.link !== undefined && { link: patch.link || null }),
          ...(patch.public !== undefined && { public: patch.public }),
          ...(patch.partnerRoyalroadId !== undefined && {
            partner_fiction_id: await partnerOf(patch.partnerRoyalroadId, requester),
          }),
        },
        deps.now().toISOString(),
      );
      return oneEvent(fiction.id, eventId, user.id);
    },

    async deleteEvent(royalroadId: number, eventId: number, user: UserRecord): Promise<void> {
      await ownEvent(royalroadId, eventId, user);
      await desk.deleteEvent(eventId);
    },

    /** Each fiction the reader holds, with their events by what they did to the followers, best first. */
    async desk(user: UserRecord): Promise<Desk> {
      const claimed = await desk.claimedFictions(user.id);
      return {
        fictions: await Promise.all(
          claimed.map(async (row) => {
            const events = await authorEventsOf(deps, row.fiction_id, user.id, { ownOnly: true });
            const excess = (event: AuthorEvent) => ('excess' in event.effect ? event.effect.excess : null);
            const ordered = [...events].sort((a, b) => {
              const [x, y] = [excess(a), excess(b)];
              if (x !== null && y !== null) return y - x;
              if (x !== null) return -1;
              if (y !== null) return 1;
              return Date.parse(b.at) - Date.parse(a.at);
            });
            return {
              royalroad_id: row.royalroad_id,
              title: row.title,
              image_url: row.image_url,
              followers: row.followers,
              verified_at: String(row.verified_at),
              verified_in: foundIn(row.verified_in) ?? 'description',
              what_worked: ordered,
            };
          }),
        ),
      };
    },
  };
}

export type DeskService = ReturnType<typeof deskService>;
