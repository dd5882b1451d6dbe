// The registry of kinds (src/domain/sync/mutations.ts) holds together: a REST path's parameters
// are arguments of its kind (all of them when it reads no body), `appliedAs` names kinds, and
// every notice a kind declares has its words.
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  appliedKind,
  isMutationKind,
  type KindDeclaration,
  MUTATION_KINDS,
  MUTATIONS,
  type MutationKind,
  restCallOf,
} from '@/domain/sync/mutations';

const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
const argumentNames = (kind: MutationKind) => {
  const schema = MUTATIONS[kind].args as v.GenericSchema & { entries?: Record<string, unknown> };
  return Object.keys(schema.entries ?? {});
};

describe('the mutation registry', () => {
  it.each(MUTATION_KINDS)('%s: its REST path names only its arguments', (kind) => {
    const rest = restCallOf(kind);
    if (!rest) return;
    for (const name of paramsOf(rest.path)) expect(argumentNames(kind)).toContain(name);
    if (rest.body === false) expect(paramsOf(rest.path).sort()).toEqual(argumentNames(kind).sort());
  });

  it('declares each REST call once', () => {
    const calls = MUTATION_KINDS.flatMap((k) => {
      const rest = restCallOf(k);
      return rest ? [`${rest.method} ${rest.path}`] : [];
    });
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('applies a status update to completed as complete, and every other kind as itself', () => {
    expect(appliedKind('status-update', { listingId: 'b1', status: 'completed' })).toBe('complete');
    expect(appliedKind('status-update', { listingId: 'b1', status: 'accepted' })).toBe('status-update');
    expect(appliedKind('status-update', null)).toBe('status-update');
    for (const kind of MUTATION_KINDS) {
      const declared: KindDeclaration = MUTATIONS[kind];
      const as = declared.appliedAs?.({ status: 'completed' });
      if (as !== undefined) expect(isMutationKind(as)).toBe(true);
    }
  });

  it('gives every notice a side, a title and a body with the size', () => {
    for (const kind of MUTATION_KINDS) {
      const declared: KindDeclaration = MUTATIONS[kind];
      for (const notice of Object.values(declared.notifies ?? {})) {
        expect(['carrier', 'traveller']).toContain(notice.to);
        expect(notice.title).not.toBe('');
        expect(notice.body('2.5 KG')).toContain('2.5 KG');
      }
    }
  });
});
