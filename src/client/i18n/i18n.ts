// The active language's messages: one Lingui instance, the catalogue of the chosen language only
// (a lazy chunk per language, compiled at build time from messages/<locale>.json, so no ICU
// parser ships), `t` for code outside React and `useT` for components (they re-render when the
// language changes: no reload). How to add a string or a language: docs/i18n.md.
import { type Messages, setupI18n } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';
import type enCatalogue from '../../../messages/en.json';
import { setIntlLocale } from '../locale';
import { intlLocale, LOCALE_STORAGE_KEY, type Locale } from './locales';

/** Every message id: the English catalogue's keys (a typo or a removed id fails the type-check). */
export type MessageKey = keyof typeof enCatalogue;
/** A message's parameters: `{count}` for a plural, `{name}` for a name, a number or a Date. */
export type MessageValues = Record<string, string | number | Date>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const i18n = setupI18n();

// One chunk per language; only the chosen one is fetched (and then kept by the service worker).
const CATALOGUES: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../../messages/en.json?lingui'),
  hi: () => import('../../../messages/hi.json?lingui'),
};

let active: Locale | null = null;
const listeners = new Set<() => void>();

/** Loads a language's catalogue and makes it the active one: every `useT` re-renders. */
export async function loadLocale(locale: Locale): Promise<void> {
  const { messages } = await CATALOGUES[locale]();
  i18n.loadAndActivate({ locale, locales: [intlLocale(locale)], messages });
  active = locale;
  setIntlLocale(intlLocale(locale));
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale(locale);
  for (const listener of listeners) listener();
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
export const t: Translate = (key, values) => i18n._(key, values);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language, re-rendering the component when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/** `t` for a component: it re-renders in the new language when the user switches. */
export function useT(): Translate {
  const locale = useLocale();
  // A new function per language, so memoised children and effects that depend on it update.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the identity must change with the language.
  return useMemo<Translate>(() => (key, values) => i18n._(key, values), [locale]);
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
