import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordShortcomings } from './password.ts';

describe('password policy', () => {
  it('accepts 8+ characters with upper, lower and a digit', () => {
    expect(passwordProblem('Readers4ever')).toBeNull();
    expect(passwordProblem('Ünïcode9x')).toBeNull();
  });

  it('names each missing part', () => {
    expect(passwordShortcomings('')).toEqual([
      'at least 8 characters',
      'an uppercase letter',
      'a lowercase letter',
      'a number',
    ]);
    expect(passwordProblem('lowercase1')).toBe('Password needs an uppercase letter.');
    expect(passwordProblem('Ab1')).toBe('Password needs at least 8 characters.');
    expect(passwordProblem('ABCDEFGH')).toBe('Password needs a lowercase letter and a number.');
  });

  it('refuses very long passwords', () => {
    expect(passwordProblem(`Aa1${'x'.repeat(200)}`)).toBe('Password must be at most 128 characters.');
  });
});
