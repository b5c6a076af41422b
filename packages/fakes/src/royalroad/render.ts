// Every page the fake serves. Data pages are rendered from the site model; the pages that are not data
// (Cloudflare challenge, the 404 page, an error alert) are constructed pages in fixtures/, which the server's
// parser tests read too.
import { readFileSync } from 'node:fs';

export { renderFictionPage, TABLE_ROWS } from './render-fiction.ts';
export { renderListItem, renderListPage } from './render-list.ts';
export { renderProfilePage } from './render-profile.ts';

function page(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

export const CLOUDFLARE_PAGE = page('cloudflare-challenge.html');
export const NOT_FOUND_PAGE = page('not-found-200.html');
export const ALERT_PAGE = page('alert-danger.html');

/** Bytes that are no Royal Road page at all: a truncated gzip header, binary noise, half a tag. */
export const GARBAGE_BODY = Buffer.concat([
  Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x9c, 0xc3, 0x28]),
  Buffer.from('\u0000\u0007<div class="fic'),
]);
