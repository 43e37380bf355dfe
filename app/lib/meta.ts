import type { MetaDescriptor } from "react-router";

/** What the root loader hands every page's meta: the public address and the site's name. */
export interface SiteInfo {
  publicUrl: string;
  siteName: string;
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

export function siteInfo(matches: Matches): SiteInfo {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteInfo } | undefined;
  return root?.site ?? { publicUrl: "", siteName: "" };
}

/**
 * A page's title, description, canonical address and Open Graph tags. The title is the page's own, then
 * the company's name (the home page is the company's name alone).
 */
export function pageMeta(
  matches: Matches,
  page: {
    title: string;
    description: string;
    path: string;
    image?: string | null;
    type?: "website" | "article";
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const site = siteInfo(matches);
  const title = page.title === site.siteName || !site.siteName ? page.title : `${page.title} | ${site.siteName}`;
  const url = `${site.publicUrl}${page.path}`;
  const image = page.image ? `${site.publicUrl}${page.image}` : undefined;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
