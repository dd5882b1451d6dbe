// One device as the data layer sees it: a browser profile whose tabs share one IndexedDB
// database, one localStorage and one cookie jar (the link), with a clock that can jump. A tab is
// a Store over that database; updating the app closes every tab and opens a new one on the same
// database, as a new release does.
//
//   createDevice(app, { clock? }) : Device
//   device.openTab() : Store         another tab (a second Store on the same database)
//   device.update() : Store          closes every tab, then opens one (the new release)
//   device.clock.t += 3 * HOUR       the device's clock jumps (the server's does not)
//   await device.destroy()           closes the tabs and deletes the database
import Dexie from 'dexie';
import type { Store } from '@/data';
import { createLink, type Link } from './data-link';
import { type Clock, MemoryStorage, testStore, uniqueDbName } from './data-store';

export interface Device {
  dbName: string;
  storage: MemoryStorage;
  link: Link;
  clock: Clock;
  tabs: Store[];
  openTab(): Store;
  update(): Store;
  close(): void;
  destroy(): Promise<void>;
}

export function createDevice(app: Parameters<typeof createLink>[0], opts: { clock?: Clock } = {}): Device {
  const device: Device = {
    dbName: uniqueDbName(),
    storage: new MemoryStorage(),
    link: createLink(app),
    clock: opts.clock ?? { t: Date.now() },
    tabs: [],
    openTab() {
      const tab = testStore({
        fetch: device.link.fetch,
        dbName: device.dbName,
        clock: device.clock,
        storage: device.storage,
      });
      device.tabs.push(tab);
      return tab;
    },
    update() {
      device.close();
      return device.openTab();
    },
    close() {
      for (const tab of device.tabs) tab.db.close();
      device.tabs = [];
    },
    async destroy() {
      device.close();
      await Dexie.delete(device.dbName);
    },
  };
  device.openTab();
  return device;
}
