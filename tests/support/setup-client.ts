// Set-up for the client project: sonner keeps its toasts in a module-wide store and replays the
// ones still showing to every Toaster that mounts, so a toast from one test would appear again in
// the next test's app. Each test ends with every toast dismissed.
// The device speaks en-IN and keeps India's time, as Carry's users' phones do (the app reads the
// locale and the zone once, at import): a time at an Indian airport reads '9:30 am', one at Dubai
// '9:30 am GST', whatever the zone of the machine running the tests.
import { toast } from 'sonner';
import { afterEach, beforeAll } from 'vitest';

process.env.TZ = 'Asia/Kolkata';
Object.defineProperty(globalThis.navigator, 'languages', { value: ['en-IN', 'en'], configurable: true });

// The app loads its language before the first render (main.tsx); so do the tests, in English.
// Imported here, not above: a static import would run before TZ is set, and the app would keep
// the machine's zone.
// Every area's catalogue too: a screen then renders at once, as it does once the app has warmed them.
beforeAll(async () => {
  const i18n = await import('@/client/i18n/i18n');
  await i18n.loadLocale('en');
  await i18n.loadAllAreas('en');
});

afterEach(() => {
  toast.dismiss();
});
