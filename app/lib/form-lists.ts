// Lists typed into one form field (browser and server): tags separated by commas, picture addresses one per line.
// Used by every form that takes them (inventory items, events, the gallery).

/** Comma-separated tags: trimmed, blanks dropped, each once (the first spelling kept). */
export function splitTags(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(",")) {
    const tag = raw.replace(/\s+/g, " ").trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Image addresses one per line: trimmed, blank lines dropped, each once. */
export function splitImageUrls(input: string): string[] {
  return [
    ...new Set(
      input
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/** An address the storefront can show: http(s) anywhere, or a path on this site (/images/..., /media/...). */
export function isImageAddress(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !/\s/.test(value);
  } catch {
    return false;
  }
}
