// A public id in a URL (/products/led-wall-p3, /events/corporate-gala-night): lower-case letters and digits in
// words joined by single hyphens. Anything else in the URL cannot name a record, so it is answered as not found
// without asking the database (or keeping anything for it).

export const SLUG_MAX_LENGTH = 120;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `value` has the shape of a public id. */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}
