import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { getStorage } from "~/lib/storage/storage.server";
import type { Storage } from "~/lib/storage/storage";
import { sniffImageType } from "./image-type";
import {
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  ImageRejectedError,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  UPLOAD_WRONG_TYPE,
} from "./upload";
import type { ImageSize, StoredImageRecord } from "./stored-image";

// An uploaded image is never stored as sent: it is decoded and re-encoded to WebP in a few widths (DESIGN §9), so
// what we serve is a plain picture of known size, without the upload's metadata (camera, GPS position) and
// without anything else a crafted file might carry. Names are chosen here: `<folder>/<uuid>-<width>.webp`.

export const IMAGE_FOLDERS = ["logos", "hero", "events", "gallery", "inventory"] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** The widths made of each image (a phone, a tablet or half a screen, a laptop, a large screen). */
export const IMAGE_WIDTHS: readonly number[] = [320, 640, 1280, 1920];
/** The variant a plain `src` points at: the largest this wide or narrower. */
export const DEFAULT_IMAGE_WIDTH = 1280;

// Decompression bombs: a few kilobytes can declare a picture of a billion pixels. The declared size is judged
// before decoding (MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS in upload.ts), and sharp refuses to decode past the same
// limit in case a header lies.
const WEBP_QUALITY = 80;

export type { ImageSize, StoredImageRecord } from "./stored-image";

export interface ImageVariant extends ImageSize {
  key: string;
  url: string;
}

export interface StoredImage {
  key: string;
  /** Narrowest first. */
  variants: ImageVariant[];
  /** The default variant (the largest at most DEFAULT_IMAGE_WIDTH wide): its address and size. */
  url: string;
  width: number;
  height: number;
}

export function variantKey(imageKey: string, width: number): string {
  return `${imageKey}-${width}.webp`;
}

/**
 * The widths to make of a picture `originalWidth` wide: the requested ones it reaches, plus its own width when it
 * falls short of the largest requested, so nothing is ever enlarged and at least one variant is always made.
 */
export function variantWidths(originalWidth: number, widths: readonly number[] = IMAGE_WIDTHS): number[] {
  const wanted = [...new Set(widths)].filter((w) => Number.isInteger(w) && w > 0).sort((a, b) => a - b);
  const reached = wanted.filter((w) => w <= originalWidth);
  const largest = wanted.at(-1) ?? originalWidth;
  if (originalWidth < largest && !reached.includes(originalWidth)) reached.push(originalWidth);
  return reached;
}

function defaultVariant<T extends ImageSize>(variants: readonly T[]): T {
  const fitting = variants.filter((v) => v.width <= DEFAULT_IMAGE_WIDTH);
  const chosen = fitting.at(-1) ?? variants[0];
  if (!chosen) throw new Error("a stored image has no variants");
  return chosen;
}

function describe(key: string, variants: ImageVariant[]): StoredImage {
  const chosen = defaultVariant(variants);
  return { key, variants, url: chosen.url, width: chosen.width, height: chosen.height };
}

/** What to keep in the row. */
export function toImageRecord(image: StoredImage): StoredImageRecord {
  return { key: image.key, variants: image.variants.map(({ width, height }) => ({ width, height })) };
}

/** A row's image with each variant's key and address (for src, srcset, width and height). */
export function imageFromRecord(record: StoredImageRecord, storage: Storage = getStorage()): StoredImage {
  const variants = [...record.variants]
    .sort((a, b) => a.width - b.width)
    .map(({ width, height }) => {
      const key = variantKey(record.key, width);
      return { width, height, key, url: storage.url(key) };
    });
  return describe(record.key, variants);
}

/** `srcset` listing every variant of an image. */
export function imageSrcSet(image: StoredImage): string {
  return image.variants.map((v) => `${v.url} ${v.width}w`).join(", ");
}

/**
 * Each uploaded picture's srcset, keyed by the address a record shows it at (its default width): for pages that
 * list pictures by address (an event's photos, a gallery picture) to offer the smaller widths to phones. A record
 * that cannot be read is left out (the picture then shows by its address alone).
 */
export function srcSetsByUrl(records: readonly StoredImageRecord[], storage?: Storage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const record of records) {
    try {
      const image = imageFromRecord(record, storage);
      out[image.url] = imageSrcSet(image);
    } catch {
      // A damaged record: shown without a srcset.
    }
  }
  return out;
}

/** The picture's size as shown (after its EXIF rotation), or a rejection for what cannot or must not be decoded. */
async function checkedSize(bytes: Uint8Array): Promise<ImageSize> {
  if (!sniffImageType(bytes)) throw new ImageRejectedError(UPLOAD_WRONG_TYPE);
  let size: ImageSize;
  try {
    // The header alone, without sharp's own pixel limit, so an oversized picture gets its own message below.
    size = (await sharp(bytes, { limitInputPixels: false }).metadata()).autoOrient;
  } catch {
    throw new ImageRejectedError(IMAGE_UNREADABLE);
  }
  const { width, height } = size;
  if (!(width > 0 && height > 0)) throw new ImageRejectedError(IMAGE_UNREADABLE);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(IMAGE_TOO_MANY_PIXELS);
  }
  return size;
}

async function encode(bytes: Uint8Array, width: number): Promise<{ data: Buffer; height: number }> {
  try {
    // autoOrient turns the picture upright by its EXIF orientation; the metadata itself is dropped (sharp writes
    // none unless asked). failOn "error" refuses damaged or truncated files but not the harmless warnings many
    // cameras' JPEGs raise; limitInputPixels backs up checkedSize in case a header lies.
    const { data, info } = await sharp(bytes, { autoOrient: true, limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, height: info.height };
  } catch {
    throw new ImageRejectedError(IMAGE_UNREADABLE);
  }
}

export interface StoreImageOptions {
  folder: ImageFolder;
  /** Defaults to IMAGE_WIDTHS. */
  widths?: readonly number[];
  storage?: Storage;
}

/**
 * Re-encodes an image (JPEG, PNG, WebP or AVIF, checked again here) to WebP variants and stores them. Throws
 * ImageRejectedError for a file the person must replace (its message is for them), or the storage's error; either
 * way after deleting every variant already stored, so a failed upload leaves no files behind.
 */
export async function storeImage(bytes: Uint8Array, options: StoreImageOptions): Promise<StoredImage> {
  if (!IMAGE_FOLDERS.includes(options.folder)) throw new Error(`unknown image folder: ${options.folder}`);
  const storage = options.storage ?? getStorage();
  const original = await checkedSize(bytes);
  const key = `${options.folder}/${randomUUID()}`;
  const variants: ImageVariant[] = [];
  const attempted: string[] = [];
  try {
    for (const width of variantWidths(original.width, options.widths)) {
      const { data, height } = await encode(bytes, width);
      const variant = variantKey(key, width);
      // Counted before the put: a put that failed late (a timeout) may still have stored the object.
      attempted.push(variant);
      await storage.put(variant, data, "image/webp");
      // Recorded under the width its key names, so imageFromRecord finds the same key again.
      variants.push({ width, height, key: variant, url: storage.url(variant) });
    }
  } catch (error) {
    await Promise.allSettled(attempted.map((k) => storage.delete(k)));
    throw error;
  }
  return describe(key, variants);
}

/**
 * Deletes every variant of a stored image; deleting one already gone is not an error, so this may be repeated.
 * Call it after the transaction that removed or replaced the row has committed: a failure here then leaves an
 * unused file, never a row pointing at a missing one.
 */
export async function deleteImage(
  image: { key: string; variants: readonly { width: number }[] },
  storage: Storage = getStorage(),
): Promise<void> {
  const results = await Promise.allSettled(image.variants.map((v) => storage.delete(variantKey(image.key, v.width))));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}
