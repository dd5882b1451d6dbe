// Ranks airports or airlines for a typed query, as a picker shows them: the code first
// ("del" -> DEL), then a city or name word that starts with it ("Delhi", "Indira"), then any
// match inside; recent choices lead within each rank. Pure, so the picker and tests share it.

export interface Choice {
  /** The IATA code the form stores. */
  value: string;
  /** What the picker shows: "Indira Gandhi International Airport (DEL)". */
  label: string;
  /** Extra words a traveller may type: the city and country. */
  keywords?: string;
  /** What the input shows once chosen, when shorter than the label: "Mumbai (BOM)". */
  short?: string;
  /** The option's first line, beside its code, when it shows two ("Mumbai"). */
  title?: string;
  /** The option's second line ("Chhatrapati Shivaji Maharaj International Airport, India"). */
  detail?: string;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** 0 is the best match; null means no match. */
function rank(choice: Choice, query: string): number | null {
  const code = choice.value.toLowerCase();
  if (code === query) return 0;
  if (code.startsWith(query)) return 1;
  const place = words(choice.keywords ?? '');
  if (place.some((w) => w.startsWith(query))) return 2;
  if (words(choice.label).some((w) => w.startsWith(query))) return 3;
  const all = `${choice.label} ${choice.keywords ?? ''}`.toLowerCase();
  return all.includes(query) ? 4 : null;
}

/** The choices matching `query` (all of them when it is blank), best first, recent first within a rank. */
export function rankChoices(
  choices: readonly Choice[],
  query: string,
  recent: readonly string[] = [],
): Choice[] {
  const q = query.trim().toLowerCase();
  const recentAt = new Map(recent.map((code, i) => [code, i]));
  const scored: { choice: Choice; score: number; recent: number; at: number }[] = [];
  choices.forEach((choice, at) => {
    const score = q ? rank(choice, q) : 0;
    if (score === null) return;
    scored.push({ choice, score, recent: recentAt.get(choice.value) ?? Number.POSITIVE_INFINITY, at });
  });
  scored.sort((a, b) => a.score - b.score || a.recent - b.recent || a.at - b.at);
  return scored.map((s) => s.choice);
}
