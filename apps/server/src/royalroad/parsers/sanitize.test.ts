import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize.ts';

describe('description sanitizer', () => {
  it('keeps formatting and safe links', () => {
    expect(
      sanitizeDescription(
        '<p><strong>Bold</strong> and <em>italic</em></p><hr><a href="https://example.com">x</a>',
      ),
    ).toBe(
      '<p><strong>Bold</strong> and <em>italic</em></p><hr /><a href="https://example.com" rel="nofollow noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('removes scripts, event handlers, styles, frames and dangerous links', () => {
    const dirty =
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><iframe src="https://evil"></iframe>' +
      '<img src=x onerror=alert(1)><a href="javascript:alert(1)">click</a><style>body{}</style>';
    const clean = sanitizeDescription(dirty);
    expect(clean).toBe('<p>Hi</p><a rel="nofollow noopener noreferrer" target="_blank">click</a>');
  });
});
