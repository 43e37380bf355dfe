import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inventorySeed } from "./catalogue";
import { eventSeed, gallerySeed, heroSeed, logoSeed } from "./content";

// Every picture the seed points at is a file shipped in public/, with its small variant for srcset:
// the product must work with no internet.
const urls = [
  ...inventorySeed.flatMap((i) => i.imageUrls ?? []),
  ...eventSeed.flatMap((e) => [e.imageUrl!, ...(e.images ?? [])]),
  ...gallerySeed.map((g) => g.imageUrl),
  ...heroSeed.map((h) => h.imageUrl),
  ...logoSeed.map((l) => l.imageUrl),
];

describe("seed images", () => {
  it.each(urls.filter((u, i) => urls.indexOf(u) === i))("%s is in public/", (url) => {
    expect(url).toMatch(/^\/images\/[a-z0-9/-]+\.webp$/);
    expect(existsSync(path.join("public", url))).toBe(true);
    if (!url.startsWith("/images/logos/"))
      expect(existsSync(path.join("public", url.replace(/\.webp$/, "-480w.webp")))).toBe(true);
  });

  it("includes the favicon and touch icon", () => {
    expect(existsSync("public/favicon.png")).toBe(true);
    expect(existsSync("public/apple-touch-icon.png")).toBe(true);
  });
});
