import { describe, expect, it } from 'vitest';
import { MESSAGES, messageForFailure } from './messages.ts';

describe('failure messages (SPEC §8)', () => {
  it('prefers the server text', () => {
    expect(messageForFailure({ status: 503, serverError: 'Royal Road is down' })).toBe('Royal Road is down');
  });

  it('falls back by status, then network, then a generic text', () => {
    expect(messageForFailure({ status: 503 })).toBe(MESSAGES.serviceUnavailable);
    expect(messageForFailure({ status: 500 })).toBe(MESSAGES.unexpected);
    expect(messageForFailure({ status: 429 })).toBe(MESSAGES.tooManyRequests);
    expect(messageForFailure({ network: true })).toBe(MESSAGES.network);
    expect(messageForFailure({ status: 418 })).toBe(MESSAGES.generic);
  });
});
