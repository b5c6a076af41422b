import type { EventEffect } from '@rrc/contract';

const signed = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toLocaleString()}`;
const whole = (value: number) => Math.round(value).toLocaleString();

/** How an event's week compares with the trend before it: above its range, within it, below it. */
export function effectVerdict(effect: EventEffect): 'above' | 'within' | 'below' | null {
  if (!('gained' in effect)) return null;
  if (effect.gained > effect.high) return 'above';
  if (effect.gained < effect.low) return 'below';
  return 'within';
}

export const VERDICT_WORDS = {
  above: 'Above the trend',
  within: 'Within the trend',
  below: 'Below the trend',
} as const;

/** An effect in one sentence, or the reason there is none. */
export function effectSentence(effect: EventEffect): string {
  if (!('gained' in effect)) return effect.reason;
  return `${signed(effect.gained)} followers in the 7 days after; the 14 days before pointed to ${signed(Math.round(effect.expected))} (${whole(effect.low)} to ${whole(effect.high)}), so ${signed(Math.round(effect.excess))} beyond the trend.`;
}

export { signed as signedCount, whole as wholeCount };
