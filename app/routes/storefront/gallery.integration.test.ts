import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import type { Route } from "./+types/gallery";
import { loader } from "./gallery";
import { createRequestContext } from "~/lib/request-context";

// The /gallery loader: all items in gallery order, one category by ?category=, nothing for an unknown one.

async function load(query = "") {
  return loader({
    request: new Request(`http://localhost/gallery${query}`),
    params: {},
    context: createRequestContext(),
  } as unknown as Route.LoaderArgs);
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("/gallery loader", () => {
  it("lists every item, in gallery order, with no category (or an empty one)", async () => {
    for (const query of ["", "?category="]) {
      const result = await load(query);
      expect(result.category).toBeNull();
      expect(result.known).toBe(true);
      expect(result.items.map((i) => i.category)).toEqual([
        "corporate",
        "wedding",
        "concert",
        "exhibition",
        "product-launch",
        "conference",
      ]);
    }
  });

  it("filters by one category", async () => {
    const result = await load("?category=wedding");
    expect(result).toMatchObject({ category: "wedding", known: true });
    expect(result.items).toEqual([
      expect.objectContaining({
        title: "Grand Wedding Reception",
        category: "wedding",
        imageUrl: "/images/gallery/wedding.webp",
      }),
    ]);
    expect((await load("?category=product-launch")).items.map((i) => i.title)).toEqual(["Smartphone Launch Reveal"]);
  });

  it("gives no items for an unknown category", async () => {
    const result = await load("?category=birthdays");
    expect(result).toMatchObject({ category: "birthdays", known: false, items: [] });
  });
});
