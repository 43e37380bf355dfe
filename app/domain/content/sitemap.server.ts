import type { DbOrTx } from "../../db/client.server";
import { listProductSlugs } from "../catalogue/catalogue.server";
import { CATEGORIES } from "../catalogue/constants";
import { listEventSlugs } from "./events.server";

const STATIC_PATHS = [
  "/",
  "/products",
  "/events",
  "/events?tab=past",
  "/gallery",
  "/contact",
  "/quotation",
  "/privacy",
  "/terms",
];

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The sitemap of every public page, products and events included, from the live data. */
export async function buildSitemap(db: DbOrTx, publicUrl: string): Promise<string> {
  const [products, events] = await Promise.all([listProductSlugs(db), listEventSlugs(db)]);
  const urls: { loc: string; lastmod?: string }[] = [
    ...STATIC_PATHS.map((p) => ({ loc: p })),
    ...CATEGORIES.map((c) => ({ loc: `/products?category=${c.id}` })),
    ...products.map((p) => ({ loc: `/products/${p.slug}`, lastmod: p.updatedAt.toISOString().slice(0, 10) })),
    ...events.map((e) => ({ loc: `/events/${e.slug}`, lastmod: e.updatedAt.toISOString().slice(0, 10) })),
  ];
  const body = urls
    .map(
      (u) =>
        `  <url><loc>${escapeXml(publicUrl + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
