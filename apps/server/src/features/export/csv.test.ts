import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.ts';

describe('CSV lines', () => {
  it('quote commas, quotes and line breaks (RFC 4180) and leave empty cells for missing values', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', null, undefined, 3, true])).toBe(
      '"a,b","say ""hi""","two\nlines",,,3,true\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['+1+cmd|/C calc!A0', "'+1+cmd|/C calc!A0"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('keep a text cell that would start a formula as text: %j', (title, cell) => {
    expect(csvLine([title])).toBe(`${cell}\r\n`);
  });

  it('leave ordinary text, text with a formula character inside, and numbers as they are', () => {
    expect(csvLine(['Mother of Learning', 'A = B', 'x@y', -5, 4.25])).toBe(
      'Mother of Learning,A = B,x@y,-5,4.25\r\n',
    );
  });
});
