import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { parseFictionPage } from '../../royalroad/parsers/fiction.ts';
import { parseListPage } from '../../royalroad/parsers/list.ts';

// A list page shows a description's excerpt ('… (...)'); the fiction's own page shows all of it. The excerpt
// is stored only for a fiction the site did not know, and the fiction's own page always replaces it.

const t = testAppForEach(() => createTestApp());
const ID = 192682;
const page = (name: string) =>
  readFileSync(new URL(`../../royalroad/testdata/${name}`, import.meta.url), 'utf8');
const FULL_START = '<p><strong>Alice is about to speedrun from [Ordinary Rock] to [God].&nbsp;</strong></p>';
/** The saved Rising Stars page with its description cut to an excerpt escaped twice, as list pages send it. */
function listWithExcerpt(): ReturnType<typeof parseListPage> {
  const html = page('list-rising-stars-1item.html');
  const start = html.indexOf(FULL_START);
  const end = html.indexOf('</body>', start);
  return parseListPage(
    `${html.slice(0, start)}<p>Alice chose to be a rock. &amp;lt;Rock&amp;gt; (...)</p>${html.slice(end)}`,
  );
}
const ownPage = () => parseFictionPage(page('fiction-192682.html'), { expectedId: ID });

async function captureList(at: string) {
  const items = listWithExcerpt();
  const captureId = await t.services.risingStars.createCapture({
    capturedAt: at,
    genresTotal: 1,
    jobRunId: null,
  });
  await t.services.risingStars.saveGenreList({ captureId, genre: 'main', items, now: at });
  await t.services.risingStars.finishCapture(captureId, 'complete', at);
}

/** The description stored (the public answer is kept for a while, so it is read where it is kept). */
async function description(): Promise<string | null | undefined> {
  return (await t.services.fictions.findByRoyalroadId(ID))?.description;
}

describe("a fiction's description", () => {
  it("is the list's excerpt, decoded once, until the fiction's own page replaces it", async () => {
    await captureList('2026-07-14T12:00:00.000Z');
    expect(await description()).toBe('<p>Alice chose to be a rock. &lt;Rock&gt; (...)</p>');

    await t.services.fictions.saveScrapedFiction(ownPage(), '2026-07-15T12:00:00.000Z');
    const full = await description();
    expect(full).toContain('<p>She chose to become a rock.</p>');
    expect(full).not.toContain('(...)');
  });

  it("read from the fiction's own page, is never overwritten by a list's excerpt", async () => {
    await t.services.fictions.saveScrapedFiction(ownPage(), '2026-07-14T12:00:00.000Z');
    const full = await description();
    expect(full).toContain('<p>She chose to become a rock.</p>');

    await captureList('2026-07-15T12:00:00.000Z');
    await t.services.fictions.ensureFromList(listWithExcerpt(), '2026-07-15T12:05:00.000Z');
    expect(await description()).toBe(full);
  });
});
