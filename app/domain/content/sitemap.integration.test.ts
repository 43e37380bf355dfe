import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inventoryItems } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { buildSitemap } from "./sitemap.server";

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("buildSitemap", () => {
  it("lists the public pages, every category, product and event from the live data", async () => {
    await getDb().insert(inventoryItems).values({ slug: "new-item-a&b", name: "New", category: "sound" });
    const xml = await buildSitemap(getDb(), "https://rentals.example.com");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    for (const path of ["/", "/products", "/events", "/gallery", "/contact", "/quotation", "/privacy", "/terms"]) {
      expect(xml).toContain(`<loc>https://rentals.example.com${path}</loc>`);
    }
    expect(xml).toContain("<loc>https://rentals.example.com/products?category=fx</loc>");
    expect(xml).toMatch(
      /<loc>https:\/\/rentals\.example\.com\/products\/led-wall-p3<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
    expect(xml).toContain("<loc>https://rentals.example.com/events/corporate-gala-night</loc>");
    // Text is escaped for XML.
    expect(xml).toContain("/products/new-item-a&amp;b");
    expect((xml.match(/<url>/g) ?? []).length).toBe(9 + 14 + 20 + 5);
  });
});
