import { describe, expect, it } from 'vitest';
import { validationMessage } from './validation-message.ts';

describe('validation messages', () => {
  it('keeps sentences written in the schema', () => {
    expect(
      validationMessage(
        [{ keyword: 'custom', instancePath: '/email', message: 'Email is required.' }],
        'body',
      ),
    ).toBe('Email is required.');
  });

  it('names the field for generic issues', () => {
    expect(
      validationMessage(
        [
          {
            keyword: 'too_big',
            instancePath: '/limit',
            message: 'Too big',
            params: { maximum: 100, origin: 'number' },
          },
        ],
        'querystring',
      ),
    ).toBe('limit must be at most 100.');
    expect(
      validationMessage(
        [
          {
            keyword: 'invalid_type',
            instancePath: '/status',
            message: 'Invalid input: expected string, received undefined',
          },
        ],
        'body',
      ),
    ).toBe('status is required.');
    expect(
      validationMessage(
        [
          {
            keyword: 'invalid_value',
            instancePath: '/status',
            message: 'x',
            params: { values: ['reading', 'dropped'] },
          },
        ],
        'body',
      ),
    ).toBe('status must be one of: reading, dropped.');
  });

  it('speaks of the whole body when the issue has no path', () => {
    expect(
      validationMessage(
        [
          {
            keyword: 'invalid_type',
            instancePath: '/',
            message: 'expected object',
            params: { expected: 'object' },
          },
        ],
        'body',
      ),
    ).toBe('The request body must be a JSON object.');
  });

  it('joins several issues and drops repeats', () => {
    const issue = { keyword: 'custom', instancePath: '/a', message: 'A is wrong.' };
    expect(validationMessage([issue, issue, { ...issue, message: 'B is wrong.' }], 'body')).toBe(
      'A is wrong. B is wrong.',
    );
  });
});
