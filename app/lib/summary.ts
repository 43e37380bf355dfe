/**
 * A description cut at a word boundary to at most `max` characters (with an ellipsis), for meta descriptions
 * and link previews. Shorter text comes back unchanged.
 */
export function summarize(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.lastIndexOf(" ", max - 1);
  return `${clean.slice(0, cut > 0 ? cut : max - 1).replace(/[,;:.]$/, "")}…`;
}
