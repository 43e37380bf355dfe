import { ImageOff } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { GALLERY_CATEGORIES } from "~/domain/content/constants";
import { findGalleryCategory, listGalleryItems } from "~/domain/content/gallery.server";
import { pageMeta } from "~/lib/meta";
import { darkButton } from "~/ui/buttons";
import { GalleryGrid } from "~/ui/gallery-grid";
import { PageHero } from "~/ui/page-hero";
import type { Route } from "./+types/gallery";

const SUBTITLE = "Explore our portfolio of events and equipment in action";

export async function loader({ request }: Route.LoaderArgs) {
  // No value (or an empty one) is all; an unknown value selects nothing and gives the empty state.
  const category = new URL(request.url).searchParams.get("category") || null;
  const items = await listGalleryItems(getDb(), category);
  return { category, known: !category || !!findGalleryCategory(category), items };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=60, s-maxage=300" });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const category = loaderData?.known ? loaderData.category : null;
  return pageMeta(matches, {
    title: "Gallery",
    description: `${SUBTITLE}: conferences, weddings, concerts, exhibitions and launches across Bangladesh.`,
    path: category ? `/gallery?category=${encodeURIComponent(category)}` : "/gallery",
    image: loaderData?.items[0]?.imageUrl,
    noindex: loaderData ? !loaderData.known : false,
  });
}

const filterClass = (active: boolean) =>
  `inline-flex rounded-full border px-4 py-2 text-sm font-semibold transition ${
    active
      ? "border-brand-700 bg-brand-700 text-white shadow"
      : "border-slate-300 bg-white text-ink-900 hover:bg-slate-50"
  }`;

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { category, items } = loaderData;
  const filters = [{ id: null, name: "All" }, ...GALLERY_CATEGORIES];
  return (
    <main>
      <PageHero title="Gallery" subtitle={SUBTITLE} />

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <nav aria-label="Gallery categories">
          <ul className="flex flex-wrap gap-2">
            {filters.map((filter) => {
              const active = filter.id === category;
              return (
                <li key={filter.id ?? "all"}>
                  <Link
                    to={filter.id ? `/gallery?category=${filter.id}` : "/gallery"}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={filterClass(active)}
                  >
                    {filter.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <section aria-labelledby="gallery-items" className="mt-10">
          <h2 id="gallery-items" className="sr-only">
            {GALLERY_CATEGORIES.find((c) => c.id === category)?.name ?? "All pictures"}
          </h2>
          {items.length > 0 ? (
            <GalleryGrid items={items} />
          ) : (
            <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
              <ImageOff aria-hidden size={40} className="mx-auto text-slate-500" />
              <h3 className="mt-4 text-xl font-semibold text-ink-900">No gallery items found</h3>
              <p className="mt-2 text-slate-600">No items matching the selected category.</p>
              <Link to="/gallery" preventScrollReset className={`${darkButton} mt-6`}>
                View All Items
              </Link>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
