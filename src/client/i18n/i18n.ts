// The active language's messages: one Lingui instance holding the chosen language only, in
// catalogues compiled at build time (no ICU parser ships): the shell's (messages/<locale>.json:
// app shell, sign-in, refusals, validation), loaded before the first render, and one per area of
// screens (messages/<area>/<locale>.json), each a chunk of its own, loaded by the first component
// that asks for it (`useT('search')`) and, once the app is idle, all of them (so the service
// worker holds every screen's words for offline). `t` for code outside React, `useT` for
// components (they re-render when the language changes: no reload). How to add a string or a
// language: docs/i18n.md.
import { type Messages, setupI18n } from '@lingui/core';
import { use, useEffect, useMemo, useSyncExternalStore } from 'react';
import type carrierCatalogue from '../../../messages/carrier/en.json';
import type enCatalogue from '../../../messages/en.json';
import type peopleCatalogue from '../../../messages/people/en.json';
import type searchCatalogue from '../../../messages/search/en.json';
import type senderCatalogue from '../../../messages/sender/en.json';
import type teamCatalogue from '../../../messages/team/en.json';
import { setIntlLocale } from '../locale';
import { manifestHref } from '../pwa/manifest';
import { intlLocale, LOCALE_STORAGE_KEY, type Locale } from './locales';

/** The shell's message ids (messages/en.json): loaded before the first render, usable anywhere. */
export type MessageKey = keyof typeof enCatalogue;
/** Each area's message ids (the English catalogue's keys: a typo or a removed id fails the type-check). */
export interface AreaKeys {
  search: keyof typeof searchCatalogue;
  carrier: keyof typeof carrierCatalogue;
  sender: keyof typeof senderCatalogue;
  people: keyof typeof peopleCatalogue;
  team: keyof typeof teamCatalogue;
}
/** An area of screens with a catalogue of its own. */
export type Area = keyof AreaKeys;
/** Every message id of every catalogue. */
export type AnyMessageKey = MessageKey | AreaKeys[Area];
/** A message's parameters: `{count}` for a plural, `{name}` for a name, a number or a Date. */
export type MessageValues = Record<string, string | number | Date>;
/** Renders a message: the shell's ids, and the ids of the area `A` when given. */
export type Translate<K extends string = MessageKey> = (key: K, values?: MessageValues) => string;

type Loader = () => Promise<{ messages: Messages }>;

const i18n = setupI18n();

// One chunk per language and catalogue; only the chosen language's are fetched (and then kept by
// the service worker). Vite needs each import written out.
const SHELL: Record<Locale, Loader> = {
  en: () => import('../../../messages/en.json?lingui'),
  hi: () => import('../../../messages/hi.json?lingui'),
};
const AREAS: Record<Area, Record<Locale, Loader>> = {
  search: {
    en: () => import('../../../messages/search/en.json?lingui'),
    hi: () => import('../../../messages/search/hi.json?lingui'),
  },
  carrier: {
    en: () => import('../../../messages/carrier/en.json?lingui'),
    hi: () => import('../../../messages/carrier/hi.json?lingui'),
  },
  sender: {
    en: () => import('../../../messages/sender/en.json?lingui'),
    hi: () => import('../../../messages/sender/hi.json?lingui'),
  },
  people: {
    en: () => import('../../../messages/people/en.json?lingui'),
    hi: () => import('../../../messages/people/hi.json?lingui'),
  },
  team: {
    en: () => import('../../../messages/team/en.json?lingui'),
    hi: () => import('../../../messages/team/hi.json?lingui'),
  },
};
export const AREA_NAMES = Object.keys(AREAS) as Area[];

/** A load in progress or done (once done it says so as React reads it: `use` does not suspend). */
type Loading = Promise<void>;
const loads = new Map<string, Loading>();

/** Loads an area's messages of `locale` into the instance (once; a failed fetch may be retried). */
function loadArea(locale: Locale, area: Area): Loading {
  const key = `${locale}:${area}`;
  let loading = loads.get(key);
  if (!loading) {
    const started: Loading = AREAS[area][locale]().then(({ messages }) => {
      // A copy: Lingui keeps the first object it is given and merges later ones into it.
      i18n.load(locale, { ...messages });
      Object.assign(started, { status: 'fulfilled', value: undefined });
    });
    started.catch(() => loads.delete(key));
    loads.set(key, started);
    loading = started;
  }
  return loading;
}

// The areas on screen now (counted by the mounted `useT(area)`): a switch loads them before it
// changes the language, so the screen never shows an id.
const mounted = new Map<Area, number>();

let active: Locale | null = null;
const listeners = new Set<() => void>();

/**
 * Loads a language (its shell and the areas on screen) and makes it the active one: every `useT`
 * re-renders. The other areas follow once the app is idle (`warmAreas`).
 */
export async function loadLocale(locale: Locale): Promise<void> {
  const onScreen = [...mounted.keys()];
  const [{ messages }] = await Promise.all([
    SHELL[locale](),
    ...onScreen.map((area) => loadArea(locale, area)),
  ]);
  // Merged with the areas already loaded (loadAndActivate would replace them: a screen would then
  // show ids after a switch back to a language it had loaded before).
  i18n.load(locale, { ...messages });
  i18n.activate(locale, [intlLocale(locale)]);
  active = locale;
  setIntlLocale(intlLocale(locale));
  if (typeof document !== 'undefined') {
    document.documentElement.lang = intlLocale(locale);
    // The tab's and the installed app's switcher title (index.html holds the English).
    document.title = i18n._('app.title');
    // The installed app's name and description in the language (src/client/pwa/manifest.ts).
    const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const href = manifest?.getAttribute('href');
    if (manifest && href) manifest.setAttribute('href', manifestHref(href, locale));
  }
  for (const listener of listeners) listener();
  warmAreas(locale);
}

/**
 * Every area of `locale`, fetched when the browser is idle: offline, every screen has its words.
 * One area per idle period, the next once it has loaded: five catalogues started, evaluated and
 * merged together made one task of 70-110 ms at a phone's speed.
 */
function warmAreas(locale: Locale): void {
  const later = (next: () => void) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(next, { timeout: 1000 });
    else setTimeout(next, 1000);
  };
  const warm = (i: number) => {
    const area = AREA_NAMES[i];
    if (area === undefined) return;
    loadArea(locale, area)
      .catch(() => {})
      .then(() => later(() => warm(i + 1)));
  };
  later(() => warm(0));
}

/** Loads every area of the active language now (tests, and anything that must not wait). */
export async function loadAllAreas(locale: Locale = activeLocale()): Promise<void> {
  await Promise.all(AREA_NAMES.map((area) => loadArea(locale, area)));
}

/** Loads `locale` and keeps it as this device's choice. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts this page only.
  }
}

/** The active language ('en' until one is loaded). */
export function activeLocale(): Locale {
  return active ?? 'en';
}

/** A message in the active language. Outside React (a toast, a title); components use `useT`. */
export const t: Translate<AnyMessageKey> = (key, values) => i18n._(key, values);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language, re-rendering the component when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/**
 * `t` for a component: it re-renders in the new language when the user switches. With an area,
 * it renders that area's ids too, suspending the first render until the area's catalogue is there
 * (the app loads every area once idle, so this wait is a cold start's only).
 */
export function useT(): Translate<MessageKey>;
export function useT<A extends Area>(area: A): Translate<MessageKey | AreaKeys[A]>;
export function useT(area?: Area): Translate<string> {
  const locale = useLocale();
  if (area) use(loadArea(locale, area));
  useEffect(() => {
    if (!area) return;
    mounted.set(area, (mounted.get(area) ?? 0) + 1);
    return () => {
      const left = (mounted.get(area) ?? 1) - 1;
      if (left > 0) mounted.set(area, left);
      else mounted.delete(area);
    };
  }, [area]);
  // A new function per language, so memoised children and effects that depend on it update.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the identity must change with the language.
  return useMemo<Translate<string>>(() => (key, values) => i18n._(key, values), [locale]);
}

// A language chosen before logging in (the login screen's switch) is the account's from then on;
// otherwise a device that logs in takes the account's language.
let chosenBeforeLogin = false;

/** The login screen's switch: this choice should become the account's at the next login. */
export function markChosenBeforeLogin(): void {
  chosenBeforeLogin = true;
}

/** Whether a choice is waiting to become the account's (and forgets it). */
export function takeChosenBeforeLogin(): boolean {
  const chosen = chosenBeforeLogin;
  chosenBeforeLogin = false;
  return chosen;
}
