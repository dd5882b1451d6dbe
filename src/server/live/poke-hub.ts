// A process's open poke streams, by user, session and client address: a notification for a user
// pokes that user's streams and no one else's, a session's end closes that session's streams,
// and streams per address and in all are bounded (admit). One timer sends every stream its
// heartbeat (an SSE comment), so idle streams cost no work between beats and proxies do not close
// them as idle.
import { Groups } from './stream-groups';

/** What the hub needs of one open stream (an SSE response, or a stand-in in tests). */
export interface PokeStream {
  poke(): void;
  heartbeat(): void;
  /** Ends the stream (its session ended, too many for one user, or shutdown). */
  close(): void;
}

/** Who holds a stream: its user, its session (the token's hash) and its client address (addressKey). */
export interface StreamOwner {
  userId: string;
  sessionHash: string;
  /** null when unknown (a request without a socket): not counted per address. */
  address: string | null;
}

export interface PokeHubOptions {
  heartbeatMs?: number;
  /** Open streams kept per user (tabs and devices); opening one more closes the oldest. */
  maxStreamsPerUser?: number;
  /** Open streams per client address; one more is refused (admit says 'address'). */
  maxStreamsPerAddress?: number;
  /** Open streams in this process (its budget of file descriptors); one more is refused. */
  maxStreams?: number;
}

interface Entry {
  owner: StreamOwner;
  stream: PokeStream;
}

/** Why admit refused a stream: too many from its address, in the process, or its session just ended. */
export type StreamRefusal = 'address' | 'capacity' | 'ended';

/**
 * How long a session's end is remembered: a stream whose session was checked a moment before its
 * end, and registered a moment after the end was heard, is refused rather than kept.
 */
export const ENDED_SESSION_MEMORY_MS = 60_000;

export const HEARTBEAT_MS = 25_000;
export const MAX_STREAMS_PER_USER = 32;
/**
 * A stream is open only while Carry is on screen, one per tab: 200 people behind one address with
 * it open at the same moment is more than an airport terminal's Wi-Fi or a mobile network's shared
 * address (carrier-grade NAT) brings to one app; 36 accounts of one attacker hold 1,152.
 */
export const MAX_STREAMS_PER_ADDRESS = 200;

export class PokeHub {
  private readonly entries = new Set<Entry>();
  private readonly byUser = new Groups<Entry>();
  private readonly bySession = new Groups<Entry>();
  private readonly byAddress = new Groups<Entry>();
  private readonly heartbeatMs: number;
  private readonly maxPerUser: number;
  private readonly maxPerAddress: number;
  private readonly maxStreams: number;
  /** Sessions ended lately, with when (oldest first). */
  private readonly ended = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(options: PokeHubOptions = {}) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.maxPerUser = options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
    this.maxPerAddress = options.maxStreamsPerAddress ?? MAX_STREAMS_PER_ADDRESS;
    this.maxStreams = options.maxStreams ?? Number.POSITIVE_INFINITY;
  }

  /** Whether one more stream of `owner` may open now (null), or why not. */
  admit(owner: StreamOwner): StreamRefusal | null {
    if (this.ended.has(owner.sessionHash)) return 'ended';
    if (this.entries.size >= this.maxStreams) return 'capacity';
    if (owner.address !== null && this.byAddress.get(owner.address).size >= this.maxPerAddress)
      return 'address';
    return null;
  }

  /**
   * Registers a stream; returns its removal (call it when the stream ends). A user id alone stands
   * for a stream of no particular session or address.
   */
  add(holder: StreamOwner | string, stream: PokeStream): () => void {
    const owner = typeof holder === 'string' ? { userId: holder, sessionHash: '', address: null } : holder;
    // Shutting down: a device reconnecting over a kept-alive socket must not get a stream that
    // would hold the closing server open for ever. It ends at once; the device retries elsewhere.
    if (this.closed) {
      queueMicrotask(() => stream.close());
      return () => {};
    }
    const own = this.byUser.get(owner.userId);
    if (own.size >= this.maxPerUser) {
      const oldest = own.values().next().value;
      if (oldest) this.end(oldest);
    }
    const entry: Entry = { owner, stream };
    this.entries.add(entry);
    this.byUser.add(owner.userId, entry);
    this.bySession.add(owner.sessionHash, entry);
    if (owner.address !== null) this.byAddress.add(owner.address, entry);
    if (!this.timer) {
      this.timer = setInterval(() => this.beat(), this.heartbeatMs);
      this.timer.unref?.();
    }
    return () => this.remove(entry);
  }

  private remove(entry: Entry) {
    if (!this.entries.delete(entry)) return;
    this.byUser.delete(entry.owner.userId, entry);
    this.bySession.delete(entry.owner.sessionHash, entry);
    if (entry.owner.address !== null) this.byAddress.delete(entry.owner.address, entry);
    if (this.entries.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private end(entry: Entry) {
    this.remove(entry);
    entry.stream.close();
  }

  /** Pokes the streams of one user (a notification's payload). */
  poke(userId: string): void {
    for (const { stream } of this.byUser.get(userId)) stream.poke();
  }

  /** Pokes every stream once: notifications may have been missed. */
  pokeAll(): void {
    for (const { stream } of this.entries) stream.poke();
  }

  /** Ends the streams of a session that ended; answers how many. */
  endSession(sessionHash: string): number {
    const now = Date.now();
    for (const [hash, at] of this.ended) {
      if (at > now - ENDED_SESSION_MEMORY_MS) break;
      this.ended.delete(hash);
    }
    this.ended.delete(sessionHash);
    this.ended.set(sessionHash, now);
    const own = [...this.bySession.get(sessionHash)];
    for (const entry of own) this.end(entry);
    return own.length;
  }

  /** The sessions holding streams now. */
  sessions(): string[] {
    return this.bySession.keys();
  }

  /** Open streams (all users). */
  get size(): number {
    return this.entries.size;
  }

  private beat() {
    for (const { stream } of this.entries) stream.heartbeat();
  }

  /** Ends every stream and refuses new ones (shutdown: an open stream would hold the server open). */
  close(): void {
    this.closed = true;
    for (const entry of [...this.entries]) this.end(entry);
  }
}
