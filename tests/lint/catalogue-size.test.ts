// The size check of a switch of language (scripts/bundle-size.mjs, run by check-size after the
// build): each language's catalogue chunks are told apart by name (its shell's and each area's),
// and a switch to Hindi (its shell and its largest area, gzip) over 25 KB fails the budget.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBudgets, measureCatalogues } from '../../scripts/bundle-size.mjs';

let dist = '';
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** A dist/ with the given catalogue chunks, each of `kb` KB of bytes gzip cannot shrink. */
function distWith(files: Record<string, number>): string {
  dist = mkdtempSync(join(tmpdir(), 'carry-size-'));
  mkdirSync(join(dist, 'assets'));
  for (const [name, kb] of Object.entries(files))
    writeFileSync(join(dist, 'assets', name), randomBytes(kb * 1024).toString('base64'));
  return dist;
}

const switchBudget = (catalogues: ReturnType<typeof measureCatalogues>) =>
  checkBudgets({
    firstScreenJs: { gzip: 0 },
    precache: { gzip: 0 },
    catalogues,
  } as unknown as Parameters<typeof checkBudgets>[0]).find((b) => b.name.startsWith('switch to hi'));

describe('the catalogue sizes', () => {
  it('tells the shell from the areas by name, per language, and sums the areas', () => {
    const c = measureCatalogues(
      distWith({
        'messages-en-a-B_c.js': 1,
        'messages-hi-Xy12-z.js': 2,
        'messages-search-hi-q1W2e3.js': 3,
        'messages-team-hi-zz-9.js': 1,
        '_authed.bookings._id.messages-WAtA1fAZ.js': 50,
      }),
    );
    expect(Object.keys(c).sort()).toEqual(['en', 'hi']);
    expect(Object.keys(c.hi?.areas ?? {}).sort()).toEqual(['search', 'team']);
    expect(c.hi?.largestArea).toBe('search');
    expect(c.hi?.areasTotal.gzip).toBe((c.hi?.areas.search?.gzip ?? 0) + (c.hi?.areas.team?.gzip ?? 0));
    expect(c.hi?.switch.gzip).toBe((c.hi?.shell.gzip ?? 0) + (c.hi?.areas.search?.gzip ?? 0));
  });

  it('passes a small switch to Hindi and fails one over 25 KB gzip', () => {
    const small = switchBudget(
      measureCatalogues(distWith({ 'messages-hi-a1.js': 4, 'messages-search-hi-b2.js': 4 })),
    );
    expect(small?.ok).toBe(true);
    rmSync(dist, { recursive: true, force: true });
    const big = switchBudget(
      measureCatalogues(
        distWith({ 'messages-hi-a1.js': 10, 'messages-search-hi-b2.js': 16, 'messages-team-hi-c3.js': 1 }),
      ),
    );
    expect(big?.ok).toBe(false);
    expect(big?.name).toContain('largest area search');
  });
});
