// The set-up API test files share, written once: a fake service for the whole file, and a fresh app for each
// test. Each helper registers the file's hooks and returns an object that stands for what the hooks make,
// so tests use it as they would the thing itself:
//
//   const fake = fakeRoyalRoadForFile();
//   const t = testAppForEach(() => createTestApp({ ROYALROAD_BASE_URL: fake.url }));
//
// Hooks run in the order they are registered, so a file's own beforeEach (registering readers, say) comes
// after these and sees the new app.
import { type FakeRoyalRoad, startFakeRoyalRoad } from '@rrc/fakes/royalroad';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TestApp } from './test-app.ts';

/** An object that forwards every property to what `current()` is when it is used. */
export function standIn<T extends object>(what: string, current: () => T | undefined): T {
  const target = (): T => {
    const value = current();
    if (value === undefined) throw new Error(`${what} is used outside the tests it was made for`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
  });
}

/** Starts a fake before the file's tests, readies it before each (`reset`), closes it after them all. */
export function fakeForFile<T extends { close(): Promise<void> }>(
  what: string,
  start: () => Promise<T>,
  reset: (fake: T) => void,
): T {
  let fake: T | undefined;
  beforeAll(async () => {
    fake = await start();
  });
  beforeEach(() => {
    if (fake) reset(fake);
  });
  afterAll(async () => {
    await fake?.close();
    fake = undefined;
  });
  return standIn(what, () => fake);
}

/** The fake Royal Road for the file: back to its generated site, without rules or requests, before each test. */
export function fakeRoyalRoadForFile(): FakeRoyalRoad {
  return fakeForFile(
    'the fake Royal Road',
    () => startFakeRoyalRoad(),
    (fake) => fake.reset(),
  );
}

/** A fresh app for each test of the file, made by `build` (usually createTestApp) and closed after the test. */
export function testAppForEach(build: () => Promise<TestApp>): TestApp {
  let t: TestApp | undefined;
  beforeEach(async () => {
    t = await build();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  return standIn("the test's app", () => t);
}
