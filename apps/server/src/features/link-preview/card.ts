import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { palettePng } from './png.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a fiction's card shows. */
export interface CardContent {
  title: string;
  author_name: string | null;
  followers: number | null;
  overall_score: number | null;
  pages: number | null;
  best_position: number | null;
  /** Followers at the end of each recent day, oldest first. */
  sparkline: number[];
}

const require = createRequire(import.meta.url);
let fonts: Promise<Array<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }>> | undefined;

/** Inter (regular and bold) from its npm package, read once. */
function loadFonts() {
  fonts ??= Promise.all(
    ([400, 700] as const).map(async (weight) => ({
      name: 'Inter',
      data: await readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

// Satori takes React-like elements; the server has no JSX, so they are written as objects.
type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const h = (type: string, style: Record<string, unknown>, ...children: unknown[]): Node => ({
  type,
  props: { style, children: children.length === 1 ? children[0] : children },
});

const count = (value: number | null) => (value === null ? '–' : value.toLocaleString('en-US'));

/** A polyline of the followers, as an SVG image, scaled to the box. */
function sparklineImage(values: number[], width: number, height: number): string | null {
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map((value, index) => {
      const x = (index / (values.length - 1)) * (width - 8) + 4;
      const y = height - 4 - ((value - min) / span) * (height - 8);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><polyline points="${points}" fill="none" stroke="#fbbf24" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function stat(label: string, value: string): Node {
  return h(
    'div',
    { display: 'flex', flexDirection: 'column', marginRight: 56 },
    h('div', { fontSize: 26, color: '#c7d2fe' }, label),
    h('div', { fontSize: 52, fontWeight: 700, color: '#ffffff' }, value),
  );
}

/**
 * Lets the event loop turn between the steps of a drawing: each step holds the thread for tens of
 * milliseconds, and requests that arrived meanwhile (a health check, the next card taking its place in the
 * queue) are answered between them rather than after the whole card.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A 1200×630 PNG: title, author, key numbers and the followers sparkline, drawn without a browser. */
export async function renderCard(content: CardContent): Promise<Buffer> {
  const title = content.title.length > 90 ? `${content.title.slice(0, 87).trimEnd()}…` : content.title;
  const spark = sparklineImage(content.sparkline, 1064, 120);
  const tree = h(
    'div',
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: 68,
      // One flat colour with a band along the top: a gradient made the PNG six times larger.
      backgroundColor: '#1e1b4b',
      borderTop: '14px solid #6366f1',
      fontFamily: 'Inter',
      color: '#ffffff',
    },
    h(
      'div',
      { display: 'flex', flexDirection: 'column' },
      h('div', { fontSize: title.length > 50 ? 50 : 62, fontWeight: 700, lineHeight: 1.15 }, title),
      h(
        'div',
        { fontSize: 30, color: '#c7d2fe', marginTop: 14 },
        `by ${content.author_name ?? 'Unknown Author'}`,
      ),
    ),
    h(
      'div',
      { display: 'flex', flexDirection: 'column' },
      h(
        'div',
        { display: 'flex' },
        stat('Followers', count(content.followers)),
        stat('Score', content.overall_score === null ? '–' : content.overall_score.toFixed(2)),
        stat('Pages', count(content.pages)),
        stat('Best Rising Stars', content.best_position === null ? '–' : `#${content.best_position}`),
      ),
      spark
        ? { type: 'img', props: { src: spark, width: 1064, height: 120, style: { marginTop: 24 } } }
        : h('div', { height: 120, marginTop: 24 }, ''),
      h('div', { fontSize: 24, color: '#a5b4fc', marginTop: 12 }, 'RR Companion · followers over time'),
    ),
  );
  const svg = await satori(tree as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  await nextTurn();
  // Drawn on the main thread: on libuv's threads (renderAsync) the pixels of each card were allocated in that
  // thread's own heap, which kept about 30 MB more of the process's memory after a few cards.
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render();
  await nextTurn();
  // A palette PNG is about a third of the size: link previews are fetched in bursts when a link is shared.
  return (await palettePng(image.pixels, image.width, image.height)) ?? image.asPng();
}
