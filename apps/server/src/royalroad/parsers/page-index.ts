import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { findAll } from 'domutils';

/**
 * A page's elements by tag name, class and id, from one walk of the document. A parser starts its questions
 * from the few elements they need (the header, the statistics panel, the chapter table) and searches inside
 * those only: one walk of the page instead of one per question, which was most of the time a page took.
 */
export interface PageIndex {
  /** The elements of a tag name (lower case), in document order. */
  tag(name: string): Element[];
  /** The elements whose class list holds `name`, in document order. */
  withClass(name: string): Element[];
  /** The elements whose id is `id`, in document order. */
  withId(id: string): Element[];
}

const indexes = new WeakMap<AnyNode, PageIndex>();

/** Whether `element`'s class list holds `name` (as `.name` matches: split on white space). */
function hasClass(element: Element, name: string): boolean {
  const classes = element.attribs.class;
  if (!classes?.includes(name)) return false;
  return classes === name || classes.split(/\s+/).includes(name);
}

/** Keeps each answer of `find` by its key. */
function remembered(find: (key: string) => Element[]): (key: string) => Element[] {
  const answers = new Map<string, Element[]>();
  return (key) => {
    let answer = answers.get(key);
    if (!answer) {
      answer = find(key);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** The index of the document `$` holds, made on first use and kept with the document. */
export function pageIndex($: CheerioAPI): PageIndex {
  const root = $.root()[0] as AnyNode;
  const known = indexes.get(root);
  if (known) return known;
  // Every element in document order (domutils walks without recursion: markup can be nested very deeply);
  // each question then filters this list, which costs far less than walking the tree again.
  const elements = findAll(() => true, [root]);
  const index: PageIndex = {
    tag: remembered((name) => elements.filter((element) => element.name === name)),
    withClass: remembered((name) => elements.filter((element) => hasClass(element, name))),
    withId: remembered((id) => elements.filter((element) => element.attribs.id === id)),
  };
  indexes.set(root, index);
  return index;
}

/** `roots` without those inside another of them. */
function outermost(roots: Element[]): Element[] {
  const all = new Set<AnyNode>(roots);
  return roots.filter((root) => {
    for (let parent = root.parent; parent; parent = parent.parent) if (all.has(parent)) return false;
    return true;
  });
}

/**
 * What `$(selector)` finds, searched only inside `roots`: right for a selector whose every match lies inside
 * one of them, such as `.fic-header h1` with every `.fic-header` of the page as the roots. Roots inside other
 * roots are searched with them, so the matches come once each and in document order.
 */
export function findWithin($: CheerioAPI, roots: Element[], selector: string): Cheerio<Element> {
  if (roots.length === 0) return $([] as Element[]);
  return $(outermost(roots)).find(selector);
}

/** Every element inside `roots` that `test` accepts, in document order (`$('root *')` with a filter). */
export function elementsWithin(roots: Element[], test: (element: Element) => boolean): Element[] {
  return findAll(
    test,
    outermost(roots).flatMap((root) => root.children),
  );
}
