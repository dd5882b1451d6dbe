// Hindi is drawn with the phone's own Devanagari font, never a download (issue 32): the app's font
// stack names Android's, iOS's and Windows' Devanagari families, before the generic fallback, and
// the stylesheet loads no web font.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync('src/client/styles.css', 'utf8');
const stack = (/--font-sans:\s*([^;]+);/.exec(css)?.[1] ?? '')
  .split(',')
  .map((f) => f.trim().replace(/"/g, ''));

describe('the font stack for Hindi', () => {
  it("names the platforms' Devanagari fonts before the generic sans-serif", () => {
    const generic = stack.indexOf('sans-serif');
    expect(generic).toBe(stack.length - 1);
    for (const family of ['Noto Sans Devanagari', 'Kohinoor Devanagari', 'Nirmala UI'])
      expect(stack.indexOf(family), family).toBeGreaterThanOrEqual(0);
  });

  it('downloads no font', () => {
    expect(css).not.toMatch(/@font-face|@import\s+url\(|fonts\.googleapis/);
  });
});
