import {
  AUTHOR_EVENT_LABELS,
  type AuthorEventKind,
  DETECTED_EVENT_KINDS,
  type DeskWeek,
  type DetectedEventKind,
  describeEvent,
  type EventEffect,
  type FollowersProjection,
  genreLabel,
  RISING_STARS_MOVES,
} from '@rrc/contract';
import { blocksText, composeMail, type MailBlock } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { AuthorRepository } from './author.repository.ts';
import type { AuthorService } from './author.service.ts';
import type { DeskRepository } from './desk.repository.ts';
import { authorEventsOf } from './desk.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** The author's own events reported: those of the last five weeks (their effect needs a week after them). */
const DID_WINDOW_MS = 5 * WEEK_MS;
const NEARBY_SHOWN = 5;

/** One claimed fiction's week: what the desk shows as 'This week'. */
export interface FictionWeek {
  royalroadId: number;
  title: string;
  followers: number | null;
  /** Followers gained over the week (null without a snapshot at both ends), and its best day. */
  gained: number | null;
  bestDay: { date: string; gained: number } | null;
  /** Places on Rising Stars lists: entries, exits, new bests, the main list's top 10. */
  places: string[];
  /** What else was seen changing: chapters, milestones, the page itself. */
  changes: string[];
  /** Fictions that entered, this week, a Rising Stars list this one has been on. */
  nearby: Array<{ royalroadId: number; title: string; list: string; position: number | null }>;
}

/** One claimed fiction in the Monday report and on the command line: its week, what was done, the heading. */
export interface ReportedFiction extends FictionWeek {
  /** What the author marked in the last five weeks, with what each did. */
  did: Array<{ kind: AuthorEventKind; at: string; note: string | null; effect: EventEffect }>;
  projection: FollowersProjection;
}

export interface AuthorReport {
  /** The week told: the seven days before `until`. */
  since: string;
  until: string;
  fictions: ReportedFiction[];
}

/** What a week is read from; a report also needs the projection. */
export interface WeekSources {
  desk: DeskRepository;
  author: AuthorRepository;
}
export interface ReportSources extends WeekSources {
  authorService: Pick<AuthorService, 'projection'>;
}

const detailsOf = (data: string): Record<string, unknown> => {
  const parsed: unknown = JSON.parse(data);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
};
const listName = (genre: unknown) =>
  genre === 'main' ? 'the main list' : typeof genre === 'string' ? genreLabel(genre) : 'a list';

/**
 * The week of every fiction `userId` holds a verified claim on, up to `until`: followers gained and the best
 * day, Rising Stars places, what changed, and the fictions that entered the lists it has been on.
 */
async function weeksOf(
  deps: WeekSources,
  userId: number,
  until: Date,
): Promise<{ since: string; until: string; fictions: Array<FictionWeek & { fictionId: number }> }> {
  const end = until.getTime();
  const since = new Date(end - WEEK_MS).toISOString();
  const untilIso = until.toISOString();
  const claimed = await deps.desk.claimedFictions(userId);
  const entries = await deps.author.entries(since, untilIso, 500);
  const fictions: Array<FictionWeek & { fictionId: number }> = [];
  for (const fiction of claimed) {
    const points = (
      await deps.author.followersSince(fiction.fiction_id, new Date(end - WEEK_MS - DAY_MS).toISOString())
    )
      .filter((row) => Date.parse(String(row.captured_at)) <= end)
      .map((row) => ({ at: Date.parse(String(row.captured_at)), followers: Number(row.followers) }));
    const first = points.find((point) => point.at >= end - WEEK_MS - DAY_MS);
    const last = points.at(-1);
    const gained = first && last && last.at > first.at ? last.followers - first.followers : null;
    // The best day: the largest gain between the last snapshots of two days in a row.
    const byDay = new Map<string, number>();
    for (const point of points) byDay.set(new Date(point.at).toISOString().slice(0, 10), point.followers);
    const days = [...byDay.entries()];
    let bestDay: FictionWeek['bestDay'] = null;
    for (let i = 1; i < days.length; i++) {
      const [date, followers] = days[i] as [string, number];
      const gain = followers - (days[i - 1] as [string, number])[1];
      if (Date.parse(date) >= end - WEEK_MS - DAY_MS && (!bestDay || gain > bestDay.gained))
        bestDay = { date, gained: gain };
    }

    const detected = await deps.author.detectedEvents(fiction.fiction_id, DETECTED_EVENT_KINDS, 500);
    const thisWeek = detected
      .filter((row) => {
        const at = Date.parse(String(row.occurred_at));
        return at > end - WEEK_MS && at <= end;
      })
      .reverse()
      .map((row) => ({
        kind: row.kind,
        words: describeEvent({ kind: row.kind as DetectedEventKind, details: detailsOf(row.data) }),
      }));
    const genres = new Set(
      detected
        .filter((row) => RISING_STARS_MOVES.has(row.kind))
        .map((row) => detailsOf(row.data).genre)
        .filter((genre): genre is string => typeof genre === 'string'),
    );

    const nearby = entries
      .filter(
        (entry) => entry.fiction_id !== fiction.fiction_id && genres.has(String(detailsOf(entry.data).genre)),
      )
      .slice(0, NEARBY_SHOWN)
      .map((entry) => {
        const details = detailsOf(entry.data);
        return {
          royalroadId: entry.royalroad_id,
          title: entry.title,
          list: listName(details.genre),
          position: typeof details.position === 'number' ? details.position : null,
        };
      });

    fictions.push({
      fictionId: fiction.fiction_id,
      royalroadId: fiction.royalroad_id,
      title: fiction.title,
      followers: fiction.followers,
      gained,
      bestDay,
      places: thisWeek.filter((event) => RISING_STARS_MOVES.has(event.kind)).map((event) => event.words),
      changes: thisWeek.filter((event) => !RISING_STARS_MOVES.has(event.kind)).map((event) => event.words),
      nearby,
    });
  }
  return { since, until: untilIso, fictions };
}

/**
 * The Monday report of `userId` up to `until`: each claimed fiction's week, what they did in the last five
 * weeks with its effect, and where the followers are heading.
 */
export async function authorReport(deps: ReportSources, userId: number, until: Date): Promise<AuthorReport> {
  const end = until.getTime();
  const weeks = await weeksOf(deps, userId, until);
  const fictions: ReportedFiction[] = [];
  for (const { fictionId, ...week } of weeks.fictions) {
    const did = (await authorEventsOf(deps, fictionId, userId, { ownOnly: true }))
      .filter((event) => Date.parse(event.at) > end - DID_WINDOW_MS && Date.parse(event.at) <= end)
      .map((event) => ({ kind: event.kind, at: event.at, note: event.note, effect: event.effect }));
    fictions.push({ ...week, did, projection: await deps.authorService.projection(week.royalroadId) });
  }
  return { since: weeks.since, until: weeks.until, fictions };
}

/** The desk's week: the claimant's last seven days up to now, as the API answers it. */
export function deskWeekService(deps: WeekSources & { now: () => Date }) {
  return {
    async week(userId: number): Promise<DeskWeek> {
      const report = await weeksOf(deps, userId, deps.now());
      return {
        since: report.since,
        until: report.until,
        fictions: report.fictions.map((fiction) => ({
          royalroad_id: fiction.royalroadId,
          title: fiction.title,
          gained: fiction.gained,
          best_day: fiction.bestDay,
          places: fiction.places,
          changes: fiction.changes,
          nearby: fiction.nearby.map((entry) => ({
            royalroad_id: entry.royalroadId,
            title: entry.title,
            list: entry.list,
            position: entry.position,
          })),
        })),
      };
    },
  };
}
export type DeskWeekService = ReturnType<typeof deskWeekService>;

const count = (value: number) => value.toLocaleString('en-US');
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${count(Math.abs(Math.round(value)))}`;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function effectWords(effect: EventEffect): string {
  if (!('gained' in effect)) return effect.reason;
  return `${signed(effect.gained)} in the 7 days after; the trend said ${signed(effect.expected)} (${count(Math.round(effect.low))} to ${count(Math.round(effect.high))}), so ${signed(effect.excess)} beyond it`;
}

/** The report's title: the mail's subject and the first line the command line prints. */
const reportTitle = (report: AuthorReport) =>
  `Your week on RR Companion, ${day(report.since)} to ${day(report.until)}`;

/** The report's body: for each claimed fiction its title, then each part as a heading with its lines. */
function reportBlocks(report: AuthorReport, publicUrl: string): MailBlock[] {
  if (report.fictions.length === 0)
    return ['You have no claimed fiction. Claim yours from its page to get this report about it.'];
  return report.fictions.flatMap((fiction): MailBlock[] => {
    const projection = fiction.projection;
    const whereHeading: string[] = projection.available
      ? [
          ...projection.horizons.map(
            (horizon) =>
              `In ${horizon.days} days: ${count(horizon.mid)} followers (${count(horizon.low)} to ${count(horizon.high)}).`,
          ),
          ...projection.milestones.map((milestone) =>
            milestone.date
              ? `${count(milestone.followers)} followers around ${day(milestone.date)}.`
              : `${count(milestone.followers)} followers: not within a year at this pace.`,
          ),
        ]
      : [projection.reason];
    return [
      { title: fiction.title },
      fiction.gained === null
        ? 'Followers: not enough snapshots this week to count the gain.'
        : `Followers: ${signed(fiction.gained)} this week${fiction.followers !== null ? `, ${count(fiction.followers)} now` : ''}.` +
          (fiction.bestDay
            ? ` Best day: ${day(fiction.bestDay.date)} (${signed(fiction.bestDay.gained)}).`
            : ''),
      {
        heading: 'Rising Stars',
        items: fiction.places.length ? fiction.places : ['No change of place seen this week.'],
      },
      {
        heading: 'What changed',
        items: fiction.changes.length ? fiction.changes : ['Nothing seen changing this week.'],
      },
      {
        heading: 'What you did',
        items: fiction.did.length
          ? fiction.did.map(
              (event) =>
                `${AUTHOR_EVENT_LABELS[event.kind]}, ${day(event.at)}${event.note ? ` (${event.note})` : ''}: ${effectWords(event.effect)}.`,
            )
          : ['Nothing marked in the last five weeks. Mark your shoutouts and ads on the fiction page.'],
      },
      { heading: "Where it's heading", items: whereHeading },
      ...(fiction.nearby.length
        ? [
            {
              heading: 'Entered Rising Stars near you this week',
              items: fiction.nearby.map(
                (entry) =>
                  `${entry.title}, ${entry.list}${entry.position !== null ? ` at #${entry.position}` : ''}: ${publicUrl}/fiction/${entry.royalroadId}`,
              ),
            },
          ]
        : []),
    ];
  });
}

/** The report as plain text: what the command line prints (the mail's plain part says the same). */
export function authorReportText(report: AuthorReport, publicUrl: string): string {
  return [
    reportTitle(report),
    '',
    ...blocksText(reportBlocks(report, publicUrl)),
    `Your desk: ${publicUrl}/desk`,
    '',
  ].join('\n');
}

/** The report as a mail: each fiction under its title, each part a heading with its list, and the desk. */
export function authorReportMail(input: {
  report: AuthorReport;
  to: string;
  name: string | null;
  publicUrl: string;
}): MailMessage {
  return composeMail({
    to: input.to,
    subject: reportTitle(input.report),
    greeting: input.name ? `Hi ${input.name},` : 'Hi,',
    intro: reportBlocks(input.report, input.publicUrl),
    action: { label: 'Open your desk', url: `${input.publicUrl}/desk` },
    outro: [],
  });
}
