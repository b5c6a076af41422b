// The fiction page in the legacy markup, copied from the saved real page (testdata/fiction-192682.html), plus
// what that trimmed page lacks: the <head> meta tags and the `window.chapters` script. Like the live site
// since October 2026, the chapter table shows only the latest rows while the script holds every chapter.

import { hashString } from '@rrc/demo-data/random';
import {
  agoShort,
  escapeHtml as e,
  jsonForScript,
  longDateTime,
  offsetDateTime,
  score,
  thousands,
  unixSeconds,
} from './html.ts';
import type { FakeChapter, FakeFiction, FakeScores, FakeStats } from './model.ts';
import { legacyPage } from './render-layout.ts';
import { fictionPath, NO_COVER, starClass, starWidth } from './render-list.ts';

export const ORIGIN = 'https://www.royalroad.com';
/** How many chapter rows the table shows; the rest are only in `window.chapters`. */
export const TABLE_ROWS = 20;
const LABEL_STYLE = 'overflow: hidden; display: inline-block; padding: 3px 5px;';
const TOKEN =
  'CfDJ8FakeRoyalRoadAntiForgeryTokenForTestsOnly0000000000000000000000000000000000000000000000000000';

function chapterPath(fiction: FakeFiction, chapter: FakeChapter): string {
  return `${fictionPath(fiction)}/chapter/${chapter.id}/${chapter.slug}`;
}

function plainText(blocks: readonly string[]): string {
  const text = blocks
    .join(' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

function head(fiction: FakeFiction): string {
  const cover = fiction.coverUrl ?? `${ORIGIN}${NO_COVER}`;
  const lines = [
    ['og:type', 'books.book'],
    ['og:url', `${ORIGIN}${fictionPath(fiction)}`],
    ['og:title', fiction.title],
    ['og:image', cover],
    ['og:description', plainText(fiction.description)],
    ['og:site_name', 'Royal Road'],
    ['books:author', fiction.authorName],
    // No ratings, no rating meta: there is nothing to put in it.
    ...(fiction.scores ? [['books:rating:value', String(fiction.scores.overall)]] : []),
    ...(fiction.scores ? [['books:rating:scale', '5']] : []),
  ];
  return [
    ...lines.map(
      ([property, content]) => `    <meta property="${property}" content="${e(content ?? '')}" />`,
    ),
    `    <link rel="canonical" href="${ORIGIN}${fictionPath(fiction)}" />`,
  ].join('\n');
}

function header(fiction: FakeFiction): string {
  const first = fiction.chapters[0];
  const start = first
    ? `
            <a href="${chapterPath(fiction, first)}" class="btn btn-lg btn-primary">
                <i class="fa fa-book"></i>
                <span>Start Reading</span>
            </a>`
    : '';
  return `<div class="row fic-header">
    <div class="col-md-3 text-center cover-col">
        <div class="cover-art-container">
            <img class="thumbnail inline-block" data-type="cover" onLoad="this.dataset.loaded = 1" onError="this.onerror=null; this.src=&#x27;${NO_COVER}&#x27;" alt="${e(fiction.title)}" src="${e(fiction.coverUrl ?? NO_COVER)}"></img>
        </div>
    </div>
    <div class="col-md-5 col-lg-6 text-center md-text-left fic-title">
        <div class="col">
            <h1 class="font-white">${e(fiction.title)}</h1>
            <h4 class="font-white">
                <span class="small font-white">by </span>
                <span>
                    <a href="/profile/${fiction.authorId}" class="font-white">${e(fiction.authorName)}</a>
                </span>
            </h4>
        </div>
    </div>
    <div class="col-md-4 col-lg-3 fic-buttons text-center md-text-left">${start}
    </div>
</div>`;
}

function bookmarkForm(fiction: FakeFiction, type: string, id: string, icon: string, label: string): string {
  return `    <div class="col-xs-4">
        <form method="post" action="/fictions/setbookmark/${fiction.id}">
            <input type="hidden" name="type" value="${type}" />
            <input type="hidden" name="mark" value="True" />
            <button id="${id}" class="button-icon-large toggle ">
                <span class="tip icon-only">${label}</span>
                <div class="text-center">
                    <i class="fa ${icon}"></i>
                </div>
            </button>
        <input name="__RequestVerificationToken" type="hidden" value="${TOKEN}" /></form>
    </div>`;
}

function fictionOptions(fiction: FakeFiction, prefix: string): string {
  return `<form method="post" action="/fictions/setbookmark/${fiction.id}">
    <input type="hidden" name="type" value="hide" />
    <input type="hidden" name="mark" value="True" />
    <button id="${prefix}not-interested-button" class="not-interested-button button-icon-large toggle  popovers"
            title="Not Interested" data-content="This mark will show up with the fiction on every list once marked" data-trigger="hover" data-container="body" data-placement="top">
        <i class="fa fa-eye-slash"></i>
        <span class="tip">Mark as</span>
        <span>Not Interested</span>
    </button>
<input name="__RequestVerificationToken" type="hidden" value="${TOKEN}" /></form>
<div class="row reduced-gutter">
${bookmarkForm(fiction, 'follow', `${prefix}follow-button`, 'fa-bookmark', 'Follow')}
${bookmarkForm(fiction, 'favorite', `${prefix}favorite-button`, 'fa-heart', 'Favorite')}
${bookmarkForm(fiction, 'ril', `${prefix}ril-button`, 'fa-clock', 'Read Later')}
</div>
<a rel="nofollow" class="button-icon-large" href="/report/fiction/${fiction.id}">
    <i class="fa fa-exclamation-triangle"></i>
    <span class="tip">Fiction breaking rules?</span>
    <span class="center">Report</span>
</a>`;
}

/** The author card; note its own `ul.list-inline`, which a careless warnings selector would pick up. */
function authorCard(fiction: FakeFiction, classes: string): string {
  return `    <div class="portlet light${classes}">
        <div class="portlet-title">
            <div class="caption">
                <i class="fa fa-user"></i>
                <span class="caption-subject bold uppercase">Author</span>
            </div>
        </div>
        <div class="portlet-body">
<div>
    <div class="no-border padding-top-40 margin-bottom-10 text-center">
        <div class="mt-card-content">
            <h3 style="font-size: 16px; font-weight: 600">
                <a class="font-red" href="/profile/${fiction.authorId}">${e(fiction.authorName)}</a>
            </h3>
            <p class="font-grey-mint margin-bottom-10"></p>
            <div class="mt-card-social">
                <ul class="list-inline" style="font-size: 18px">
                    <li>
                        <a href="/profile/${fiction.authorId}">
                            <i class="fa fa-user"></i>
                        </a>
                    </li>
                </ul>
            </div>
            <div>
                    <form class="follow-author-form" action="/user/follow/${fiction.authorId}" method="post">
                        <input type="hidden" name="returnUrl" value="/fiction/${fiction.id}"/>
                        <button type="submit" class="btn btn-sm btn-default popovers" data-trigger="hover" data-placement="top" data-title="Follow Author"
                                data-content="Notify me when this author releases a new fiction">Follow Author
                        </button>
                    <input name="__RequestVerificationToken" type="hidden" value="${TOKEN}" /></form>
            </div>
        </div>
    </div>
</div>
        </div>
    </div>`;
}

function advert(tag: string, classes: string): string {
  return `    <div class="no-padding ac portlet light dKKumhSnWiFq75vPUVtmTanQ"><div class="bold uppercase">Advertisement</div><a class="btn btn-default btn-xs" target="_blank" href="/ps/r"><i class="fa fa-times"></i> Remove</a><div class="square ${classes}">
        <div class='nitropay-ad-placeholder' data-tag-name='${tag}' data-sizes='[[300,250]]' data-constraint='true' data-is-video='false' data-float-video='false' data-can-refresh='true' data-lazy-load='false' data-only-refresh-visible='false'><div id="${tag}"></div></div>
    </div></div>`;
}

function tagsAndWarnings(fiction: FakeFiction): string {
  const tags = fiction.tags
    .map(
      (tag) =>
        `                        <a class="label label-default label-sm bg-blue-dark fiction-tag" href="/fictions/search?tagsAdd=${e(tag.slug)}">${e(tag.label)}</a>`,
    )
    .join('\n');
  const warning = fiction.warnings.length
    ? `
            <div style="padding: 5px 0" class="text-center font-red-sunglo">

                    <strong>Warning</strong>
                    <span>This fiction contains:</span>
                    <ul class="list-inline">
${fiction.warnings.map((warning) => `                            <li>${e(warning)}</li>`).join('\n')}
                    </ul>
            </div>`
    : '';
  return `        <div class="margin-bottom-10" style="min-height: 10px">
                    <span class="label label-default label-sm bg-blue-hoki" style="${LABEL_STYLE}">${e(fiction.type)}</span>
            <span class="label label-default label-sm bg-blue-hoki" style="${LABEL_STYLE}">
                ${e(fiction.status)}
            </span>
            <span class="tags">
                <input type="checkbox" id="showTags"/>
${tags}
                <label for="showTags"></label>
            </span>
        </div>${warning}`;
}

const SCORE_LABELS: ReadonlyArray<[keyof FakeScores, string]> = [
  ['style', 'Style Score'],
  ['story', 'Story Score'],
  ['grammar', 'Grammar Score'],
  ['character', 'Character Score'],
];

function scoreList(fiction: FakeFiction): string {
  const scores = fiction.scores;
  // A fiction nobody has rated has no score list at all, so "the first ul" is then the counters.
  if (!scores) return '';
  const star = starClass(fiction, 'page');
  const overall = score(scores.overall);
  const others = SCORE_LABELS.map(
    ([key, label]) => `                            <li class="bold uppercase list-item">${label}</li>
                            <li class="list-item">
                                <span class="star star-${Math.round(scores[key] * 10)} font-red-sunglo popovers" data-trigger="hover" data-container="body" data-placement="top" data-original-title="${label}" data-content="${score(scores[key])} / 5" aria-label="${score(scores[key])} stars"></span>
                            </li>`,
  ).join('\n');
  return `
                        <ul class="list-unstyled">
                            <li class="bold uppercase list-item">Overall Score</li>
                            <li class="list-item">
                                <span class="font-red-sunglo popovers star ${star}" title="Overall Score" data-trigger="hover" data-container="body" data-placement="top" data-original-title="Overall Score" data-content="${overall} / 5" aria-label="${overall} stars"><style>.${star}:after{ width: ${starWidth(scores.overall)} }</style></span>
                            </li>
${others}
                        </ul>`;
}

function counterList(fiction: FakeFiction): string {
  const pair = (label: string, value: number | null, indent = '                    ') =>
    value === null
      ? ''
      : `\n${indent}<li class="bold uppercase">${label}</li>\n${indent}<li class="bold uppercase font-red-sunglo">${thousands(value)}</li>`;
  const stats: FakeStats = fiction.stats;
  const words = stats.pages === null ? 0 : stats.pages * 275 + (hashString(String(fiction.id)) % 275);
  const pagesLabel = `Pages <i class="fal fa-question-circle popovers" data-trigger="hover" data-placement="top" data-container="body" title="Story Length" data-content="This story would be ${stats.pages} pages long as a published paperback book. This is an estimate based on an average of 275 words per page, calculated from ${thousands(words)} words."></i> :`;
  return `
                <ul class="list-unstyled">${pair('Total Views :', stats.totalViews)}${pair('Average Views :', stats.averageViews)}${pair('Followers :', stats.followers)}${pair('Favorites :', stats.favorites)}${pair('Ratings :', stats.ratings, '                        ')}${pair(pagesLabel, stats.pages)}
                </ul>`;
}

function statistics(fiction: FakeFiction): string {
  return `<div class="portlet light">
    <div class="portlet-body fiction-stats">
        <input type="checkbox" name="Show more stats" id="showStats"/>
        <label for="showStats" tabindex="0" aria-label="Toggle Statistics" role="button">
            <i class="fa fa-line-chart"></i>
            <span class="title bold uppercase">Statistics</span>
            <i class="fa fa-caret-down pull-right"></i>
        </label>
        <div class="stats-content">
            <div class="col-sm-6">${scoreList(fiction)}
            </div>
            <div class="col-sm-6">${counterList(fiction)}
            </div>
        </div>
    </div>
</div>`;
}

function chapterRow(fiction: FakeFiction, chapter: FakeChapter, index: number, now: string): string {
  const href = chapterPath(fiction, chapter);
  return `                <tr style="cursor: pointer" data-url="${href}" data-volume-id="${chapter.volumeId ?? 'null'}" class="chapter-row">
                    <td>
                        <a href="${href}">
                            ${e(chapter.title)}
                        </a>
                    </td>
                    <td data-content="${index}" class="text-right">
                        <a href="${href}" data-content="${index}">
                            <time unixtime="${unixSeconds(chapter.publishedAt)}" title="${e(longDateTime(chapter.publishedAt))}" datetime="${e(offsetDateTime(chapter.publishedAt))}" format="agoshort">${agoShort(chapter.publishedAt, now)}</time> ago
                        </a>
                    </td>
                </tr>`;
}

function tableOfContents(fiction: FakeFiction, now: string): string {
  const count = fiction.chapters.length;
  const first = Math.max(0, count - TABLE_ROWS);
  const rows = fiction.chapters
    .slice(first)
    .map((chapter, offset) => chapterRow(fiction, chapter, first + offset, now))
    .join('\n');
  return `<div class="portlet light">
    <div class="portlet-title">
        <div class="caption">
            <a id="toc"></a>
            <i class="fa fa-book font-red-sunglo"></i>
            <span class="caption-subject bold uppercase font-red-sunglo">Table of Contents</span>
        </div>
        <div class="actions">
            <span class="label label-default pull-right">${thousands(count)} Chapters</span>
        </div>
    </div>
    <div class="portlet-body">
        <table class="table no-border" id="chapters" data-chapters="${count}">
            <thead>
            <tr>
                <th data-priority="1">
                    Chapter Name
                </th>
                <th class="text-right min-tablet-p" data-priority="2">
                    Release Date
                </th>
            </tr>
            </thead>
            <tbody>
${rows}
            </tbody>
        </table>
    </div>
</div>`;
}

/** The page data script: every chapter, oldest first, in the shape the live site uses. */
function pageScript(fiction: FakeFiction): string {
  const chapters = fiction.chapters.map((chapter, order) => ({
    id: chapter.id,
    volumeId: chapter.volumeId,
    title: chapter.title,
    slug: chapter.slug,
    date: chapter.publishedAt,
    order,
    visible: 1,
    isUnlocked: true,
    url: chapterPath(fiction, chapter),
  }));
  const volumeIds = [...new Set(fiction.chapters.map((chapter) => chapter.volumeId))].filter(
    (id) => id !== null,
  );
  const volumes = volumeIds.map((id, order) => ({ id, title: `Volume ${order + 1}`, cover: null, order }));
  return `<script type="text/javascript">
        window.fictionId = ${fiction.id};
        window.chapters = ${jsonForScript(chapters)};
        window.volumes = ${jsonForScript(volumes)};
</script>`;
}

export function renderFictionPage(fiction: FakeFiction, now: string): string {
  const body = `${header(fiction)}
<div class="fiction row">
<div class="col-sm-12">
<!--START SIDEBAR-->
<div style="margin-right: 0; margin-left: 20px; padding-top: 10px" class="fiction-sidebar pull-right hidden-xs hidden-sm">
    <!--START FICTION OPTIONS-->
${fictionOptions(fiction, '')}
    <!--END FICTION OPTIONS-->
${advert('Fiction_Sidebar_Top_Desktop', 'desktop-only')}
    <!--START USER SIDEBAR CARD-->
${authorCard(fiction, '')}
    <!--END USER SIDEBAR CARD-->
</div>
<!--END SIDEBAR-->
<!--START MAIN CONTENT-->
<div class="fiction-info">
<div class="portlet light row" style="min-height: 180px;">
    <div class="col-md-4"></div>
    <div class="col-md-8">
${tagsAndWarnings(fiction)}
        <div class="description">
            <input type="checkbox" value="" id="showMore"/>
            <div class="hidden-content">
                ${fiction.description.join('\n')}
            </div>
            <label for="showMore" class="bold uppercase small"></label>
        </div>
    </div>
</div>
${statistics(fiction)}
<div style="padding-top: 10px" class="visible-xs visible-sm">
${fictionOptions(fiction, 'm-')}
${authorCard(fiction, ' visible-xs visible-sm')}
</div>
${tableOfContents(fiction, now)}
</div>
</div>
</div>`;
  return legacyPage({ title: fiction.title, head: head(fiction), body, scripts: pageScript(fiction) });
}
