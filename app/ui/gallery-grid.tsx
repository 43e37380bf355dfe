import { useState } from "react";
import { GALLERY_CATEGORIES } from "~/domain/content/constants";
import { responsiveImage } from "~/lib/images";
import { LazyLightbox as Lightbox } from "./lazy-lightbox";

/** The display name of a gallery category id ("wedding" -> "Weddings & Celebrations"). */
export function galleryCategoryName(id: string): string {
  return GALLERY_CATEGORIES.find((c) => c.id === id)?.name ?? id;
}

export interface GalleryGridItem {
  id: string;
  title: string;
  imageUrl: string;
  category: string;
  /** An uploaded picture's stored widths. */
  srcSet?: string | null;
}

/**
 * The gallery: 1 column on phones up to 4 on wide screens. Each picture is a button that opens the shared
 * lightbox (large picture, title and category name; close button, backdrop or Escape; the page cannot
 * scroll behind it), where the arrows move through the pictures shown.
 */
export function GalleryGrid({ items }: { items: GalleryGridItem[] }) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="gallery-grid">
        {items.map((item, i) => {
          const category = galleryCategoryName(item.category);
          return (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => {
                  setIndex(i);
                  setOpen(true);
                }}
                className="group relative block w-full overflow-hidden rounded-xl bg-slate-100 text-left shadow-sm"
              >
                <img
                  {...responsiveImage(
                    item.imageUrl,
                    "(min-width: 1280px) 304px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
                    960,
                    item.srcSet,
                  )}
                  alt=""
                  width={960}
                  height={720}
                  loading={i < 4 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover transition duration-500 group-hover:scale-105"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/60 to-transparent px-4 pt-10 pb-3 text-white">
                  <span className="block font-semibold">{item.title}</span>
                  <span className="block text-sm text-slate-200">{category}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Lightbox
        images={items.map((item) => ({
          src: item.imageUrl,
          alt: item.title,
          title: item.title,
          caption: galleryCategoryName(item.category),
        }))}
        index={index}
        onIndexChange={setIndex}
        open={open}
        onOpenChange={setOpen}
        label="Gallery picture"
      />
    </>
  );
}
