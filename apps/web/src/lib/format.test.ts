import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatScore, plainText, titleCase } from './format.ts';

/** Handlers that mark the page when they run, so a test can see whether markup executed anything. */
const HOSTILE = [
  `<img src="x" onerror="document.body.setAttribute('data-pwned', 'img')">`,
  `<iframe onload="document.body.setAttribute('data-pwned', 'iframe')"></iframe>`,
  `<script>document.body.setAttribute('data-pwned', 'script')</script>`,
  `<svg onload="document.body.setAttribute('data-pwned', 'svg')"></svg>`,
].join('');

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  document.body.removeAttribute('data-pwned');
});

describe('formatCount', () => {
  it('formats whole numbers for the locale', () => {
    expect(formatCount(1234567)).toBe((1234567).toLocaleString());
    expect(formatCount(42)).toBe('42');
    expect(formatCount(0)).toBe('0');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a numeric string', '1234'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an object', { followers: 3 }],
  ])('shows 0 for %s', (_name, value) => {
    expect(formatCount(value)).toBe('0');
  });
});

describe('formatScore', () => {
  it.each([
    [4.56, '4.6'],
    [4.54, '4.5'],
    [4, '4.0'],
    [0, '0.0'],
    [5, '5.0'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatScore(value)).toBe(shown);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a numeric string', '4.5'],
    ['NaN', Number.NaN],
  ])("shows 'N/A' for %s", (_name, value) => {
    expect(formatScore(value)).toBe('N/A');
  });
});

describe('plainText', () => {
  it('keeps the words of the markup, with a space where blocks and line breaks were', () => {
    expect(plainText('<p>First <strong>bold</strong> line.</p><p>Second</p>')).toBe(
      'First bold line. Second',
    );
    expect(plainText('One<br>Two<br/>Three<br />Four')).toBe('One Two Three Four');
    expect(plainText('<ul><li>a</li><li>b</li></ul><h2>Title</h2><div>end</div>')).toBe('a b Title end');
  });

  it('decodes entities and collapses whitespace', () => {
    expect(plainText('  Tom &amp; Jerry&nbsp;&lt;3 \n\n  <em>again</em>  ')).toBe('Tom & Jerry <3 again');
    expect(plainText('&quot;Quoted&quot; &#169;')).toBe('"Quoted" ©');
  });

  it('gives an empty string for nothing or only markup', () => {
    expect(plainText(null)).toBe('');
    expect(plainText(undefined)).toBe('');
    expect(plainText('')).toBe('');
    expect(plainText('<p> </p><br><div>\n</div>')).toBe('');
  });

  it('returns plain text unchanged', () => {
    expect(plainText('Just words, no tags.')).toBe('Just words, no tags.');
  });

  it('the witness works: the same markup put into the live page does run its handlers', async () => {
    // Control for the test below: proves `data-pwned` would be set if markup ran.
    const host = document.createElement('div');
    document.body.appendChild(host);
    host.innerHTML = HOSTILE;
    host.querySelector('img')?.dispatchEvent(new Event('error'));
    await settle();

    expect(document.body).toHaveAttribute('data-pwned');
    host.remove();
  });

  it('never runs scripts or event handlers in the markup', async () => {
    const text = plainText(`<p>Nice story</p>${HOSTILE}`);
    await settle();

    expect(text.startsWith('Nice story')).toBe(true);
    expect(text).not.toContain('<img');
    expect(document.body).not.toHaveAttribute('data-pwned');
    expect(document.querySelector('iframe, img, svg, script')).toBeNull();
  });
});

describe('titleCase', () => {
  it('turns an upper-case status into a capitalised word', () => {
    expect(titleCase('ONGOING')).toBe('Ongoing');
    expect(titleCase('hiatus')).toBe('Hiatus');
    expect(titleCase(null)).toBe('');
    expect(titleCase('')).toBe('');
  });
});
