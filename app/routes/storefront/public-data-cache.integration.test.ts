import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDatabase, getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { invalidatePublicData } from "~/lib/cache.server";
import { loader as rootLoader } from "~/root";
import { loader as eventLoader } from "./event";
import { loader as eventsLoader } from "./events";
import { loader as galleryLoader } from "./gallery";
import { loader as homeLoader } from "./home";
import { loader as layoutLoader } from "./layout";
import { loader as productLoader } from "./product";
import { loader as productsLoader } from "./products";
import { createRequestContext } from "~/lib/request-context";

// DESIGN §7: the data of public pages is read from the database once and then served from the cache until a
// change clears it. Rendering a page runs the loaders of its route chain (root, storefront layout, page).

type AnyLoader = (args: never) => unknown;

const pages: [string, AnyLoader, Record<string, string>][] = [
  ["/", homeLoader, {}],
  ["/products", productsLoader, {}],
  ["/products?category=lighting", productsLoader, {}],
  ["/products/led-wall-p3", productLoader, { slug: "led-wall-p3" }],
  ["/events", eventsLoader, {}],
  ["/events?tab=past", eventsLoader, {}],
  ["/gallery", galleryLoader, {}],
];

async function renderData(path: string, pageLoader: AnyLoader, params: Record<string, string>) {
  const args = { request: new Request(`http://localhost${path}`), params, context: createRequestContext() } as never;
  await Promise.all([(rootLoader as AnyLoader)(args), (layoutLoader as AnyLoader)(args), pageLoader(args)]);
}

/** Counts the statements sent to the database (either driver) while `work` runs. */
async function countQueries(work: () => Promise<void>): Promise<number> {
  const database = getDatabase();
  const target = (database.pglite ?? database.pool) as unknown as { query: (...args: unknown[]) => unknown };
  const spy = vi.spyOn(target, "query");
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

afterEach(() => invalidatePublicData());

describe("public pages read the database once", () => {
  it.each(pages)("renders %s a second time without a query", async (path, pageLoader, params) => {
    const first = await countQueries(() => renderData(path, pageLoader, params));
    expect(first).toBeGreaterThan(0);
    expect(await countQueries(() => renderData(path, pageLoader, params))).toBe(0);
  });

  it("reads again after a change is announced", async () => {
    await renderData("/products", productsLoader, {});
    invalidatePublicData();
    expect(await countQueries(() => renderData("/products", productsLoader, {}))).toBeGreaterThan(0);
  });

  it("asks nothing for a product or event address that cannot be a slug, and keeps nothing for a missing one", async () => {
    // Root and layout cached first, so only the page's own lookup counts.
    await renderData("/products/led-wall-p3", productLoader, { slug: "led-wall-p3" });
    const odd = () => renderData("/products/x", productLoader, { slug: "../../etc/passwd" });
    expect(await countQueries(odd)).toBe(0);
    const oddEvent = () => renderData("/events/x", eventLoader, { slug: "<script>" });
    expect(await countQueries(oddEvent)).toBe(0);
    const missing = () => renderData("/products/no-such-item", productLoader, { slug: "no-such-item" });
    expect(await countQueries(missing)).toBe(1);
    expect(await countQueries(missing)).toBe(1);
  });
});
