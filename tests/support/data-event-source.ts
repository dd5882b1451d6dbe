// EventSource stand-ins for data-layer tests (Node has none):
//
//   ManualEventSource          records every instance; a test fires open/poke/error by hand
//   eventSourceOver(fetch)     a working one over a fetch (the in-process server's net.fetch):
//                              'open' on the answer's headers, 'poke' per poke event, 'error'
//                              when the stream ends or fails
import type { EventSourceFactory, EventSourceLike } from '@/data';

export class ManualEventSource implements EventSourceLike {
  static all: ManualEventSource[] = [];
  closed = false;
  private readonly listeners = new Map<string, Array<() => void>>();
  constructor(
    readonly url: string,
    readonly init?: { withCredentials?: boolean },
  ) {
    ManualEventSource.all.push(this);
  }
  /** The instances not closed yet. */
  static open(): ManualEventSource[] {
    return ManualEventSource.all.filter((s) => !s.closed);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  fire(type: 'open' | 'poke' | 'error') {
    for (const l of this.listeners.get(type) ?? []) l();
  }
}

export function eventSourceOver(fetchFn: typeof fetch): EventSourceFactory {
  return class FetchEventSource implements EventSourceLike {
    private readonly target = new EventTarget();
    private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    private closed = false;
    constructor(url: string) {
      void this.run(url);
    }
    addEventListener(type: string, listener: () => void) {
      this.target.addEventListener(type, listener);
    }
    close() {
      this.closed = true;
      void this.reader?.cancel().catch(() => undefined);
    }
    private emit(type: string) {
      if (!this.closed) this.target.dispatchEvent(new Event(type));
    }
    private async run(url: string) {
      try {
        const res = await fetchFn(url, { headers: { Accept: 'text/event-stream' } });
        if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
        this.reader = res.body.getReader();
        if (this.closed) await this.reader.cancel();
        this.emit('open');
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await this.reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            if (buffer.slice(0, cut).split('\n').includes('event: poke')) this.emit('poke');
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Reported below, as the browser reports any loss: one 'error'.
      }
      this.emit('error');
    }
  };
}
