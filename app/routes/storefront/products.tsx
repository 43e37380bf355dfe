import { LayoutGrid, PackageSearch, SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { listProducts } from "~/domain/catalogue/catalogue.server";
import { CATEGORIES, findCategory } from "~/domain/catalogue/constants";
import { pageMeta } from "~/lib/meta";
import { primaryButton } from "~/ui/buttons";
import { CategoryIcon } from "~/ui/category-icon";
import { PageHero } from "~/ui/page-hero";
import { ProductCard } from "~/ui/product-card";
import type { Route } from "./+types/products";

const ALL_TITLE = "All Equipment";
const ALL_DESCRIPTION =
  "Lighting, sound, LED walls, stages, furniture and effects for events in Dhaka and across Bangladesh, delivered and run by our own crews.";

/** storefront.md §9: each card's entry animation starts 0.05 s after the previous one. */
const CARD_DELAY_S = 0.05;
/** Cards further down start with the last delay, so a long list never waits seconds to appear. */
const MAX_STAGGERED_CARDS = 12;

export async function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("category")?.trim() || null;
  const category = findCategory(requested) ?? null;
  // An unknown category gives the empty list (storefront.md §5), answered 200.
  const products = await listProducts(getDb(), requested);
  return {
    requested,
    category: category && { id: category.id, name: category.name, description: category.description },
    products,
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=60, s-maxage=300" });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const category = loaderData?.category;
  return pageMeta(matches, {
    title: category?.name ?? ALL_TITLE,
    description: category?.description ?? ALL_DESCRIPTION,
    path: category ? `/products?category=${category.id}` : "/products",
    image: loaderData?.products[0]?.imageUrls[0],
    // A category that does not exist is an empty page: keep it out of search results.
    noindex: !!loaderData?.requested && !category,
  });
}

// The card entry animation; React hoists this into <head> once, however often it renders.
const CARD_ENTRY_KEYFRAMES =
  "@keyframes product-card-entry{from{opacity:0;transform:translateY(16px)}to{opacity:1;transform:none}}";

// Without JavaScript the toggle cannot work, so the category list is simply shown and the button hidden.
const NO_SCRIPT_FILTERS = "<style>#product-filters{display:block}#product-filters-toggle{display:none}</style>";

function CategoryFilters({ isActive, onChoose }: { isActive: (id: string | null) => boolean; onChoose: () => void }) {
  const links = [
    { id: null, name: ALL_TITLE, to: "/products" },
    ...CATEGORIES.map((c) => ({ id: c.id, name: c.name, to: `/products?category=${c.id}` })),
  ];
  return (
    <ul className="mt-3 space-y-1">
      {links.map((link) => {
        const current = isActive(link.id);
        return (
          <li key={link.to}>
            <Link
              to={link.to}
              preventScrollReset
              onClick={onChoose}
              aria-current={current ? "page" : undefined}
              className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
                current ? "bg-brand-700 text-white shadow-sm" : "text-ink-900 hover:bg-brand-50 hover:text-brand-800"
              }`}
            >
              {link.id ? (
                <CategoryIcon category={link.id} size={18} className={current ? "text-white" : "text-brand-700"} />
              ) : (
                <LayoutGrid aria-hidden size={18} className={current ? "text-white" : "text-brand-700"} />
              )}
              {link.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { category, requested, products } = loaderData;
  const location = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  // "All Equipment" is the active filter only when no category was asked for; an unknown one marks none.
  const isActive = (id: string | null) => (id === null ? !requested : id === category?.id);
  return (
    <main>
      <style href="product-card-entry" precedence="default">
        {CARD_ENTRY_KEYFRAMES}
      </style>
      <noscript dangerouslySetInnerHTML={{ __html: NO_SCRIPT_FILTERS }} />
      <PageHero title={category?.name ?? ALL_TITLE} subtitle={category?.description ?? ALL_DESCRIPTION} />

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[15rem_1fr]">
        <aside>
          <button
            type="button"
            id="product-filters-toggle"
            className="inline-flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-ink-900 shadow-sm hover:bg-slate-50 lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls="product-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden size={18} />
            {filtersOpen ? "Hide Filters" : "Show Filters"}
          </button>
          <nav
            id="product-filters"
            aria-labelledby="product-filters-heading"
            className={`mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-24 lg:mt-0 lg:block ${
              filtersOpen ? "block" : "hidden"
            }`}
          >
            <h2
              id="product-filters-heading"
              className="px-3 text-sm font-semibold tracking-wider text-slate-600 uppercase"
            >
              Categories
            </h2>
            <CategoryFilters isActive={isActive} onChoose={() => setFiltersOpen(false)} />
          </nav>
        </aside>

        <section aria-labelledby="product-list-heading">
          <h2 id="product-list-heading" className="sr-only">
            Products
          </h2>
          <p role="status" className="text-sm text-slate-600">
            Showing {products.length} items
          </p>
          {products.length > 0 ? (
            // Keyed by the filter so a new choice plays the entry animation again.
            <ul key={location.search} className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {products.map((product, i) => (
                <li
                  key={product.slug}
                  className="relative flex motion-safe:animate-[product-card-entry_0.45s_ease-out_both]"
                  style={{ animationDelay: `${(Math.min(i, MAX_STAGGERED_CARDS) * CARD_DELAY_S).toFixed(2)}s` }}
                >
                  <ProductCard product={product} eager={i < 3} linkState={{ fromList: location.search }} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
              <PackageSearch aria-hidden size={40} className="mx-auto text-slate-500" />
              <h3 className="mt-4 text-xl font-semibold text-ink-900">No products found</h3>
              <p className="mx-auto mt-2 max-w-md text-slate-600">
                Try selecting a different category or check back later
              </p>
              <Link to="/products" preventScrollReset className={`${primaryButton} mt-6`}>
                View All Products
              </Link>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
