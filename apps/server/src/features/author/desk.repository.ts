import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/** Claims on fictions and what their claimants marked on them. */
export function deskRepository(db: Kysely<Schema>) {
  return {
    /** The reader's claim on a fiction, if any. */
    claimOf(fictionId: number, userId: number) {
      return db
        .selectFrom('fiction_claims')
        .selectAll()
        .where('fiction_id', '=', fictionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The fiction's verified claim, if any. */
    verifiedClaim(fictionId: number) {
      return db
        .selectFrom('fiction_claims')
        .selectAll()
        .where('fiction_id', '=', fictionId)
        .where('verified_at', 'is not', null)
        .executeTakeFirst();
    },

    /** Claims of a reader waiting for their check (not verified, not expired at `now`), other fictions' too. */
    async openClaims(userId: number, now: string): Promise<number> {
      const row = await db
        .selectFrom('fiction_claims')
        .select((eb) => eb.fn.countAll<number | string>().as('open'))
        .where('user_id', '=', userId)
        .where('verified_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(row?.open ?? 0);
    },

    /** A new claim code for the reader, in place of an expired or earlier one of theirs on the fiction. */
    async newClaim(claim: {
      fictionId: number;
      userId: number;
      code: string;
      now: string;
      expiresAt: string;
    }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('fiction_claims')
          .where('fiction_id', '=', claim.fictionId)
          .where('user_id', '=', claim.userId)
          .execute();
        await trx
          .insertInto('fiction_claims')
          .values({
            fiction_id: claim.fictionId,
            user_id: claim.userId,
            code: claim.code,
            created_at: claim.now,
            expires_at: claim.expiresAt,
            verified_at: null,
            verified_in: null,
          })
          .execute();
      });
    },

    /**
     * Verifies a claim; any other verified claim on the fiction is ended in the same transaction (one claimant
     * per fiction). Answers the reader whose claim was ended, if any.
     */
    verify(claimId: number, fictionId: number, found: 'description' | 'profile', now: string) {
      return db.transaction().execute(async (trx) => {
        const replaced = await trx
          .deleteFrom('fiction_claims')
          .where('fiction_id', '=', fictionId)
          .where('id', '!=', claimId)
          .where('verified_at', 'is not', null)
          .returning('user_id')
          .execute();
        await trx
          .updateTable('fiction_claims')
          .set({ verified_at: now, verified_in: found })
          .where('id', '=', claimId)
          .execute();
        return replaced.map((row) => row.user_id);
      });
    },

    /** Ends the reader's claim on a fiction (verified or waiting); false when there was none. */
    async giveUp(fictionId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('fiction_claims')
        .where('fiction_id', '=', fictionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Readers who asked for the weekly report, with a confirmed address and a verified claim. */
    reportReaders() {
      return db
        .selectFrom('notification_settings')
        .innerJoin('users', 'users.id', 'notification_settings.user_id')
        .select(['users.id', 'users.email', 'users.name'])
        .where('notification_settings.author_report', '=', true)
        .where('users.email_verified_at', 'is not', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('fiction_claims')
              .select('fiction_claims.id')
              .whereRef('fiction_claims.user_id', '=', 'users.id')
              .where('fiction_claims.verified_at', 'is not', null),
          ),
        )
        .orderBy('users.id')
        .execute();
    },

    /** The fictions a reader holds a verified claim on, newest claim first. */
    claimedFictions(userId: number) {
      return db
        .selectFrom('fiction_claims')
        .innerJoin('fictions', 'fictions.id', 'fiction_claims.fiction_id')
        .select([
          'fictions.id as fiction_id',
          'fictions.royalroad_id',
          'fictions.title',
          'fictions.image_url',
          'fictions.followers',
          'fiction_claims.verified_at',
          'fiction_claims.verified_in',
        ])
        .where('fiction_claims.user_id', '=', userId)
        .where('fiction_claims.verified_at', 'is not', null)
        .orderBy('fiction_claims.verified_at', 'desc')
        .execute();
    },

    /** A fiction's author events: every one of `userId`'s (its claimant), or only public ones (null). */
    events(fictionId: number, claimantId: number | null) {
      let query = db
        .selectFrom('author_events')
        .leftJoin('fictions as partner', 'partner.id', 'author_events.partner_fiction_id')
        .select([
          'author_events.id',
          'author_events.user_id',
          'author_events.kind',
          'author_events.at',
          'author_events.end_at',
          'author_events.note',
          'author_events.link',
          'author_events.public',
          'author_events.partner_fiction_id',
          'partner.royalroad_id as partner_royalroad_id',
          'partner.title as partner_title',
        ])
        .where('author_events.fiction_id', '=', fictionId);
      query =
        claimantId === null
          ? query.where('author_events.public', '=', true)
          : query.where((eb) =>
              eb.or([eb('author_events.user_id', '=', claimantId), eb('author_events.public', '=', true)]),
            );
      return query.orderBy('author_events.at').orderBy('author_events.id').execute();
    },

    event(fictionId: number, eventId: number) {
      return db
        .selectFrom('author_events')
        .selectAll()
        .where('fiction_id', '=', fictionId)
        .where('id', '=', eventId)
        .executeTakeFirst();
    },

    async addEvent(event: {
      fictionId: number;
      userId: number;
      kind: string;
      at: string;
      endAt: string | null;
      note: string | null;
      partnerFictionId: number | null;
      link: string | null;
      public: boolean;
      now: string;
    }): Promise<number> {
      const row = await db
        .insertInto('author_events')
        .values({
          fiction_id: event.fictionId,
          user_id: event.userId,
          kind: event.kind,
          at: event.at,
          end_at: event.endAt,
          note: event.note,
          partner_fiction_id: event.partnerFictionId,
          link: event.link,
          public: event.public,
          created_at: event.now,
          updated_at: event.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateEvent(
      eventId: number,
      change: Partial<{
        kind: string;
        at: string;
        end_at: string | null;
        note: string | null;
        partner_fiction_id: number | null;
        link: string | null;
        public: boolean;
      }>,
      now: string,
    ): Promise<void> {
      await db
        .updateTable('author_events')
        .set({ ...change, updated_at: now })
        .where('id', '=', eventId)
        .execute();
    },

    async deleteEvent(eventId: number): Promise<void> {
      await db.deleteFrom('author_events').where('id', '=', eventId).execute();
    },

    /** A fiction's followers at its last snapshot at or before `at` (null when none). */
    async followersAt(fictionId: number, at: string): Promise<number | null> {
      const row = await db
        .selectFrom('fiction_snapshots')
        .select('followers')
        .where('fiction_id', '=', fictionId)
        .where('captured_at', '<=', at)
        .where('followers', 'is not', null)
        .orderBy('captured_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.followers ?? null;
    },
  };
}

export type DeskRepository = ReturnType<typeof deskRepository>;
