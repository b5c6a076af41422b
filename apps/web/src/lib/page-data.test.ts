import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('./page-data.ts');
}

function carry(json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'page-data';
  element.textContent = json;
  document.head.append(element);
}

describe('answers carried by the page', () => {
  afterEach(() => {
    document.getElementById('page-data')?.remove();
    vi.restoreAllMocks();
  });

  it('gives each answer once, to the first request for its address, then leaves it to the server', async () => {
    carry(JSON.stringify({ '/fictions/1': { success: true, data: { id: 1 } } }));
    const { takePageData } = await freshModule();
    expect(takePageData('/fictions/2')).toBeUndefined();
    expect(takePageData('/fictions/1')).toEqual({ success: true, data: { id: 1 } });
    expect(takePageData('/fictions/1')).toBeUndefined();
    expect(document.getElementById('page-data')).toBeNull();
  });

  it('gives nothing once the page is no longer new', async () => {
    carry(JSON.stringify({ '/fictions/1': { success: true, data: { id: 1 } } }));
    const { takePageData } = await freshModule();
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(takePageData('/fictions/1')).toBeUndefined();
  });

  it('ignores a page without answers or with answers it cannot read', async () => {
    expect((await freshModule()).takePageData('/fictions/1')).toBeUndefined();
    carry('{not json');
    expect((await freshModule()).takePageData('/fictions/1')).toBeUndefined();
  });
});
