// The page around a data-layer test in Node: window events (Node has none, so startSync and the
// poke stream get an EventTarget to listen on) and the loops a test starts, stopped after it.
//
//   const page = pageEventsPerFile();      at the file's top level
//   page.keep(startSync(s.store));         stopped after the test
//   page.events.dispatchEvent(new Event('online'));
import { afterAll, afterEach, beforeAll } from 'vitest';

export interface PageEvents {
  events: EventTarget;
  /** Calls `stop` after the current test. */
  keep(stop: () => void): void;
}

export function pageEventsPerFile(): PageEvents {
  const events = new EventTarget();
  const g = globalThis as unknown as {
    addEventListener?: EventTarget['addEventListener'];
    removeEventListener?: EventTarget['removeEventListener'];
  };
  let stops: Array<() => void> = [];
  beforeAll(() => {
    g.addEventListener = events.addEventListener.bind(events);
    g.removeEventListener = events.removeEventListener.bind(events);
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
  });
  afterAll(() => {
    delete g.addEventListener;
    delete g.removeEventListener;
  });
  return { events, keep: (stop) => void stops.push(stop) };
}
