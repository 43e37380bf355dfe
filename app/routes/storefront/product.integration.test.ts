import { eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type InitialEntry } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inventoryItems } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { invalidatePublicData } from "~/lib/cache.server";
import type { Route } from "./+types/product";
import ProductPage, { loader, meta } from "./product";
import { createRequestContext } from "~/lib/request-context";

type Answer = Awaited<ReturnType<typeof loader>>;
type LoaderData = Answer["data"];

function load(slug: string): Promise<Answer> {
  return loader({
    request: new Request(`http://localhost/products/${slug}`),
    params: { slug },
    context: createRequestContext(),
  } as unknown as Route.LoaderArgs);
}

/** The page as the server renders it, with the loader's real answer; `entry` may carry navigation state. */
async function render(slug: string, entry: InitialEntry = `/products/${slug}`): Promise<string> {
  const { data: loaderData } = await load(slug);
  const Stub = createRoutesStub([
    {
      id: "product",
      path: "/products/:slug",
      Component: ProductPage as unknown as ComponentType,
      loader: () => loaderData,
    },
  ]);
  return renderToString(
    createElement(Stub, { initialEntries: [entry], hydrationData: { loaderData: { product: loaderData } } }),
  );
}

/** Visible text of some HTML: tags out, entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

function metaOf(loaderData: LoaderData, slug: string) {
  return meta({ loaderData, matches: [], params: { slug }, location: {} } as unknown as Route.MetaArgs);
}

describe("/products/{id} loader and page", () => {
  beforeAll(async () => {
    await seedDatabase(getDb());
  });

  it("finds a product by its slug with everything the page shows", async () => {
    const answer = await load("led-wall-p3");
    expect(answer.init?.status ?? 200).toBe(200);
    const product = answer.data.product!;
    expect(product).toMatchObject({
      slug: "led-wall-p3",
      name: "P3 Indoor LED Video Wall",
      category: "led",
      source: "in-house",
      status: "available",
      priceUnit: "sqm/day",
      size: "500 × 500 mm cabinets",
      pricingHint: "Priced per square metre per day. Minimum 16 sqm; processor, setup and technician included.",
    });
    expect(Number(product.price)).toBe(5000);
    expect(product.imageUrls).toHaveLength(3);
    expect(product.variations.map((v) => [v.name, v.status])).toEqual([
      ["8×4 meters", "available"],
      ["12×6 meters", "available"],
    ]);
    expect(Object.keys(product)).not.toContain("supplierInfo");
    expect(Object.keys(product)).not.toContain("purchaseRate");
  });

  it("renders name, badges, description, tags, price with unit, hint, size, variations and the buttons", async () => {
    const html = await render("led-wall-p3");
    const text = textOf(html);
    expect(html).toMatch(/<h1[^>]*>P3 Indoor LED Video Wall<\/h1>/);
    expect(text).toContain("In-house");
    expect(text).toContain("Available");
    expect(text).toContain("seamless 3.9 mm-pitch indoor LED wall");
    for (const tag of ["indoor", "p3", "video-wall", "conference", "wedding"]) expect(html).toContain(`${tag}</li>`);
    expect(text).toContain("৳5,000 / sqm/day");
    expect(text).toContain("Minimum 16 sqm; processor, setup and technician included.");
    expect(text).toContain("Size: 500 × 500 mm cabinets");
    expect(text).toContain("8×4 meters");
    expect(text).toContain("12×6 meters");
    expect(html).toMatch(/<a[^>]*href="\/quotation\?product=led-wall-p3"[^>]*>.*?Request Quotation<\/a>/s);
    expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>.*?Contact Us<\/a>/s);
    expect(html).toMatch(/<a[^>]*href="\/products"[^>]*>.*?Back to Products<\/a>/s);
    // Breadcrumb to the category.
    expect(html).toMatch(/<a[^>]*href="\/products\?category=led"[^>]*>LED Walls<\/a>/);
    expect(text).toContain("Why Choose Our Equipment");
    for (const point of ["Premium Quality", "Technical Support", "Flexible Options"]) {
      expect(html).toMatch(new RegExp(`<h3[^>]*>${point}</h3><p[^>]*>[A-Z][^<]{40,}\\.</p>`));
    }
  });

  it("shows the gallery: main picture, previous/next and one thumbnail per picture", async () => {
    const html = await render("led-wall-p3");
    expect(html).toContain('aria-label="View larger: picture 1 of 3"');
    expect(html).toContain('src="/images/products/led-wall-p3-1.webp"');
    expect(html).toContain('aria-label="Previous picture"');
    expect(html).toContain('aria-label="Next picture"');
    for (const n of [1, 2, 3]) expect(html).toContain(`aria-label="Show picture ${n} of 3"`);

    // One picture: no arrows, no thumbnails.
    const single = await render("fog-hazer");
    expect(single).toContain('aria-label="View larger"');
    expect(single).not.toContain("Next picture");
    expect(single).not.toContain("Show picture");
  });

  it("shows each variation's own availability, 'Booked' for a booked one", async () => {
    const html = await render("wireless-mic-kit");
    expect(html).toMatch(/Handheld pair<\/h3>.*?<span[^>]*>Available<\/span>/s);
    expect(html).toMatch(/Headset pair<\/h3>.*?<span[^>]*>Booked<\/span>/s);
    expect(textOf(html)).not.toContain("Currently Booked");
  });

  it("labels the item's availability and source: Currently Booked, Under Repair, Outsourced", async () => {
    expect(textOf(await render("laser-projector-10k"))).toContain("Currently Booked");
    const hazer = textOf(await render("fog-hazer"));
    expect(hazer).toContain("Under Repair");
    // No hint and no size on this one: neither is shown.
    expect(hazer).not.toContain("Size:");
    const monitor = textOf(await render("confidence-monitor"));
    expect(monitor).toContain("Outsourced");
    expect(monitor).not.toContain("In-house");
  });

  it("shows a product's changes from the database, e.g. a variation taken out of service", async () => {
    const db = getDb();
    const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.slug, "led-wall-p3"));
    await db
      .update(inventoryItems)
      .set({
        variations: row!.variations.map((v) => (v.id === "12x6" ? { ...v, status: "under-repair" as const } : v)),
      })
      .where(eq(inventoryItems.slug, "led-wall-p3"));
    invalidatePublicData();
    try {
      expect(await render("led-wall-p3")).toMatch(/12×6 meters<\/h3>.*?<span[^>]*>Under Repair<\/span>/s);
    } finally {
      await db
        .update(inventoryItems)
        .set({ variations: row!.variations })
        .where(eq(inventoryItems.slug, "led-wall-p3"));
      invalidatePublicData();
    }
  });

  it("goes back to the filtered list the visitor came from", async () => {
    const html = await render("led-wall-p3", {
      pathname: "/products/led-wall-p3",
      state: { fromList: "?category=led" },
    });
    expect(html).toMatch(/<a[^>]*href="\/products\?category=led"[^>]*>.*?Back to Products<\/a>/s);
    // State that is not a list address is ignored.
    const odd = await render("led-wall-p3", { pathname: "/products/led-wall-p3", state: { fromList: "//evil" } });
    expect(odd).toMatch(/<a[^>]*href="\/products"[^>]*>.*?Back to Products<\/a>/s);
  });

  it("answers an unknown id with 404 and the 'Product Not Found' page", async () => {
    const answer = await load("no-such-product");
    expect(answer.init?.status).toBe(404);
    expect(answer.data.product).toBeNull();

    const html = await render("no-such-product");
    const text = textOf(html);
    expect(html).toMatch(/<h1[^>]*>Product Not Found<\/h1>/);
    expect(text).toContain("The product you're looking for doesn't exist or has been removed.");
    expect(html).toMatch(/<a[^>]*href="\/products"[^>]*>.*?Back to Products<\/a>/s);
    expect(text).not.toContain("Request Quotation");
  });

  it("gives the page the product's name, a description and its first picture as og:image", async () => {
    const { data } = await load("led-wall-p3");
    const tags = metaOf(data, "led-wall-p3");
    expect(tags).toContainEqual({ title: "P3 Indoor LED Video Wall" });
    expect(tags).toContainEqual({ property: "og:image", content: "/images/products/led-wall-p3-1.webp" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "/products/led-wall-p3" });
    const description = tags.find((t) => "name" in t && t.name === "description") as { content: string };
    expect(description.content.startsWith("A seamless 3.9 mm-pitch indoor LED wall")).toBe(true);
    expect(description.content.length).toBeLessThanOrEqual(160);

    const missing = metaOf((await load("no-such-product")).data, "no-such-product");
    expect(missing).toContainEqual({ title: "Product Not Found" });
    expect(missing).toContainEqual({ name: "robots", content: "noindex" });
  });
});
