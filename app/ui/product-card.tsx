import { Link } from "react-router";
import type { ProductCard as ProductCardData } from "~/domain/catalogue/catalogue.server";
import { findCategory } from "~/domain/catalogue/constants";
import { formatCataloguePrice } from "~/lib/format";
import { responsiveImage } from "~/lib/images";

const MAX_TAGS = 3;

/** A catalogue card: first image, category, up to 3 tags, clamped description, price with unit. */
export function ProductCard({
  product,
  eager = false,
  linkState,
}: {
  product: ProductCardData;
  eager?: boolean;
  /** Navigation state for the card's link, e.g. so the product page knows the visitor came from the list. */
  linkState?: unknown;
}) {
  const image = product.imageUrls[0] ?? "/images/placeholder.webp";
  const picture = responsiveImage(
    image,
    "(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw",
    960,
    product.srcSets[image],
  );
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg">
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        <img
          {...picture}
          alt={product.name}
          width={960}
          height={720}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">
          {findCategory(product.category)?.name}
        </p>
        <h3 className="mt-1 text-lg font-semibold text-ink-900">
          <Link
            to={`/products/${product.slug}`}
            state={linkState}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            <span className="relative">{product.name}</span>
          </Link>
        </h3>
        {product.tags.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
            {product.tags.slice(0, MAX_TAGS).map((tag) => (
              <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 line-clamp-2 text-sm text-slate-600">{product.description}</p>
        <p className="mt-auto pt-4 text-ink-900">
          <span className="text-xl font-bold">{formatCataloguePrice(product.price)}</span>
          <span className="text-sm text-slate-600"> / {product.priceUnit}</span>
        </p>
      </div>
    </article>
  );
}
