import { describe, expect, it } from 'vitest';
import { composeMail } from './compose.ts';

describe('composeMail', () => {
  const message = composeMail({
    to: 'rita@example.com',
    subject: 'Confirm <this>',
    greeting: 'Hi Rita & co,',
    intro: ['First paragraph with "quotes".'],
    action: { label: 'Do it', url: 'https://rrc.example/verify-email?token=a&b=<c>' },
    outro: ['Last words.'],
  });

  it('writes the same words in a plain-text part, with the link on a line of its own', () => {
    expect(message.text).toBe(
      [
        'Hi Rita & co,',
        '',
        'First paragraph with "quotes".',
        '',
        'Do it:',
        'https://rrc.example/verify-email?token=a&b=<c>',
        '',
        'Last words.',
        '',
        '— RR Companion',
        '',
      ].join('\n'),
    );
  });

  it('escapes everything it puts in the HTML part, and offers the link as a button and as text', () => {
    expect(message.html).toContain('<title>Confirm &lt;this&gt;</title>');
    expect(message.html).toContain('Hi Rita &amp; co,');
    expect(message.html).toContain('First paragraph with &quot;quotes&quot;.');
    const href = 'href="https://rrc.example/verify-email?token=a&amp;b=&lt;c&gt;"';
    expect(message.html.split(href)).toHaveLength(3);
    expect(message.html).not.toContain('<c>');
  });
});
