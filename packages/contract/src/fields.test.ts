import { describe, expect, it } from 'vitest';
import { profileUpdateBody, registerBody } from './auth.ts';
import { withoutControlCharacters } from './fields.ts';
import { MESSAGES } from './messages.ts';

const registration = (name: unknown) =>
  registerBody.safeParse({ email: 'rita@example.com', password: 'Readers4ever', name });
const profileChange = (name: unknown) => profileUpdateBody.safeParse({ name });

/** CR, LF, tab, NUL, ESC, DEL, the C1 NEL and the last C1, and the Unicode line and paragraph separators. */
const CONTROLS = ['\r', '\n', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029'];

describe('the name field', () => {
  it.each(CONTROLS.map((control) => [`U+${control.codePointAt(0)?.toString(16).padStart(4, '0')}`, control]))(
    'refuses %s inside, before or after a name, on registration and on a profile change',
    (_shown, control) => {
      for (const name of [`Rita${control}Bcc: someone@example.com`, `${control}Rita`, `Rita${control}`]) {
        for (const parsed of [registration(name), profileChange(name)]) {
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
            MESSAGES.nameControlCharacters,
          ]);
        }
      }
    },
  );

  it('keeps every other name as before: trimmed, accents, emoji and no-break spaces welcome, blank is none', () => {
    expect(registration('  Rita Skeeter ').data?.name).toBe('Rita Skeeter');
    expect(profileChange('Zoë\u00a0Ō 📚').data?.name).toBe('Zoë\u00a0Ō 📚');
    expect(registration('   ').data?.name).toBeNull();
    expect(profileChange('x'.repeat(101)).error?.issues[0]?.message).toBe(
      'Name must be at most 100 characters.',
    );
  });
});

describe('withoutControlCharacters', () => {
  it('drops every control character and line separator, and nothing else', () => {
    expect(withoutControlCharacters(`Ri${CONTROLS.join('')}ta Zoë 📚`)).toBe('Rita Zoë 📚');
  });
});
