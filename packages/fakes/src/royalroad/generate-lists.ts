// The lists of the generated site: tags topped up so that every Rising Stars list can hold 50 fictions,
// tags put in page order, then Rising Stars ranked by momentum and the popular lists by their own measures.
import { GENRE_SLUGS } from '@rrc/contract';
import type { Random } from '@rrc/demo-data/random';
import { DAY, type Draft, NOW } from './generate-fiction.ts';
import type { FakeTag, FictionStatus, PopularList, SiteData } from './model.ts';
import { REAL_FICTION_ID } from './real-192682.ts';
import { ALL_TAGS, isGenre } from './tags.ts';

export const LIST_LENGTH = 50;
export const POPULAR_LENGTH = 20;
/** Fictions that can be on a Rising Stars list: the site does not rank dead fictions. */
const LISTABLE: ReadonlySet<FictionStatus> = new Set(['ONGOING', 'COMPLETED', 'HIATUS']);

/** Every Rising Stars list needs 50 fictions carrying its tag, so rare tags are added to some fictions. */
export function topUpTags(random: Random, drafts: Draft[]): void {
  const labels = new Map(ALL_TAGS.map((tag) => [tag.slug, tag.label]));
  for (const slug of GENRE_SLUGS) {
    if (slug === 'main') continue;
    const listable = drafts.filter((draft) => LISTABLE.has(draft.fiction.status));
    const tagged = listable.filter((draft) => draft.fiction.tags.some((tag) => tag.slug === slug));
    const candidates = listable.filter(
      (draft) =>
        draft.fiction.id !== REAL_FICTION_ID &&
        draft.fiction.tags.length < (draft.cohort === 'short' ? 10 : 22) &&
        !draft.fiction.tags.some((tag) => tag.slug === slug),
    );
    // Older fictions first, so the new ones at the top of the lists keep mostly the tags they were born with.
    const older = candidates.filter((draft) => draft.cohort !== 'rising');
    const newer = candidates.filter((draft) => draft.cohort === 'rising');
    const picked = [...random.sample(older, older.length), ...random.sample(newer, newer.length)];
    for (const draft of picked.slice(0, Math.max(0, LIST_LENGTH - tagged.length))) {
      draft.fiction.tags.push({ slug, label: labels.get(slug) ?? slug });
    }
  }
}

/** Page order of tags as on the real page: a few the author put first, then genres, then tags, by label. */
export function orderTags(random: Random, tags: FakeTag[]): FakeTag[] {
  const byLabel = (a: FakeTag, b: FakeTag) => a.label.localeCompare(b.label, 'en');
  const featured = random.sample(
    tags.filter((tag) => !isGenre(tag.slug)),
    random.int(0, 4),
  );
  const rest = tags.filter((tag) => !featured.includes(tag));
  return [
    ...featured,
    ...rest.filter((tag) => isGenre(tag.slug)).sort(byLabel),
    ...rest.filter((tag) => !isGenre(tag.slug)).sort(byLabel),
  ];
}

const ids = (list: Draft[], length: number) => list.slice(0, length).map((draft) => draft.fiction.id);

/** Rising Stars: the fastest-rising listable fictions; `main` takes only new, ongoing ones. */
export function rankRisingStars(drafts: Draft[], slug: string): number[] {
  const byMomentum = drafts
    .filter((draft) => LISTABLE.has(draft.fiction.status))
    .sort((a, b) => b.momentum - a.momentum);
  const members =
    slug === 'main'
      ? byMomentum.filter((draft) => draft.cohort === 'rising' && draft.fiction.status === 'ONGOING')
      : byMomentum.filter((draft) => draft.fiction.tags.some((tag) => tag.slug === slug));
  return ids(members, LIST_LENGTH);
}

export function buildLists(random: Random, drafts: Draft[]): Pick<SiteData, 'risingStars' | 'popular'> {
  const risingStars = new Map(GENRE_SLUGS.map((slug) => [slug, rankRisingStars(drafts, slug)]));
  const noisy = (score: (draft: Draft) => number) => {
    const scored = drafts.map((draft) => ({ draft, score: score(draft) * random.uniform(0.7, 1.3) }));
    return scored.sort((a, b) => b.score - a.score).map((entry) => entry.draft);
  };
  const recent = (draft: Draft, days: number) => (draft.releases.at(-1) ?? 0) > NOW - days * DAY;
  const popular = new Map<PopularList, number[]>([
    [
      'best-rated',
      ids(
        [...drafts]
          .filter((draft) => (draft.fiction.stats.ratings ?? 0) >= 100)
          .sort((a, b) => (b.fiction.scores?.overall ?? 0) - (a.fiction.scores?.overall ?? 0)),
        POPULAR_LENGTH,
      ),
    ],
    [
      'active-popular',
      ids(
        noisy((draft) => (recent(draft, 14) ? (draft.fiction.stats.followers ?? 0) : 0)),
        POPULAR_LENGTH,
      ),
    ],
    [
      'weekly-popular',
      ids(
        noisy((draft) => (recent(draft, 30) ? (draft.fiction.stats.averageViews ?? 0) : 0)),
        POPULAR_LENGTH,
      ),
    ],
    [
      'trending',
      ids(
        noisy((draft) => (draft.cohort === 'rising' ? draft.momentum : 0)),
        POPULAR_LENGTH,
      ),
    ],
  ]);
  return { risingStars, popular };
}
