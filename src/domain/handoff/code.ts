// The hand-off code: six digits, the last a Damm check digit of the first five. The check digit
// is a public rule, not a secret: the carrier's device catches every single mistyped digit and
// every swap of two neighbours with no signal, yet learns nothing about a given booking's code
// (10^5 codes stay equally likely), so guessing still goes through the server and its lockout.

export const HANDOFF_CODE_DIGITS = 6;
/** Wrong codes the server accepts per booking before it locks completion. */
export const HANDOFF_MAX_FAILURES = 5;
export const HANDOFF_LOCK_MS = 15 * 60 * 1000;

// Damm's totally anti-symmetric quasigroup of order 10 (H. M. Damm, 2004).
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

function dammInterim(digits: string): number {
  let interim = 0;
  for (const ch of digits) interim = DAMM[interim]?.[Number(ch)] ?? interim;
  return interim;
}

/** The Damm check digit of a string of digits. */
export function dammCheckDigit(digits: string): string {
  return String(dammInterim(digits));
}

/** A full code from five random digits (the server draws them). */
export function handoffCodeFrom(fiveDigits: string): string {
  if (!/^\d{5}$/.test(fiveDigits)) throw new Error('handoffCodeFrom needs exactly five digits');
  return fiveDigits + dammCheckDigit(fiveDigits);
}

/** Drops spaces and dashes people type or a QR carries: ' 123-456 ' -> '123456'. */
export function normalizeHandoffCode(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

export type HandoffCodeCheck = 'ok' | 'empty' | 'format' | 'typo';

/** The local check the carrier's device runs before recording a completion. */
export function checkHandoffCode(raw: string): HandoffCodeCheck {
  const code = normalizeHandoffCode(raw);
  if (code === '') return 'empty';
  if (!/^\d{6}$/.test(code)) return 'format';
  return dammInterim(code) === 0 ? 'ok' : 'typo';
}

/** What the traveller's QR holds: a prefix, so another QR scanned by mistake is not taken. */
const QR_PREFIX = 'CARRY-HANDOFF:';

export function handoffQrText(code: string): string {
  return `${QR_PREFIX}${code}`;
}

/** The code in a scanned QR, or null when it is not a hand-off QR. */
export function codeFromQrText(text: string): string | null {
  const match = text.trim().match(/^CARRY-HANDOFF:(\d{6})$/);
  return match?.[1] ?? null;
}

/** Shown with a space in the middle, as people read it aloud: '123 456'. */
export function formatHandoffCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}
