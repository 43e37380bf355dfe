import { Expand } from "lucide-react";
import { useState } from "react";
import { responsiveImage } from "~/lib/images";
import { LazyLightbox as Lightbox } from "./lazy-lightbox";

/**
 * An event's pictures: the first one large, the others as a row of thumbnails beneath. Any of them opens the
 * shared lightbox at that picture (arrows, Escape, backdrop, close button, scroll lock).
 */
export function EventPhotos({
  title,
  images,
  srcSets = {},
}: {
  title: string;
  images: string[];
  /** The uploaded pictures' srcsets, by address. */
  srcSets?: Record<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;
  const show = (i: number) => {
    setIndex(i);
    setOpen(true);
  };
  const [first, ...rest] = images;
  return (
    <div>
      <button
        type="button"
        onClick={() => show(0)}
        className="group relative block w-full overflow-hidden rounded-2xl bg-slate-100"
        aria-label={`View photo 1 of ${images.length}: ${title}`}
      >
        <img
          {...responsiveImage(first!, "(min-width: 1024px) 768px, 100vw", 960, srcSets[first!])}
          alt=""
          width={960}
          height={720}
          decoding="async"
          fetchPriority="high"
          className="aspect-[4/3] w-full object-cover transition duration-500 group-hover:scale-[1.02]"
        />
        <span className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-black/70 px-3 py-1.5 text-xs font-semibold text-white">
          <Expand aria-hidden size={14} /> View larger
        </span>
      </button>
      {rest.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4">
          {rest.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => show(i + 1)}
                className="block w-full overflow-hidden rounded-lg bg-slate-100"
                aria-label={`View photo ${i + 2} of ${images.length}: ${title}`}
              >
                <img
                  {...responsiveImage(src, "(min-width: 640px) 192px, 33vw", 960, srcSets[src])}
                  alt=""
                  width={960}
                  height={720}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover transition hover:opacity-90"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Lightbox
        images={images.map((src, i) => ({ src, alt: `${title}, photo ${i + 1}`, title }))}
        index={index}
        onIndexChange={setIndex}
        open={open}
        onOpenChange={setOpen}
        label={`Photos of ${title}`}
      />
    </div>
  );
}
