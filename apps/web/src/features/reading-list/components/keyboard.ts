import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/** SPEC §9: a keyboard drag moves 25 pixels per arrow press. */
export const KEYBOARD_STEP_PX = 25;

export const arrowKeysBy25: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const moves: Record<string, { x: number; y: number }> = {
    ArrowDown: { x: 0, y: KEYBOARD_STEP_PX },
    ArrowUp: { x: 0, y: -KEYBOARD_STEP_PX },
    ArrowRight: { x: KEYBOARD_STEP_PX, y: 0 },
    ArrowLeft: { x: -KEYBOARD_STEP_PX, y: 0 },
  };
  const move = moves[event.code] ?? moves[event.key];
  if (!move) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + move.x, y: currentCoordinates.y + move.y };
};
