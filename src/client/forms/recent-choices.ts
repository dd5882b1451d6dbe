// The last few airports and airlines this device picked, kept in localStorage (no network, no
// store needed), so the pickers can offer them first.
const MAX_RECENT = 5;
const keyOf = (kind: string) => `carry.recent.${kind}`;

export function readRecent(kind: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(kind)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberRecent(kind: string, code: string): void {
  try {
    const next = [code, ...readRecent(kind).filter((c) => c !== code)].slice(0, MAX_RECENT);
    localStorage.setItem(keyOf(kind), JSON.stringify(next));
  } catch {
    // Storage full or disabled: the picker still works, without recent choices.
  }
}
