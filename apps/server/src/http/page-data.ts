// What the server puts into the page it sends for the addresses most visitors land on, so that the first
// screen needs no second trip: the answers of the API calls the page makes first (read through the app's own
// routes, as the browser would get them), and the scripts of the page's own code as module preloads.

/** The fiction page, with or without its slug. */
const FICTION_PAGE = /^\/fiction\/(\d{1,10})(?:\/[^/]*)?\/?$/;

export interface PagePlan {
  /** API addresses (without `/api`) whose answers the page asks for as soon as it starts. */
  api: string[];
  /** The page's module as the build's manifest names it, when it is loaded apart from the entry script. */
  module?: string;
}

/** The plan for `pathname`, or null for an address that gets the page as it is. */
export function pagePlan(pathname: string): PagePlan | null {
  if (pathname === '/') {
    return { api: ['/rising-stars/top?limit=5', '/fictions/popular-by-users?limit=5'] };
  }
  if (pathname === '/rising-stars-main') {
    return { api: ['/rising-stars-main'], module: 'src/features/rising-stars/MainListPage.tsx' };
  }
  const id = FICTION_PAGE.exec(pathname)?.[1];
  if (id) {
    return {
      api: [`/fictions/${id}`, `/fictions/${id}/history`, `/fictions/${id}/analytics?range=all`],
      module: 'src/app/pages/FictionPage.tsx',
    };
  }
  return null;
}

/** JSON safe inside a `<script>` element: no `<` can close it or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The files to preload for `entry` of a Vite manifest: its own chunk and every chunk it imports statically,
 * each once, leaving out those the page already names.
 */
export function modulesFor(manifest: Record<string, ManifestChunk>, entry: string, html: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!html.includes(`/${chunk.file}"`)) files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return files;
}
