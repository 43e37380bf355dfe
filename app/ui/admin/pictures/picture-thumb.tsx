import type { Picture, PictureListName } from "~/domain/content/picture-lists";
import { responsiveImage } from "~/lib/images";

/** A picture of a list in the widths the screen needs. */
export function PictureThumb({
  list,
  picture,
  sizes,
  className,
  alt = "",
}: {
  list: PictureListName;
  picture: Picture;
  sizes: string;
  className: string;
  alt?: string;
}) {
  // Uploaded pictures come in several widths; the hero and gallery pictures shipped under /images/ have small
  // copies too (logos have none).
  const source = picture.srcSet
    ? { src: picture.src, srcSet: picture.srcSet, sizes }
    : list === "logos"
      ? { src: picture.src }
      : responsiveImage(picture.src, sizes, list === "hero" ? 1920 : 960);
  return (
    <img {...source} alt={alt} width={picture.width} height={picture.height} loading="lazy" className={className} />
  );
}
