import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { arrowKeysBy25, KEYBOARD_STEP_PX } from './components/keyboard.ts';

type Args = Parameters<KeyboardCoordinateGetter>[1];

function press(code: string, at = { x: 100, y: 200 }) {
  const event = new KeyboardEvent('keydown', { code, cancelable: true });
  const result = arrowKeysBy25(event, { currentCoordinates: at } as Args);
  return { result, prevented: event.defaultPrevented };
}

describe('arrowKeysBy25 (SPEC §9: a keyboard drag moves 25 pixels per arrow press)', () => {
  it('is 25 pixels', () => {
    expect(KEYBOARD_STEP_PX).toBe(25);
  });

  it.each([
    ['ArrowDown', { x: 100, y: 225 }],
    ['ArrowUp', { x: 100, y: 175 }],
    ['ArrowRight', { x: 125, y: 200 }],
    ['ArrowLeft', { x: 75, y: 200 }],
  ])('%s moves to %o and stops the page from scrolling', (code, expected) => {
    const { result, prevented } = press(code);
    expect(result).toEqual(expected);
    expect(prevented).toBe(true);
  });

  it('ignores other keys', () => {
    const { result, prevented } = press('KeyA');
    expect(result).toBeUndefined();
    expect(prevented).toBe(false);
  });
});
