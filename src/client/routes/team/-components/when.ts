// Times in the console: the date and time in the staff member's locale.
const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const when = (ms: number) => FORMAT.format(new Date(ms));
