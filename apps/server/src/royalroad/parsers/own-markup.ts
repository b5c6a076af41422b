import type { Cheerio, CheerioAPI } from 'cheerio';
import { type AnyNode, type Element, isTag } from 'domhandler';

/**
 * Where people other than Royal Road write: fiction and list-item descriptions (`#description-N`),
 * chapters, author notes, reviews, comments. Nothing inside them says what a page is, which fiction it
 * shows, or its tags.
 */
const WRITING_CLASSES = new Set([
  'description',
  'hidden-content',
  'chapter-content',
  'author-note',
  'review',
  'comment',
]);
const WRITING_ID_PREFIX = 'description-';
const WRITING_SELECTOR = [
  ...[...WRITING_CLASSES].map((name) => `.${name}`),
  `[id^="${WRITING_ID_PREFIX}"]`,
].join(', ');

/** Whether a class attribute names one of WRITING_CLASSES (split only when one of them appears at all). */
function hasWritingClass(classes: string): boolean {
  for (const name of WRITING_CLASSES) {
    if (classes.includes(name)) return classes.split(/\s+/).some((each) => WRITING_CLASSES.has(each));
  }
  return false;
}

/** Whether a node is, or is inside, something people wrote. Walks up the tree: far cheaper than `closest`. */
export function isWriting(node: AnyNode): boolean {
  for (let current: AnyNode | null = node; current; current = current.parent) {
    if (!('attribs' in current)) continue;
    const { id, class: classes } = current.attribs;
    if (id?.startsWith(WRITING_ID_PREFIX)) return true;
    if (classes && hasWritingClass(classes)) return true;
  }
  return false;
}

/** The elements of `selection` that are Royal Road's own markup, not inside something people wrote. */
export function ownMarkup<T extends AnyNode>(selection: Cheerio<T>): Cheerio<T> {
  return selection.filter((_, element) => !isWriting(element));
}

/** `root` as a copy without what people wrote in it. */
export function withoutWriting(root: Cheerio<AnyNode>): Cheerio<AnyNode> {
  const copy = root.clone();
  copy.find(WRITING_SELECTOR).remove();
  return copy;
}

/** The document's head, where people's writing never lands (reached by walking down, not by a search). */
export function headOf($: CheerioAPI): Cheerio<Element> {
  return $.root().children('html').children('head');
}

/** The content of a meta tag of the head. */
export function headMeta($: CheerioAPI, property: string): string | null {
  // Read node by node: a page asks for several, and a selector for each cost more than reading them.
  for (const html of $.root()[0]?.children ?? []) {
    if (!isTag(html) || html.name !== 'html') continue;
    for (const head of html.children) {
      if (!isTag(head) || head.name !== 'head') continue;
      for (const meta of head.children) {
        if (isTag(meta) && meta.name === 'meta' && meta.attribs.property === property)
          return meta.attribs.content?.trim() || null;
      }
    }
  }
  return null;
}
