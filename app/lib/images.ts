// Pictures under /images/ ship with a 480 px variant beside them (name-480w.webp), and hero pictures with a
// 960 px one too; uploaded pictures are stored in several widths (media/images.server.ts). The storefront offers
// them through srcset so phones download the small file.

const RESPONSIVE = /^\/images\/.+\.webp$/;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * src, srcSet and sizes for a picture shown at most `sizes` wide; `fullWidth` is the file's own width. An uploaded
 * picture comes with its own `srcSet` (its stored widths, from the server).
 */
export function responsiveImage(
  url: string,
  sizes: string,
  fullWidth = 960,
  uploadedSrcSet?: string | null,
): ResponsiveImage {
  if (uploadedSrcSet) return { src: url, srcSet: uploadedSrcSet, sizes };
  if (!RESPONSIVE.test(url)) return { src: url };
  const base = url.replace(/\.webp$/, "");
  const widths = fullWidth > 960 ? [480, 960] : [480];
  const srcSet = [...widths.map((w) => `${base}-${w}w.webp ${w}w`), `${url} ${fullWidth}w`].join(", ");
  return { src: url, srcSet, sizes };
}
