// Every entry to its kind's local mutator, from the set the store was given (LocalMutators): the
// engine applies, settles, refuses and labels entries through these and names no kind itself.
// Callers pass any entry; the generic functions pick its kind's mutator without a cast (the
// correlated-union pattern).
import type { OutboxEntry, OutboxEntryOf } from '@/domain/outbox/entry';
import type { MutationKind } from '@/domain/sync/mutations';
import type { ChangeLabel, LocalContext, LocalMutator, LocalMutators } from './local-mutator';
import type { Store } from './store';

/** What the engine's generic steps run with: a mutator's context, and every kind's mutator. */
export interface SyncContext extends LocalContext {
  mutators: LocalMutators;
}

/** The context of a step that starts now. */
export function contextOf(store: Store): SyncContext {
  return { db: store.db, now: store.now(), mutators: store.mutators };
}

export function applyEntry<K extends MutationKind>(ctx: SyncContext, entry: OutboxEntryOf<K>): Promise<void> {
  const mutator: LocalMutator<K> = ctx.mutators[entry.kind];
  return mutator.apply(ctx, entry);
}

/** Whether a run of `kind`'s entries applies at once (applyEntries). */
export function appliesAll(mutators: LocalMutators, kind: string): boolean {
  return (mutators as Partial<Record<string, LocalMutator<MutationKind>>>)[kind]?.applyAll !== undefined;
}

/** Applies a run of entries of one kind (appliesAll), in order, through the kind's applyAll. */
export function applyEntries(ctx: SyncContext, entries: readonly OutboxEntry[]): Promise<void> {
  const kind = entries[0]?.kind;
  const mutator = kind === undefined ? undefined : (ctx.mutators[kind] as LocalMutator<MutationKind>);
  if (!mutator?.applyAll || !entries.every((e) => e.kind === kind))
    throw new Error('applyEntries: a run of one kind with applyAll');
  return mutator.applyAll(ctx, entries);
}

function settleEntry<K extends MutationKind>(
  ctx: SyncContext,
  entry: OutboxEntryOf<K>,
  body: Record<string, unknown>,
): Promise<void> {
  const mutator: LocalMutator<K> = ctx.mutators[entry.kind];
  return mutator.settle(ctx, entry, body);
}

/**
 * Settles a run of applied entries of one kind, in order: through the kind's settleAll when it
 * has one (fewer requests), else one by one.
 */
export async function settleEntries(
  ctx: SyncContext,
  settled: readonly { entry: OutboxEntry; body: Record<string, unknown> }[],
): Promise<void> {
  const kind = settled[0]?.entry.kind;
  if (kind === undefined) return;
  const mutator = ctx.mutators[kind] as LocalMutator<MutationKind>;
  if (mutator.settleAll && settled.every((s) => s.entry.kind === kind)) {
    await mutator.settleAll(ctx, settled);
    return;
  }
  for (const s of settled) await settleEntry(ctx, s.entry, s.body);
}

/** Whether the entry's kind has a say in a refusal (refuseEntry can return true). */
export function handlesRefusal(mutators: LocalMutators, entry: OutboxEntry): boolean {
  return mutators[entry.kind]?.refused !== undefined;
}

/** Lets the entry's kind deal with a refusal; true when it did and the entry should go. */
export async function refuseEntry<K extends MutationKind>(
  ctx: SyncContext,
  entry: OutboxEntryOf<K>,
  code: string,
  message: string,
): Promise<boolean> {
  const mutator: LocalMutator<K> = ctx.mutators[entry.kind];
  return (await mutator.refused?.(ctx, entry, code, message)) ?? false;
}

/** The photo the entry must see uploaded before it is first sent, or null. */
export function photoOf<K extends MutationKind>(
  mutators: LocalMutators,
  entry: OutboxEntryOf<K>,
): string | null {
  // An entry of another release's format (outbox/unreadable) may name no known kind or have no
  // `local`: it waits for nothing, so it never holds the lane or keeps a photo.
  const mutator: LocalMutator<K> | undefined = mutators[entry.kind];
  if (!mutator || typeof entry.local !== 'object' || entry.local === null) return null;
  return mutator.waitsFor?.(entry) ?? null;
}

/** Whether the entry's refusal says the server lost its photo (a fresh upload fixes it). */
export function refusedForPhoto(mutators: LocalMutators, entry: OutboxEntry): boolean {
  const mutator = mutators[entry.kind] as LocalMutator<MutationKind> | undefined;
  return Boolean(entry.lastErrorCode && mutator?.photoGone?.includes(entry.lastErrorCode));
}

function movedTo<K extends MutationKind>(
  mutators: LocalMutators,
  entry: OutboxEntryOf<K>,
  id: string,
): OutboxEntryOf<K> | null {
  const mutator: LocalMutator<K> = mutators[entry.kind];
  return mutator.waitFor ? { ...entry, local: mutator.waitFor(entry, id) } : null;
}

/** The entry waiting for photo `id` instead of its own (null when its kind waits for none). */
export function withPhoto(mutators: LocalMutators, entry: OutboxEntry, id: string): OutboxEntry | null {
  // Same kind in, same kind out: the correlation TypeScript cannot follow through the union.
  return movedTo(mutators, entry, id) as OutboxEntry | null;
}

/** The args of the entry's first send, completed from what it waited for. */
export function preparedArgs<K extends MutationKind>(
  mutators: LocalMutators,
  entry: OutboxEntryOf<K>,
  ready: { photoUrl: string | null },
): OutboxEntryOf<K>['args'] {
  const mutator: LocalMutator<K> = mutators[entry.kind];
  return mutator.prepare?.(entry, ready) ?? entry.args;
}

/** Every kind gives back what its entries changed beyond the synced rows (before a rebase). */
export async function restoreAll(ctx: SyncContext): Promise<void> {
  for (const mutator of Object.values(ctx.mutators) as LocalMutator<MutationKind>[])
    await mutator.restore?.(ctx);
}

/** The waiting list's name for an entry. */
export function describeEntry<K extends MutationKind>(
  mutators: LocalMutators,
  entry: OutboxEntryOf<K>,
): ChangeLabel {
  const mutator: LocalMutator<K> = mutators[entry.kind];
  return mutator.label(entry.args);
}
