// docs/api.md lists every kind's REST call as its registry entry declares it
// (src/domain/sync/mutations.ts): a new kind, or a moved path, fails here until the table says so.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MUTATION_KINDS, restCallOf } from '@/domain/sync/mutations';

const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
/** `| METHOD | \`/path\` |`: the row of one call. */
const rows = new Set([...doc.matchAll(/^\| ([A-Z, ]+) \| `([^`]+)` \|/gm)].map((m) => `${m[1]} ${m[2]}`));

describe('docs/api.md', () => {
  const calls = MUTATION_KINDS.flatMap((kind) => {
    const rest = restCallOf(kind);
    return rest ? [{ kind, call: `${rest.method} ${rest.path}` }] : [];
  });

  it.each(calls)('lists $kind: $call', ({ call }) => {
    expect(rows).toContain(call);
  });
});
