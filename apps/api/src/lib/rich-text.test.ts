import { describe, expect, it } from 'vitest';
import { drawingProblem } from './drawing.ts';
import { oneLine, plainTextOf, sanitizeRichText } from './rich-text.ts';

describe('rich text sanitising', () => {
  it('keeps what the editor produces', () => {
    const html =
      '<p><strong>Bold</strong> <em>it</em> <u>u</u> <span style="color: #e60000;">red</span></p><ol><li data-list="bullet">x</li></ol><p class="ql-align-center">c</p>';
    // Styles come back normalised ("color:#e60000"); everything else unchanged.
    expect(sanitizeRichText(html)).toBe(html.replace('color: #e60000;', 'color:#e60000'));
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<span style="background-image:url(javascript:alert(1))">x</span>', '<span>x</span>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<p class="evil ql-indent-1">x</p>', '<p class="ql-indent-1">x</p>'],
  ])('%s -> %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });
});

describe('drawing check', () => {
  const png = (extra = 0) => {
    const header = Buffer.from('89504e470d0a1a0a0000000d4948445200000320000005dc0806000000', 'hex');
    return `data:image/png;base64,${Buffer.concat([header, Buffer.alloc(extra)]).toString('base64')}`;
  };
  it('accepts a PNG data URL', () => expect(drawingProblem(png(10))).toBeNull());
  it.each([
    ['data:image/jpeg;base64,/9j/4AAQ', 'PNG image'],
    ['data:image/png;base64,!!!', 'not valid base64'],
    [
      `data:image/png;base64,${Buffer.from('GIF89a-not-a-png-at-all-but-long-enough').toString('base64')}`,
      'not a PNG',
    ],
    ['<svg onload=alert(1)>', 'PNG image'],
  ])('refuses %s', (input, reason) => expect(drawingProblem(input)).toContain(reason));
  it('refuses more than 2 MB', () => expect(drawingProblem(png(2 * 1024 * 1024))).toContain('2 MB'));
});

describe('rich text as one plain line', () => {
  it.each([
    ['<p>One</p><p>Two&nbsp;&amp; <strong>three</strong></p>', 'One Two & three'],
    ['<script>alert(1)</script><img src=x onerror=alert(1)>ok', 'ok'],
    ['a &lt; b and <b>c</b>', 'a < b and c'],
    ['<p>cut off <stro', 'cut off'],
    ['plain text, no tags', 'plain text, no tags'],
  ])('%s', (html, text) => {
    expect(plainTextOf(html, 200)).toBe(text);
  });

  it('shortens to the limit with an ellipsis', () => {
    expect(plainTextOf('word '.repeat(100), 20)).toBe('word word word word…');
    expect(oneLine('a <b>\n  c', 20)).toBe('a <b> c');
  });
});
