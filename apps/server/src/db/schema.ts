import type { ColumnType, Generated } from 'kysely';

/**
 * Table types. Timestamps are ISO 8601 UTC strings on both dialects (the
 * PostgreSQL driver is set up to return them so). Booleans come back as 0/1
 * from SQLite: repositories turn them into booleans.
 */
type Timestamp = string;
type Bool = ColumnType<boolean | number, boolean, boolean>;
type BoolWithDefault = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string | null;
  password_hash: string | null;
  admin: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_seen_at: Timestamp | null;
  token_version: Generated<number>;
  /** Raised by every change to the reader's list. */
  list_version: Generated<number>;
  /** When the address in `email` was proven (a link mailed to it, or a provider vouching); null: not yet. */
  email_verified_at: Timestamp | null;
  /** An address the reader asked to change to; it replaces `email` once proven. */
  pending_email: string | null;
  /** The address this account gave up when its owner proved it elsewhere (`email` then holds a placeholder). */
  released_email: string | null;
}

export type EmailTokenPurpose = 'verify-email' | 'reset-password';

/** A link mailed to an address: single use, until `expires_at`; only the SHA-256 of its token is kept. */
export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: EmailTokenPurpose;
  token_hash: string;
  /** The address the link was mailed to. */
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A signed-in session: its token names it (`sid`); it ends when the row goes or at `expires_at`. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A one-time code that finishes an OAuth sign-in, for a minute, from one browser; only hashes are kept. */
export interface OauthExchangeCodesTable {
  code_hash: string;
  browser_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface OauthAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_user_id: string;
  email: string | null;
  created_at: Timestamp;
}

export interface FictionsTable {
  id: Generated<number>;
  royalroad_id: number;
  title: string;
  author_name: string | null;
  author_id: number | null;
  /** Sanitized HTML. */
  description: string | null;
  image_url: string | null;
  status: string | null;
  type: string | null;
  /** JSON array of tag labels. */
  tags: string;
  /** JSON array of content warnings. */
  warnings: string;
  pages: number | null;
  ratings: number | null;
  followers: number | null;
  favorites: number | null;
  total_views: number | null;
  average_views: number | null;
  overall_score: number | null;
  style_score: number | null;
  story_score: number | null;
  grammar_score: number | null;
  character_score: number | null;
  chapter_count: number | null;
  last_chapter_at: Timestamp | null;
  sponsored: BoolWithDefault;
  last_scraped_at: Timestamp | null;
  /** The last try, successful or not; the nightly refresh visits the longest untried first. */
  last_attempted_at: Timestamp | null;
  /** Tries in a row that failed; 0 after a success. */
  scrape_failures: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FictionSnapshotsTable {
  id: Generated<number>;
  fiction_id: number;
  captured_at: Timestamp;
  pages: number | null;
  ratings: number | null;
  followers: number | null;
  favorites: number | null;
  total_views: number | null;
  average_views: number | null;
  overall_score: number | null;
  style_score: number | null;
  story_score: number | null;
  grammar_score: number | null;
  character_score: number | null;
  chapter_count: number | null;
}

export interface FictionChaptersTable {
  id: Generated<number>;
  fiction_id: number;
  royalroad_chapter_id: number;
  title: string;
  published_at: Timestamp | null;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'partial' | 'failed';

export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  scheduled_for: Timestamp | null;
  trigger: string;
  status: JobStatus;
  /** JSON object. */
  params: string;
  progress_done: Generated<number>;
  progress_total: number | null;
  /** JSON object of counters. */
  counts: string;
  error: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** The reader who asked for the run (a refresh), if any. */
  requested_by: number | null;
  /** The worker holding the run while it runs, and until when (renewed as it works; lapsed: taken over). */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  lease_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export type CaptureStatus = 'running' | 'complete' | 'partial' | 'failed';
/** Captures readers see: finished ones, whole or with some lists missing. */
export const READABLE_CAPTURES: readonly CaptureStatus[] = ['complete', 'partial'];

export interface RisingStarCapturesTable {
  id: Generated<number>;
  captured_at: Timestamp;
  status: CaptureStatus;
  genres_total: number;
  genres_captured: Generated<number>;
  job_run_id: number | null;
  finished_at: Timestamp | null;
}

/** When each fiction first reached the main list, in a readable capture (kept as captures become readable). */
export interface RisingStarMainEntrantsTable {
  fiction_id: number;
  entered_at: Timestamp;
}

export interface RisingStarEntriesTable {
  id: Generated<number>;
  capture_id: number;
  genre: string;
  position: number;
  fiction_id: number;
}

export interface UserFictionsTable {
  id: Generated<number>;
  user_id: number;
  fiction_id: number;
  status: string;
  is_favorite: Bool;
  favorite_position: number | null;
  current_chapter: Generated<number>;
  total_chapters: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type DonationKind = 'coffee' | 'sponsorship';
export type DonationStatus = 'pending' | 'succeeded' | 'failed' | 'refunded';

export interface DonationsTable {
  id: Generated<number>;
  kind: DonationKind;
  /** basic, fancy, monthly, or sponsorship. */
  tier: string;
  amount_cents: number;
  refunded_cents: Generated<number>;
  currency: string;
  status: DonationStatus;
  payment_intent_id: string | null;
  invoice_id: string | null;
  subscription_id: string | null;
  user_id: number | null;
  fiction_id: number | null;
  failure_message: string | null;
  /** SHA-256 of the payment's client secret, hex: whoever holds the secret may see how the payment went. */
  client_secret_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: Timestamp;
}

/** A monthly donation as Stripe last told us about it; the id is Stripe's. */
export interface SubscriptionsTable {
  id: string;
  user_id: number | null;
  customer_id: string;
  tier: string;
  /** Stripe's subscription status. */
  status: string;
  amount_cents: number;
  currency: string;
  cancel_at_period_end: Bool;
  current_period_end: Timestamp | null;
  canceled_at: Timestamp | null;
  ended_at: Timestamp | null;
  /** When Stripe told us this state; a later write of an older state is refused. */
  synced_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Each fiction's follower gains as of `fiction_gains_state.window_end`; null where a snapshot is missing. */
export interface FictionGainsTable {
  fiction_id: number;
  to_at: Timestamp;
  to_followers: number;
  from1_at: Timestamp | null;
  from1_followers: number | null;
  gain1: number | null;
  from7_at: Timestamp | null;
  from7_followers: number | null;
  gain7: number | null;
  from30_at: Timestamp | null;
  from30_followers: number | null;
  gain30: number | null;
}

/** One row (id 1): the latest snapshot `fiction_gains` was computed for. */
export interface FictionGainsStateTable {
  id: number;
  window_end: Timestamp;
  built_at: Timestamp;
}

/** A reader's watch of a fiction: which events, through which channels. */
export interface WatchesTable {
  id: Generated<number>;
  user_id: number;
  fiction_id: number;
  /** JSON array of event kinds. */
  events: string;
  app: Bool;
  email: Bool;
  webhooks: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Something that happened to a fiction; `event_key` makes each one exist once. */
export interface FictionEventsTable {
  id: Generated<number>;
  fiction_id: number;
  kind: string;
  event_key: string;
  /** JSON object: genre, position, milestone, chapter… */
  data: string;
  occurred_at: Timestamp;
}

/** One reader's notification of one event (once per reader and event). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  event_id: number;
  /** Shown in the app (the watch's app channel was on). */
  in_app: Bool;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface NotificationSettingsTable {
  user_id: number;
  email_enabled: BoolWithDefault;
  digest_enabled: BoolWithDefault;
  /** The author's weekly report by mail, on Mondays. */
  author_report: BoolWithDefault;
  digest_hour: ColumnType<number, number | undefined, number>;
  /** IANA time zone of the digest hour. */
  time_zone: ColumnType<string, string | undefined, string>;
  /** The private feed's token; null until asked for. */
  feed_token: string | null;
  last_digest_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface WebhooksTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  kind: string;
  secret: string;
  enabled: BoolWithDefault;
  disabled_reason: string | null;
  created_at: Timestamp;
}

export type DeliveryStatus = 'queued' | 'sent' | 'given_up';

/** The outbox: one email or webhook call, tried until sent or given up. */
export interface DeliveriesTable {
  id: Generated<number>;
  user_id: number;
  /** email, digest or webhook. */
  channel: string;
  webhook_id: number | null;
  notification_id: number | null;
  /** Unique: the same delivery is never queued twice. */
  delivery_key: string;
  /** JSON of what to send. */
  payload: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** When it was sent or given up. */
  finished_at: Timestamp | null;
  /** The address an alert email was sent to (the daily limit per address counts these). */
  recipient: ColumnType<string | null, string | null | undefined, string | null>;
  /** The worker holding the delivery until `locked_until` (renewed while it sends). */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row (id 1): the site-wide pace to Royal Road, in milliseconds of the database's clock. */
export interface RoyalroadPaceTable {
  id: number;
  next_at: ColumnType<string | number, number, number>;
  held_by: string | null;
  held_until: ColumnType<string | number, number, number>;
}

/** Interactive requests to Royal Road waiting or under way in every process (the queue's caps). */
export interface RoyalroadWaitingTable {
  id: string;
  owner: string;
  user_id: number | null;
  address: string | null;
  started: ColumnType<number, number | undefined, number>;
  lease_until: ColumnType<string | number, number, number>;
}

/** A reader's claim to be a fiction's author: verified once its code is found on the fiction's page or profile. */
export interface FictionClaimsTable {
  id: Generated<number>;
  fiction_id: number;
  user_id: number;
  code: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  verified_in: string | null;
}

/** What a fiction's claimant did: private to them unless `public`. */
export interface AuthorEventsTable {
  id: Generated<number>;
  fiction_id: number;
  user_id: number;
  kind: string;
  at: Timestamp;
  end_at: Timestamp | null;
  note: string | null;
  partner_fiction_id: number | null;
  link: string | null;
  public: BoolWithDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Schema {
  fiction_claims: FictionClaimsTable;
  author_events: AuthorEventsTable;
  watches: WatchesTable;
  fiction_events: FictionEventsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  webhooks: WebhooksTable;
  deliveries: DeliveriesTable;
  donations: DonationsTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  user_fictions: UserFictionsTable;
  users: UsersTable;
  email_tokens: EmailTokensTable;
  sessions: SessionsTable;
  oauth_accounts: OauthAccountsTable;
  oauth_exchange_codes: OauthExchangeCodesTable;
  fictions: FictionsTable;
  fiction_snapshots: FictionSnapshotsTable;
  fiction_chapters: FictionChaptersTable;
  job_runs: JobRunsTable;
  royalroad_pace: RoyalroadPaceTable;
  royalroad_waiting: RoyalroadWaitingTable;
  rising_star_captures: RisingStarCapturesTable;
  rising_star_entries: RisingStarEntriesTable;
  rising_star_main_entrants: RisingStarMainEntrantsTable;
  fiction_gains: FictionGainsTable;
  fiction_gains_state: FictionGainsStateTable;
}
