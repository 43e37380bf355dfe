import type { Storage } from "../../lib/storage/storage";
import { getLogger } from "../../lib/logger.server";
import {
  deleteImage,
  imageFromRecord,
  storeImage,
  toImageRecord,
  type ImageFolder,
  type StoredImageRecord,
} from "./images.server";
import { ImageRejectedError, readUpload } from "./upload";

// The pictures chosen in a record's form (an inventory item's, an event's): read and judged with the other fields,
// stored before the record's transaction and deleted again if it does not commit; pictures a saved record no
// longer shows are deleted after it commits. So a failure leaves at worst an unused file, never a row pointing at
// a missing one.

/** The files chosen in a form's picture input; an input left empty posts one nameless, empty file. */
export function chosenFiles(form: FormData, name: string): File[] {
  return form.getAll(name).filter((f): f is File => typeof f !== "string" && !(f.size === 0 && f.name === ""));
}

/**
 * The bytes of each chosen file, or the first refusal as the message for `field` (naming the file when there are
 * several). Nothing is stored.
 */
export async function readUploads(
  files: readonly File[],
  maxBytes: number,
  field: string,
): Promise<{ ok: true; uploads: Uint8Array[] } | { ok: false; errors: Record<string, string> }> {
  const uploads: Uint8Array[] = [];
  for (const [i, file] of files.entries()) {
    const upload = await readUpload(file, { maxBytes });
    if (!upload.ok)
      return {
        ok: false,
        errors: { [field]: files.length > 1 ? `${file.name || `Picture ${i + 1}`}: ${upload.error}` : upload.error },
      };
    uploads.push(upload.bytes);
  }
  return { ok: true, uploads };
}

/** Stores the read pictures under `folder`; on any failure deletes those already stored and says why. */
export async function storeUploads(
  uploads: readonly Uint8Array[],
  options: { folder: ImageFolder; field: string; storage: Storage | undefined },
): Promise<
  | { ok: true; records: StoredImageRecord[] }
  /** invalid: a file is not a picture we take (its field says why); unavailable: the storage failed. */
  | { ok: false; refusal: "invalid" | "unavailable"; errors: Record<string, string> }
> {
  const records: StoredImageRecord[] = [];
  try {
    for (const bytes of uploads)
      records.push(toImageRecord(await storeImage(bytes, { folder: options.folder, storage: options.storage })));
    return { ok: true, records };
  } catch (error) {
    await discardImages(records, options.storage);
    if (error instanceof ImageRejectedError)
      return { ok: false, refusal: "invalid", errors: { [options.field]: error.message } };
    getLogger().error({ err: error, folder: options.folder }, "storing uploaded pictures failed");
    return {
      ok: false,
      refusal: "unavailable",
      errors: { form: "The pictures could not be stored. Please try again." },
    };
  }
}

/** Deletes pictures' files; a failure is logged (what is left is an unused file). */
export async function discardImages(images: readonly StoredImageRecord[], storage: Storage | undefined): Promise<void> {
  await Promise.all(
    images.map((image) =>
      deleteImage(image, storage).catch((error: unknown) =>
        getLogger().error({ err: error, key: image.key }, "deleting a picture's files failed"),
      ),
    ),
  );
}

/** The address an uploaded picture is shown at in a record's picture list: its default width. */
export function uploadedUrl(record: StoredImageRecord, storage: Storage | undefined): string {
  return imageFromRecord(record, storage).url;
}
