import { sniffImageType, type ImageType } from "./image-type";

// Reading one uploaded image from a form (browser and server): the messages a person sees when it is refused.
// The server's word is final; a screen may run the same check in the browser before sending a big file.

export const UPLOAD_MISSING = "Choose an image to upload.";
export const UPLOAD_EMPTY = "The file is empty.";
export const UPLOAD_WRONG_TYPE = "Only JPEG, PNG, WebP or AVIF images can be uploaded.";

/** Past these an image is refused before it is decoded (a decompression bomb declares billions of pixels). */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_TOO_MANY_PIXELS = "The image is too large: at most 12,000 pixels a side and 40 megapixels.";
export const IMAGE_UNREADABLE = "The image could not be read. It may be damaged.";

/** An image refused for what it is (type, size, damage) when it is stored; the message is for the person. */
export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

/** "The image is larger than 5 MB." for the configured limit (UPLOAD_MAX_BYTES). */
export function uploadTooLargeMessage(maxBytes: number): string {
  return `The image is larger than ${formatBytes(maxBytes)}.`;
}

/** 5 MB, 1.5 MB, 512 KB: binary units, as the limit is set (5 MB = 5 × 1024 × 1024 bytes). */
export function formatBytes(bytes: number): string {
  const [unit, size] = bytes >= 1024 * 1024 ? ["MB", 1024 * 1024] : bytes >= 1024 ? ["KB", 1024] : ["bytes", 1];
  return `${Number((bytes / size).toFixed(1))} ${unit}`;
}

export type UploadResult = { ok: true; bytes: Uint8Array; type: ImageType } | { ok: false; error: string };

/**
 * The bytes of an uploaded image, or why it is refused. `file` is what `formData.get(name)` returned: a form sent
 * without choosing a file carries an empty File with no name (or, without multipart, a string), so both mean
 * "missing", while a chosen file of no bytes is "empty". The size is judged before anything is read.
 */
export async function readUpload(
  file: File | string | null | undefined,
  { maxBytes }: { maxBytes: number },
): Promise<UploadResult> {
  if (file == null || typeof file === "string" || (file.size === 0 && file.name === "")) {
    return { ok: false, error: UPLOAD_MISSING };
  }
  if (file.size === 0) return { ok: false, error: UPLOAD_EMPTY };
  if (file.size > maxBytes) return { ok: false, error: uploadTooLargeMessage(maxBytes) };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, error: UPLOAD_WRONG_TYPE };
  return { ok: true, bytes, type };
}
