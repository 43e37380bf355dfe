import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inventorySeed } from "~/db/seed/catalogue";
import { seedDatabase } from "~/db/seed/seed.server";
import { CATEGORIES } from "~/domain/catalogue/constants";
import type { Route } from "./+types/products";
import Products, { loader, meta } from "./products";
import { createRequestContext } from "~/lib/request-context";

type LoaderData = Awaited<ReturnType<typeof loader>>;

function load(path: string): Promise<LoaderData> {
  return loader({
    request: new Request(`http://localhost${path}`),
    params: {},
    context: createRequestContext(),
  } as unknown as Route.LoaderArgs);
}

/** The page as the server renders it for `path`, with the loader's real answer. */
async function render(path: string): Promise<string> {
  const loaderData = await load(path);
  const Stub = createRoutesStub([
    {
      id: "products",
      path: "/products",
      Component: Products as unknown as ComponentType,
      loader: () => loaderData,
    },
  ]);
  return renderToString(
    createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { products: loaderData } } }),
  );
}

/** Visible text of some HTML: tags out, entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<style[^>]*>.*?<\/style>/gs, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

function metaOf(loaderData: LoaderData) {
  return meta({ loaderData, matches: [], params: {}, location: {} } as unknown as Route.MetaArgs);
}

describe("/products loader and page", () => {
  beforeAll(async () => {
    await seedDatabase(getDb());
  });

  it("lists the whole catalogue in catalogue order, with the fields a card shows", async () => {
    const result = await load("/products");
    expect(result.category).toBeNull();
    expect(result.requested).toBeNull();
    expect(result.products).toHaveLength(inventorySeed.length);
    expect(result.products.slice(0, 3).map((p) => p.slug)).toEqual([
      "led-wall-p3",
      "moving-head-beam",
      "line-array-sound",
    ]);
    const led = result.products[0]!;
    expect(led).toMatchObject({
      name: "P3 Indoor LED Video Wall",
      category: "led",
      priceUnit: "sqm/day",
      tags: ["indoor", "p3", "video-wall", "conference", "wedding"],
      imageUrls: [
        "/images/products/led-wall-p3-1.webp",
        "/images/products/led-wall-p3-2.webp",
        "/images/products/led-wall-p3-3.webp",
      ],
    });
    expect(Number(led.price)).toBe(5000);
    // Nothing the public must not see (supplier, purchase rate) is in the card data.
    expect(Object.keys(led)).not.toContain("supplierInfo");
    expect(Object.keys(led)).not.toContain("purchaseRate");
  });

  it("renders 'All Equipment', 'Showing N items' and one card per product with its first image and price", async () => {
    const html = await render("/products");
    const text = textOf(html);
    expect(html).toMatch(/<h1[^>]*>All Equipment<\/h1>/);
    expect(text).toContain(`Showing ${inventorySeed.length} items`);
    expect(html.match(/href="\/products\/[a-z0-9-]+"/g)).toHaveLength(inventorySeed.length);
    expect(html).toContain('src="/images/products/led-wall-p3-1.webp"');
    expect(html).not.toContain('src="/images/products/led-wall-p3-2.webp"');
    expect(text).toContain("৳5,000 / sqm/day");
    expect(text).toContain("৳25,000 / event");
    // The sidebar: All Equipment (current) and the 14 categories, each keeping the choice in the URL.
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/products"[^>]*>.*?All Equipment<\/a>/s);
    for (const category of CATEGORIES) expect(html).toContain(`href="/products?category=${category.id}"`);
  });

  it("staggers the cards' entry animation by 0.05 s each, only for visitors who accept motion", async () => {
    const html = await render("/products");
    expect(html).toContain("animation-delay:0.00s");
    expect(html).toContain("animation-delay:0.05s");
    expect(html).toContain("animation-delay:0.10s");
    expect(html).toContain("motion-safe:animate-[product-card-entry");
    expect(html).toContain("@keyframes product-card-entry");
  });

  it("filters by one category: led holds only the P3 LED wall", async () => {
    const result = await load("/products?category=led");
    expect(result.category).toEqual({
      id: "led",
      name: "LED Walls",
      description: CATEGORIES.find((c) => c.id === "led")!.description,
    });
    expect(result.products.map((p) => p.slug)).toEqual(["led-wall-p3"]);

    const html = await render("/products?category=led");
    const text = textOf(html);
    expect(html).toMatch(/<h1[^>]*>LED Walls<\/h1>/);
    expect(text).toContain("Showing 1 items");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/products\?category=led"[^>]*>.*?LED Walls<\/a>/s);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    // At most 3 tags on a card: led-wall-p3 has 5.
    expect(html).toContain(">video-wall<");
    expect(html).not.toContain(">conference<");
    expect(html).not.toContain(">wedding<");
  });

  it("gives every one of the 14 categories at least one item, and only items of that category", async () => {
    let total = 0;
    for (const category of CATEGORIES) {
      const { products } = await load(`/products?category=${category.id}`);
      expect(products.length, category.id).toBeGreaterThan(0);
      expect(products.every((p) => p.category === category.id)).toBe(true);
      total += products.length;
    }
    expect(total).toBe(inventorySeed.length);
    expect((await load("/products?category=video")).products.map((p) => p.slug)).toEqual([
      "laser-projector-10k",
      "confidence-monitor",
    ]);
  });

  it("answers an unknown category with the empty state (a plain 200 answer, not an error)", async () => {
    const result = await load("/products?category=spaceships");
    expect(result).toEqual({ requested: "spaceships", category: null, products: [] });

    const html = await render("/products?category=spaceships");
    const text = textOf(html);
    expect(text).toContain("Showing 0 items");
    expect(text).toContain("No products found");
    expect(text).toContain("Try selecting a different category or check back later");
    expect(html).toMatch(/<a[^>]*href="\/products"[^>]*>View All Products<\/a>/);
    // No filter is marked as the current one.
    expect(html).not.toContain('aria-current="page"');
  });

  it("treats an empty ?category= as the whole catalogue", async () => {
    const result = await load("/products?category=");
    expect(result.category).toBeNull();
    expect(result.products).toHaveLength(inventorySeed.length);
  });

  it("renders the small-screen filter toggle closed, with aria-expanded, and a no-JavaScript fallback", async () => {
    const html = await render("/products");
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*aria-controls="product-filters"[^>]*>.*?Show Filters/s);
    const navClass = /<nav id="product-filters"[^>]*class="([^"]*)"/.exec(html)?.[1]?.split(" ");
    expect(navClass).toContain("hidden");
    expect(navClass).toContain("lg:block");
    expect(html).toContain("<noscript><style>#product-filters{display:block}");
  });

  it("titles the page by the category and describes it by the category's description", async () => {
    const all = metaOf(await load("/products"));
    expect(all).toContainEqual({ title: "All Equipment" });
    expect(all).not.toContainEqual({ name: "robots", content: "noindex" });

    const led = metaOf(await load("/products?category=led"));
    expect(led).toContainEqual({ title: "LED Walls" });
    expect(led).toContainEqual({
      name: "description",
      content: CATEGORIES.find((c) => c.id === "led")!.description,
    });
    expect(led).toContainEqual({ tagName: "link", rel: "canonical", href: "/products?category=led" });

    const unknown = metaOf(await load("/products?category=spaceships"));
    expect(unknown).toContainEqual({ name: "robots", content: "noindex" });
  });
});
