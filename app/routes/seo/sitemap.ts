import { getDb } from "~/db/client.server";
import { buildSitemap } from "~/domain/content/sitemap.server";
import { getEnv } from "~/lib/env.server";

export async function loader() {
  const xml = await buildSitemap(getDb(), getEnv().publicUrl);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
