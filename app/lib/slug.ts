// A public id in a URL (/products/led-wall-p3, /events/corporate-gala-night): lower-case letters and digits in
// words joined by single hyphens. Anything else in the URL cannot name a record, so it is answered as not found
// without asking the database (or keeping anything for it).

export const SLUG_MAX_LENGTH = 120;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `value` has the shape of a public id. */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/**
 * A public id made from a name: "LED Wall P3.9 (Outdoor)" → "led-wall-p3-9-outdoor". Accents are dropped; a name
 * with no Latin letters or digits gives `fallback`. At most `max` characters, cut at a hyphen where it can be.
 */
export function slugFromName(name: string, fallback = "item", max = 80): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!words) return fallback;
  if (words.length <= max) return words;
  const cut = words.slice(0, max);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > max / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}

/** `base` if no taken id is it, else the first of base-2, base-3... that none is: how a new record's id is chosen. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
