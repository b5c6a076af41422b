/**
 * Answers the server sent inside the page (`<script type="application/json" id="page-data">`), keyed by API
 * address: the calls the first screen makes, so it needs no second trip. Each is used once, by the first
 * request for its address, and only while the page is new; anything asked again or later goes to the server.
 */
const FRESH_FOR_MS = 30_000;

let kept: Map<string, Record<string, unknown>> | undefined;

function read(): Map<string, Record<string, unknown>> {
  const answers = new Map<string, Record<string, unknown>>();
  const element = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (!element?.textContent) return answers;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed && typeof parsed === 'object') {
      for (const [path, answer] of Object.entries(parsed)) {
        if (answer && typeof answer === 'object') answers.set(path, answer as Record<string, unknown>);
      }
    }
  } catch {
    // A page whose data cannot be read asks the server, as any other page does.
  }
  element.remove();
  return answers;
}

/** The answer the page carries for `path` (an API address without `/api`), once; undefined otherwise. */
export function takePageData(path: string): Record<string, unknown> | undefined {
  kept ??= read();
  if (kept.size === 0) return undefined;
  if (performance.now() > FRESH_FOR_MS) {
    kept.clear();
    return undefined;
  }
  const answer = kept.get(path);
  kept.delete(path);
  return answer;
}
