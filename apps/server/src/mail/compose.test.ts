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

  it('never carries a control character or line break in the address, subject or greeting', () => {
    // A name stored before names were checked: it must not add lines to the message or its headers.
    const smuggled = composeMail({
      to: 'rita@example.com\r\nBcc: victim@example.com',
      subject: 'Confirm\r\nBcc: victim@example.com',
      greeting: 'Hi Rita\r\n\r\nYour account is locked: call 555-0100\u2028\u0085\u0000\t,',
      intro: ['First paragraph.'],
      action: { label: 'Do it', url: 'https://rrc.example/x' },
      outro: ['Last words.'],
    });
    expect(smuggled.to).toBe('rita@example.comBcc: victim@example.com');
    expect(smuggled.subject).toBe('ConfirmBcc: victim@example.com');
    const [greeting, blank, first] = smuggled.text.split('\n');
    expect([greeting, blank, first]).toEqual([
      'Hi RitaYour account is locked: call 555-0100,',
      '',
      'First paragraph.',
    ]);
    expect(smuggled.html).toContain('>Hi RitaYour account is locked: call 555-0100,</p>');
    const everything = `${smuggled.to}${smuggled.subject}${smuggled.text}${smuggled.html}`;
    for (const control of ['\r', '\t', '\u0000', '\u0085', '\u2028'])
      expect(everything).not.toContain(control);
  });

  it('writes a title and a heading with its lines as text and as an escaped heading and list', () => {
    const report = composeMail({
      to: 'rita@example.com',
      subject: 'Your week',
      greeting: 'Hi,',
      intro: [
        { title: 'Tom & <Jerry>' },
        'Followers: +5.',
        { heading: 'What changed', items: ['New <cover>', 'Tags'] },
      ],
      action: { label: 'Open your desk', url: 'https://rrc.example/desk' },
      outro: [],
    });
    expect(report.text).toContain(
      [
        'Tom & <Jerry>',
        '=============',
        '',
        'Followers: +5.',
        '',
        'What changed:',
        '- New <cover>',
        '- Tags',
        '',
      ].join('\n'),
    );
    expect(report.html).toMatch(/<h2[^>]*>Tom &amp; &lt;Jerry&gt;<\/h2>/);
    expect(report.html).toMatch(
      />What changed<\/p><ul[^>]*><li[^>]*>New &lt;cover&gt;<\/li><li[^>]*>Tags<\/li><\/ul>/,
    );
  });
});
