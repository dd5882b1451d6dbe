// Truthful words about money (issue 31): Carry takes no money, so nothing the app, its service
// worker, its mails or its catalogues say may tell anyone to pay "through Carry" (or the app),
// or warn against sending money outside it (the thread's old reminder did both).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const UNTRUE = [
  /\b(pay|paid|pays|payments?)( only)? (through|via) (carry|the app)\b/i,
  /money outside (the app|carry)/i,
];

function files(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) files(path, out);
    else if (/\.(tsx?|json|html)$/.test(e.name)) out.push(path);
  }
  return out;
}

describe('words about payment', () => {
  it('never say to pay through Carry, which takes no money', () => {
    const found = [...files(join(root, 'src')), ...files(join(root, 'sw')), ...files(join(root, 'messages'))]
      .concat(join(root, 'index.html'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .filter((line) => UNTRUE.some((re) => re.test(line)))
          .map((line) => `${path.slice(root.length)}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('would catch the old reminder', () => {
    expect(UNTRUE.some((re) => re.test('Pay only through Carry. Never send money outside the app.'))).toBe(
      true,
    );
  });
});
