// "हिन्दी / English": the language switch of the login screen and the profile menu. Each language
// is named in itself (and marked with its `lang`), so a reader finds theirs whatever the page is
// in; the active one is pressed. Switching re-renders in place (no reload) and works offline once
// the language has been loaded on this device; `onChosen` keeps the choice for the account.
import { useState } from 'react';
import { chooseLocale, useLocale, useT } from './i18n';
import { intlLocale, LOCALE_NAMES, LOCALES, type Locale } from './locales';

interface LocaleSwitchProps {
  /** After the switch: the profile menu queues the choice for the account. */
  onChosen?: (locale: Locale) => void;
  /** Inside a menu (role="menu"): the languages are its radio items, not toggle buttons. */
  inMenu?: boolean;
  className?: string;
}

export function LocaleSwitch({ onChosen, inMenu = false, className = '' }: LocaleSwitchProps) {
  const t = useT();
  const active = useLocale();
  const [failed, setFailed] = useState(false);

  async function choose(locale: Locale) {
    if (locale === active) return;
    try {
      await chooseLocale(locale);
      setFailed(false);
      onChosen?.(locale);
    } catch {
      // Its messages are not on this device and the network is out.
      setFailed(true);
    }
  }

  return (
    <div className={`flex flex-col items-end gap-1 ${className}`}>
      {/* No group label: each button names its language in that language, and a label holding
          "Language" would also answer a search for a field labelled "Age". */}
      <div className="flex items-center text-sm">
        {[...LOCALES].reverse().map((locale, i) => (
          <span key={locale} className="flex items-center">
            {i > 0 ? (
              <span aria-hidden="true" className="px-1 text-slate-600">
                /
              </span>
            ) : null}
            <button
              type="button"
              lang={intlLocale(locale)}
              {...(inMenu
                ? { role: 'menuitemradio', 'aria-checked': locale === active }
                : { 'aria-pressed': locale === active })}
              onClick={() => void choose(locale)}
              className={`min-h-8 rounded-md px-2 font-medium ${
                locale === active ? 'bg-brand-50 text-brand-800' : 'text-brand-700 hover:underline'
              }`}
            >
              {LOCALE_NAMES[locale]}
            </button>
          </span>
        ))}
      </div>
      {failed ? (
        <p role="alert" className="text-xs text-red-700">
          {t('locale.switch.offline')}
        </p>
      ) : null}
    </div>
  );
}
