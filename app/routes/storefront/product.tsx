import { ArrowLeft, Award, ChevronRight, Headset, Mail, Ruler, Send, SlidersHorizontal, Tag } from "lucide-react";
import type { MouseEvent } from "react";
import { data, Link, useLocation, useNavigate } from "react-router";
import { getDb } from "~/db/client.server";
import { itemAvailabilityLabel, sourceLabel, variationAvailabilityLabel } from "~/domain/catalogue/availability";
import { getProduct } from "~/domain/catalogue/catalogue.server";
import { findCategory, type AvailabilityStatus } from "~/domain/catalogue/constants";
import { formatCataloguePrice } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { summarize } from "~/lib/summary";
import { Badge, type BadgeTone } from "~/ui/badge";
import { darkButton, primaryButton, secondaryButton } from "~/ui/buttons";
import { PageHero } from "~/ui/page-hero";
import { ProductGallery } from "~/ui/product-gallery";
import type { Route } from "./+types/product";

const NOT_FOUND_TEXT = "The product you're looking for doesn't exist or has been removed.";

export async function loader({ params }: Route.LoaderArgs) {
  const product = await getProduct(getDb(), params.slug);
  // The spec's own not-found page, inside the site's header and footer, answered with 404.
  if (!product) return data({ product: null }, { status: 404 });
  return data({ product });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=60, s-maxage=300" });

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const product = loaderData?.product;
  if (!product) {
    return pageMeta(matches, {
      title: "Product Not Found",
      description: NOT_FOUND_TEXT,
      path: `/products/${params.slug}`,
      noindex: true,
    });
  }
  return pageMeta(matches, {
    title: product.name,
    description: summarize(product.description),
    path: `/products/${product.slug}`,
    image: product.imageUrls[0],
  });
}

const AVAILABILITY_TONES: Record<AvailabilityStatus, BadgeTone> = {
  available: "green",
  booked: "amber",
  "under-repair": "red",
};

const REASONS = [
  {
    icon: Award,
    title: "Premium Quality",
    text: "Every fixture, screen and speaker is professional-grade gear that we test, clean and service in our own workshop before it leaves for your event.",
  },
  {
    icon: Headset,
    title: "Technical Support",
    text: "Our technicians deliver, set up and run the equipment on site, and support stays available around the clock while your event is on.",
  },
  {
    icon: SlidersHorizontal,
    title: "Flexible Options",
    text: "Rent by the day or by the event, combine items into one package, and scale the setup up or down to fit your venue and budget.",
  },
] as const;

/**
 * Back to the list: the browser's own back when the visitor came from it (same filter and scroll position),
 * otherwise an ordinary link to /products, which is also what works without JavaScript.
 */
function BackToProducts({ className }: { className: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const fromList = (location.state as { fromList?: unknown } | null)?.fromList;
  const listSearch = typeof fromList === "string" && (fromList === "" || fromList.startsWith("?")) ? fromList : null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (listSearch === null || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigate(-1);
  };
  return (
    <Link to={`/products${listSearch ?? ""}`} onClick={onClick} className={className}>
      <ArrowLeft aria-hidden size={18} /> Back to Products
    </Link>
  );
}

function ProductNotFound() {
  return (
    <main>
      <PageHero title="Product Not Found" />
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-6 py-20 text-center">
        <p className="text-lg text-slate-600">{NOT_FOUND_TEXT}</p>
        <Link to="/products" className={darkButton}>
          <ArrowLeft aria-hidden size={18} /> Back to Products
        </Link>
      </div>
    </main>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  if (!product) return <ProductNotFound />;
  const category = findCategory(product.category);
  const variations = product.variations;
  return (
    <main>
      <section className="bg-gradient-to-br from-ink-900 via-ink-800 to-[#3b1450] pt-24 pb-10 text-white sm:pt-32 sm:pb-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-300">
              <li>
                <Link to="/products" className="rounded hover:text-white hover:underline">
                  Products
                </Link>
              </li>
              {category && (
                <li className="flex items-center gap-1.5">
                  <ChevronRight aria-hidden size={14} />
                  <Link to={`/products?category=${category.id}`} className="rounded hover:text-white hover:underline">
                    {category.name}
                  </Link>
                </li>
              )}
              <li className="flex items-center gap-1.5">
                <ChevronRight aria-hidden size={14} />
                <span aria-current="page" className="text-white">
                  {product.name}
                </span>
              </li>
            </ol>
          </nav>
          <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-5xl">{product.name}</h1>
          <ul className="mt-5 flex flex-wrap gap-2" aria-label="Status">
            <li>
              <Badge tone={product.source === "in-house" ? "brand" : "blue"} className="px-3 py-1 text-sm">
                {sourceLabel(product.source)}
              </Badge>
            </li>
            <li>
              <Badge tone={AVAILABILITY_TONES[product.status]} className="px-3 py-1 text-sm">
                {itemAvailabilityLabel(product.status)}
              </Badge>
            </li>
          </ul>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <BackToProducts className="inline-flex items-center gap-1.5 rounded font-semibold text-brand-700 hover:text-brand-800" />

        <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-12">
          <div className="lg:sticky lg:top-24 lg:self-start">
            <ProductGallery name={product.name} images={product.imageUrls} srcSets={product.srcSets} />
          </div>

          <div className="space-y-8">
            <section aria-labelledby="description">
              <h2 id="description" className="text-2xl font-bold text-ink-900">
                Description
              </h2>
              <p className="mt-3 text-lg leading-relaxed whitespace-pre-line text-slate-700">{product.description}</p>
              {product.tags.length > 0 && (
                <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
                  {product.tags.map((tag) => (
                    <li
                      key={tag}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700"
                    >
                      <Tag aria-hidden size={14} className="text-slate-500" />
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby="pricing" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
              <h2 id="pricing" className="text-sm font-semibold tracking-wider text-slate-600 uppercase">
                Pricing
              </h2>
              <p className="mt-2 text-ink-900">
                <span className="text-3xl font-bold">{formatCataloguePrice(product.price)}</span>
                <span className="text-slate-600"> / {product.priceUnit}</span>
              </p>
              {product.pricingHint && <p className="mt-2 text-slate-600">{product.pricingHint}</p>}
              {product.size && (
                <p className="mt-4 flex items-center gap-2 border-t border-slate-200 pt-4 text-slate-700">
                  <Ruler aria-hidden size={18} className="text-brand-700" />
                  <span>
                    <span className="font-semibold text-ink-900">Size:</span> {product.size}
                  </span>
                </p>
              )}
            </section>

            {variations.length > 0 && (
              <section aria-labelledby="variations">
                <h2 id="variations" className="text-2xl font-bold text-ink-900">
                  Variations
                </h2>
                <ul className="mt-4 space-y-3">
                  {variations.map((variation) => (
                    <li
                      key={variation.id}
                      className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
                    >
                      <div className="min-w-0 flex-1">
                        <h3 className="font-semibold text-ink-900">{variation.name}</h3>
                        {variation.description && (
                          <p className="mt-1 text-sm text-slate-600">{variation.description}</p>
                        )}
                      </div>
                      <Badge tone={AVAILABILITY_TONES[variation.status]}>
                        {variationAvailabilityLabel(variation.status)}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <div className="flex flex-wrap gap-3">
              <Link to={`/quotation?product=${encodeURIComponent(product.slug)}`} className={primaryButton}>
                <Send aria-hidden size={18} /> Request Quotation
              </Link>
              <Link to="/contact" className={secondaryButton}>
                <Mail aria-hidden size={18} /> Contact Us
              </Link>
            </div>
          </div>
        </div>
      </div>

      <section aria-labelledby="why-us" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="why-us" className="text-3xl font-bold tracking-tight text-ink-900">
            Why Choose Our Equipment
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {REASONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Icon aria-hidden size={24} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink-900">{title}</h3>
                <p className="mt-2 text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </main>
  );
}
