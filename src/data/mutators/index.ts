// The device side of the mutation registry: one local mutator per kind of
// src/domain/sync/mutations (a missing kind does not compile). Callers pass any entry; the
// generic helpers pick its kind's mutator without a cast (the correlated-union pattern).
import type { OutboxEntry, OutboxEntryOf } from '@/domain/outbox/entry';
import type { MutationKind } from '@/domain/sync/mutations';
import { addListing } from './add-listing';
import { book } from './book';
import { complete } from './complete';
import { contact } from './contact';
import { courier } from './courier';
import type { LocalContext, LocalMutator } from './local-mutator';
import { message } from './message';
import { rate } from './rate';
import { readMessages } from './read-messages';
import { reportMessage } from './report-message';
import { statusUpdate } from './status-update';
import { unwatch, watch } from './watch';

export type { LocalContext, LocalMutator } from './local-mutator';
export { localId } from './rows';

const LOCAL_MUTATORS: { [K in MutationKind]: LocalMutator<K> } = {
  'add-listing': addListing,
  book,
  'status-update': statusUpdate,
  contact,
  courier,
  complete,
  rate,
  watch,
  unwatch,
  message,
  'read-messages': readMessages,
  'report-message': reportMessage,
};

export function applyEntry<K extends MutationKind>(
  ctx: LocalContext,
  entry: OutboxEntryOf<K>,
): Promise<void> {
  const mutator: LocalMutator<K> = LOCAL_MUTATORS[entry.kind];
  return mutator.apply(ctx, entry);
}

/** Whether a run of `kind`'s entries applies at once (applyEntries). */
export function appliesAll(kind: string): boolean {
  return (
    (LOCAL_MUTATORS as Partial<Record<string, LocalMutator<MutationKind>>>)[kind]?.applyAll !== undefined
  );
}

/** Applies a run of entries of one kind (appliesAll), in order, through the kind's applyAll. */
export function applyEntries(ctx: LocalContext, entries: readonly OutboxEntry[]): Promise<void> {
  const kind = entries[0]?.kind;
  const mutator = kind === undefined ? undefined : (LOCAL_MUTATORS[kind] as LocalMutator<MutationKind>);
  if (!mutator?.applyAll || !entries.every((e) => e.kind === kind))
    throw new Error('applyEntries: a run of one kind with applyAll');
  return mutator.applyAll(ctx, entries);
}

export function settleEntry<K extends MutationKind>(
  ctx: LocalContext,
  entry: OutboxEntryOf<K>,
  body: Record<string, unknown>,
): Promise<void> {
  const mutator: LocalMutator<K> = LOCAL_MUTATORS[entry.kind];
  return mutator.settle(ctx, entry, body);
}

/**
 * Settles a run of applied entries of one kind, in order: through the kind's settleAll when it
 * has one (fewer requests), else one by one.
 */
export async function settleEntries(
  ctx: LocalContext,
  settled: readonly { entry: OutboxEntry; body: Record<string, unknown> }[],
): Promise<void> {
  const kind = settled[0]?.entry.kind;
  if (kind === undefined) return;
  const mutator = LOCAL_MUTATORS[kind] as LocalMutator<MutationKind>;
  if (mutator.settleAll && settled.every((s) => s.entry.kind === kind)) {
    await mutator.settleAll(ctx, settled);
    return;
  }
  for (const s of settled) await settleEntry(ctx, s.entry, s.body);
}

/** Whether the entry's kind has a say in a refusal (refuseEntry can return true). */
export function handlesRefusal(entry: OutboxEntry): boolean {
  return LOCAL_MUTATORS[entry.kind]?.refused !== undefined;
}

/** Lets the entry's kind deal with a refusal; true when it did and the entry should go. */
export async function refuseEntry<K extends MutationKind>(
  ctx: LocalContext,
  entry: OutboxEntryOf<K>,
  code: string,
  message: string,
): Promise<boolean> {
  const mutator: LocalMutator<K> = LOCAL_MUTATORS[entry.kind];
  return (await mutator.refused?.(ctx, entry, code, message)) ?? false;
}

/** The photo the entry must see uploaded before it is first sent, or null. */
export function photoOf<K extends MutationKind>(entry: OutboxEntryOf<K>): string | null {
  // An entry of another release's format (outbox/unreadable) may name no known kind or have no
  // `local`: it waits for nothing, so it never holds the lane or keeps a photo.
  const mutator: LocalMutator<K> | undefined = LOCAL_MUTATORS[entry.kind];
  if (!mutator || typeof entry.local !== 'object' || entry.local === null) return null;
  return mutator.waitsFor?.(entry) ?? null;
}

function movedTo<K extends MutationKind>(entry: OutboxEntryOf<K>, id: string): OutboxEntryOf<K> | null {
  const mutator: LocalMutator<K> = LOCAL_MUTATORS[entry.kind];
  return mutator.waitFor ? { ...entry, local: mutator.waitFor(entry, id) } : null;
}

/** The entry waiting for photo `id` instead of its own (null when its kind waits for none). */
export function withPhoto(entry: OutboxEntry, id: string): OutboxEntry | null {
  // Same kind in, same kind out: the correlation TypeScript cannot follow through the union.
  return movedTo(entry, id) as OutboxEntry | null;
}

/** The args of the entry's first send, completed from what it waited for. */
export function preparedArgs<K extends MutationKind>(
  entry: OutboxEntryOf<K>,
  ready: { photoUrl: string | null },
): OutboxEntryOf<K>['args'] {
  const mutator: LocalMutator<K> = LOCAL_MUTATORS[entry.kind];
  return mutator.prepare?.(entry, ready) ?? entry.args;
}

/** Every kind gives back what its entries changed beyond the synced rows (before a rebase). */
export async function restoreAll(ctx: LocalContext): Promise<void> {
  for (const mutator of Object.values(LOCAL_MUTATORS) as LocalMutator<MutationKind>[])
    await mutator.restore?.(ctx);
}

/** The waiting list's name for an entry. */
export function describeEntry<K extends MutationKind>(entry: OutboxEntryOf<K>): string {
  const mutator: LocalMutator<K> = LOCAL_MUTATORS[entry.kind];
  return mutator.label(entry.args);
}
