// A process's open poke streams, by user: a notification for a user pokes that user's streams
// and no one else's. One timer sends every stream its heartbeat (an SSE comment), so idle
// streams cost no work between beats and proxies do not close them as idle.

/** What the hub needs of one open stream (an SSE response, or a stand-in in tests). */
export interface PokeStream {
  poke(): void;
  heartbeat(): void;
  /** Ends the stream (server shutdown, or too many for one user). */
  close(): void;
}

export interface PokeHubOptions {
  heartbeatMs?: number;
  /** Open streams kept per user (tabs and devices); opening one more closes the oldest. */
  maxStreamsPerUser?: number;
}

export const HEARTBEAT_MS = 25_000;
export const MAX_STREAMS_PER_USER = 32;

export class PokeHub {
  private readonly streams = new Map<string, Set<PokeStream>>();
  private readonly heartbeatMs: number;
  private readonly maxPerUser: number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private count = 0;

  constructor(options: PokeHubOptions = {}) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.maxPerUser = options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  }

  /** Registers a user's stream; returns its removal (call it when the stream ends). */
  add(userId: string, stream: PokeStream): () => void {
    let own = this.streams.get(userId);
    if (!own) {
      own = new Set();
      this.streams.set(userId, own);
    }
    if (own.size >= this.maxPerUser) {
      const oldest = own.values().next().value;
      if (oldest) {
        this.remove(userId, oldest);
        oldest.close();
      }
    }
    own.add(stream);
    this.count += 1;
    if (!this.timer) {
      this.timer = setInterval(() => this.beat(), this.heartbeatMs);
      this.timer.unref?.();
    }
    return () => this.remove(userId, stream);
  }

  private remove(userId: string, stream: PokeStream) {
    const own = this.streams.get(userId);
    if (!own?.delete(stream)) return;
    this.count -= 1;
    if (own.size === 0) this.streams.delete(userId);
    if (this.count === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Pokes the streams of one user (a notification's payload). */
  poke(userId: string): void {
    for (const stream of this.streams.get(userId) ?? []) stream.poke();
  }

  /** Pokes every stream once: notifications may have been missed. */
  pokeAll(): void {
    for (const own of this.streams.values()) for (const stream of own) stream.poke();
  }

  /** Open streams (all users). */
  get size(): number {
    return this.count;
  }

  private beat() {
    for (const own of this.streams.values()) for (const stream of own) stream.heartbeat();
  }

  /** Ends every stream (shutdown: an open stream would hold the HTTP server open). */
  close(): void {
    for (const [userId, own] of [...this.streams]) {
      for (const stream of [...own]) {
        this.remove(userId, stream);
        stream.close();
      }
    }
  }
}
