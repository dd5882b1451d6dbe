// The words around the domain's formatted numbers and dates (src/domain/format.ts speaks no
// language): a booking's price sum and "as of" a time, in the active language and its Intl locale.
import { LOCALE } from '@/client/locale';
import { asOfParts, priceSumParts } from '@/domain/format';
import { t as activeT, type Translate } from './i18n';

/** '₹500 per KG × 4 KG = ₹2,000' in the active language. */
export function priceSumText(pricePerKg: number, kg: number, total: number, t: Translate = activeT): string {
  return t('common.priceSum', { ...priceSumParts(pricePerKg, kg, total, LOCALE) });
}

/** 'as of 2:05 pm', 'as of 1 May, 2:05 pm' in the active language (the device's zone, or `timeZone`). */
export function asOfText(atMs: number, nowMs: number, timeZone?: string, t: Translate = activeT): string {
  const { day, time } = asOfParts(atMs, nowMs, timeZone, LOCALE);
  return day ? t('common.asOfDay', { day, time }) : t('common.asOf', { time });
}
