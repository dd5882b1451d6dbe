// Times in the console: the date and time in the app's language (its Intl locale, read at each
// call so a switch of language shows at once).
import { LOCALE } from '@/client/locale';

export const when = (ms: number) =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
