// List pages (Rising Stars, best rated, …) in the legacy markup. Each item copies the saved real item in
// testdata/list-rising-stars-1item.html line for line, except that the description div is closed here.

import { hashString } from '@rrc/demo-data/random';
import { escapeHtml as e, score, shortDate, thousands, unixSeconds, utcDateTime } from './html.ts';
import type { FakeFiction } from './model.ts';
import { legacyPage } from './render-layout.ts';

export const NO_COVER = '/dist/img/nocover-new-min.png';
const LABEL_STYLE = 'overflow: hidden; display: inline-block; padding: 3px 5px;';

/** The "last update" a list shows: the newest chapter, or the site's clock for a fiction without chapters. */
export function lastUpdate(fiction: FakeFiction, now: string): string {
  return fiction.chapters.at(-1)?.publishedAt ?? now;
}

export function fictionPath(fiction: FakeFiction): string {
  return `/fiction/${fiction.id}/${fiction.slug}`;
}

/** The per-render class Royal Road puts on rating stars (a GUID there; a stable hash here). */
export function starClass(fiction: FakeFiction, where: string): string {
  const hex = [1, 2, 3, 4].map((n) =>
    hashString(`${fiction.id}:${where}:${n}`).toString(16).padStart(8, '0'),
  );
  return `star-${fiction.id}-overall-${hex.join('')}`;
}

export function starWidth(overall: number): string {
  return `${(Math.round((overall / 5) * 1_000_000) / 10_000).toFixed(4)}%`;
}

function stat(icon: string, text: string): string {
  return `            <div class="col-sm-6 uppercase bold font-blue-dark">
                <i class="fa ${icon}" aria-hidden="true"></i>
                <span>${text}</span>
            </div>`;
}

function rating(fiction: FakeFiction): string {
  if (!fiction.scores) return '';
  const shown = score(fiction.scores.overall);
  const star = starClass(fiction, 'list');
  return `
                    <div class="col-sm-6 uppercase bold font-blue-dark" aria-label="Rating: ${shown} out of 5">
                        <i class="fa fa-star" aria-hidden="true"></i>
                        <span class="font-red-sunglo star ${star}" title="${shown}" aria-hidden="true"><style>.${star}:after{ width: ${starWidth(fiction.scores.overall)} }</style></span>
                    </div>`;
}

/** A number the list leaves out when the fiction page would (a `null` statistic). */
function counter(icon: string, value: number | null, unit: string): string {
  return value === null ? '' : `\n${stat(icon, `${thousands(value)} ${unit}`)}`;
}

export function renderListItem(fiction: FakeFiction, now: string): string {
  const href = fictionPath(fiction);
  const title = e(fiction.title);
  const updated = lastUpdate(fiction, now);
  const tags = fiction.tags
    .map(
      (tag) =>
        `                        <a class="label label-default label-sm bg-blue-dark fiction-tag" href="/fictions/search?tagsAdd=${e(tag.slug)}">${e(tag.label)}</a>`,
    )
    .join('\n');
  return `<div class="fiction-list-item row">
    <figure class="col-sm-2">
        <a href="${href}">
            <img class="img-responsive" data-type="cover" onLoad="this.dataset.loaded = 1" onError="this.onerror=null; this.src=&#x27;${NO_COVER}&#x27;" alt="${title}" src="${e(fiction.coverUrl ?? NO_COVER)}"></img>
        </a>
    </figure>
    <div class="col-sm-10">
        <h2 class="fiction-title">
            <a href="${href}" class="font-red-sunglo bold">${title}</a>
        </h2>
        <div class="margin-bottom-10">
                    <span class="label label-default label-sm bg-blue-hoki" style="${LABEL_STYLE}">${e(fiction.type)}</span>
                    <span class="label label-default label-sm bg-blue-hoki" style="${LABEL_STYLE}">
                        ${e(fiction.status)}
                    </span>
            <span class="tags">
                <input type="checkbox" id="showTags-${fiction.id}" data-fiction-id="${fiction.id}" onchange="showDescription(${fiction.id})"/>
${tags}
                <label for="showTags-${fiction.id}"></label>
            </span>
        </div>

        <div class="row stats">${counter('fa-users', fiction.stats.followers, 'Followers')}${rating(fiction)}${counter('fa-book', fiction.stats.pages, 'Pages')}${counter('fa-eye', fiction.stats.totalViews, 'Views')}
${stat('fa-list', `${thousands(fiction.chapters.length)} Chapters`)}
${stat('fa-calendar', `<time unixtime="${unixSeconds(updated)}" datetime="${utcDateTime(updated)}" format="MMM dd, yyyy" >${shortDate(updated)}</time>`)}
            <div id="description-${fiction.id}" class="margin-top-10 col-xs-12" style="display: none; word-wrap: break-word; overflow-wrap: break-word">
                ${fiction.description.join('\n')}
            </div>
        </div>
    </div>
</div>`;
}

export interface ListPageParts {
  /** The list's heading, e.g. "Rising Stars" or "Rising Stars: Fantasy". */
  heading: string;
  fictions: readonly FakeFiction[];
  now: string;
}

/** A whole list page; the items sit in `div.fiction-list#result` like on the real page. */
export function renderListPage({ heading, fictions, now }: ListPageParts): string {
  const items = fictions.map((fiction) => renderListItem(fiction, now)).join('\n');
  return legacyPage({
    title: heading,
    body: `<div class="portlet light">
    <div class="portlet-title">
        <div class="caption">
            <span class="caption-subject bold uppercase font-red-sunglo">${e(heading)}</span>
        </div>
    </div>
    <div class="portlet-body">
<div class="fiction-list" id="result">

${items}
</div>
    </div>
</div>`,
  });
}
