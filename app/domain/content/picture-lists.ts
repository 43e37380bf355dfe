import { z } from "zod";
import type { Toast } from "../../lib/toast";

// The two ordered picture lists of the storefront (backoffice.md §2 Logo Management, Hero Image Management):
// the logos of the site header and the pictures of the home page's slideshow. Both are kept the same way
// (upload, delete, reorder), so their rules are written once here (browser and server) and in
// picture-lists.server.ts; only the words and the fields beside the picture differ.

export const PICTURE_LISTS = ["logos", "hero"] as const;
export type PictureListName = (typeof PICTURE_LISTS)[number];

export interface PictureListMessages {
  uploaded: string;
  uploadFailed: string;
  deleted: string;
  deleteFailed: string;
  ordered: string;
  orderFailed: string;
}

/** The spec's toasts, word for word (backoffice.md §8). */
export const PICTURE_LIST_MESSAGES: Record<PictureListName, PictureListMessages> = {
  logos: {
    uploaded: "Logo uploaded successfully",
    uploadFailed: "Failed to upload logo",
    deleted: "Logo deleted successfully",
    deleteFailed: "Failed to delete logo",
    ordered: "Order updated successfully",
    orderFailed: "Failed to update order",
  },
  hero: {
    uploaded: "Hero image uploaded successfully",
    uploadFailed: "Failed to upload hero image",
    deleted: "Hero image deleted successfully",
    deleteFailed: "Failed to delete hero image",
    ordered: "Order updated successfully",
    orderFailed: "Failed to update order",
  },
};

/** Precise reasons, shown beside the toast. */
export const PICTURE_LIST_ERRORS = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 100 characters",
  altTooLong: "Description must be at most 300 characters",
  orderInvalid: "The new order could not be read. Reload the page and try again.",
  orderStale: "The list has changed since this page was opened. Reload the page and try again.",
  notFound: "It was already deleted, or never existed. Reload the page to see the current list.",
  storeFailed: "The image could not be saved. Please try again.",
  formUnreadable: "This form could not be read. Reload the page and try again.",
} as const;

export const NAME_MAX_LENGTH = 100;
export const ALT_MAX_LENGTH = 300;
/** More than either list will ever hold; a longer posted order is refused unread. */
export const MAX_LIST_LENGTH = 500;

const text = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().trim());

/** The fields sent beside a logo's file. */
export const logoFieldsSchema = z.object({
  name: text.pipe(
    z.string().min(1, PICTURE_LIST_ERRORS.nameRequired).max(NAME_MAX_LENGTH, PICTURE_LIST_ERRORS.nameTooLong),
  ),
});

/** The fields sent beside a hero picture's file: a text alternative, optional. */
export const heroFieldsSchema = z.object({
  alt: text.pipe(z.string().max(ALT_MAX_LENGTH, PICTURE_LIST_ERRORS.altTooLong)),
});

export const PICTURE_FIELDS_SCHEMAS = { logos: logoFieldsSchema, hero: heroFieldsSchema } as const;

const id = z.guid(PICTURE_LIST_ERRORS.notFound);

/** A posted order: every id of the list once, first to last. */
export const orderSchema = z
  .array(z.guid(PICTURE_LIST_ERRORS.orderInvalid), { error: PICTURE_LIST_ERRORS.orderInvalid })
  .min(1, PICTURE_LIST_ERRORS.orderInvalid)
  .max(MAX_LIST_LENGTH, PICTURE_LIST_ERRORS.orderInvalid)
  .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, PICTURE_LIST_ERRORS.orderInvalid);

export const moveSchema = z.object({ id, direction: z.enum(["up", "down"], PICTURE_LIST_ERRORS.orderInvalid) });

export const deleteSchema = z.object({ id });

/** The forms of the two screens, told apart by their `intent`. */
export const PICTURE_LIST_INTENTS = ["upload", "delete", "reorder", "move-up", "move-down"] as const;
export type PictureListIntent = (typeof PICTURE_LIST_INTENTS)[number];

/** Where a screen's uploads go when sent with JavaScript (with a progress bar): a resource route answering JSON. */
export const uploadEndpoint = (list: PictureListName) => `/admin/${list}/upload`;

/** One picture of a list as the screens show it. */
export interface Picture {
  src: string;
  /** Only for uploaded pictures: every stored width (`url 640w, ...`). */
  srcSet?: string;
  width?: number;
  height?: number;
}

export interface PictureListItem {
  id: string;
  /** The logo's name, or the hero picture's text alternative (may be empty). */
  label: string;
  picture: Picture;
  /** Uploaded here (its files are deleted with it), as opposed to shipped under /images/. */
  uploaded: boolean;
}

/** What a use case answers: the spec's toast, and on failure the precise reason per field (`form`: the form). */
export type PictureListResult =
  | { ok: true; intent: PictureListIntent; message: string; id?: string }
  | {
      ok: false;
      intent: PictureListIntent | null;
      status: number;
      /** The spec's failure toast. */
      message: string;
      errors: Record<string, string>;
      /** What was typed, to fill the form again. */
      values?: Record<string, string>;
      id?: string;
    };

/** What the page's action and the upload endpoint send back to the screen. */
export interface PictureListPayload {
  intent: PictureListIntent | null;
  ok: boolean;
  toast: Toast;
  errors: Record<string, string>;
  values: Record<string, string> | null;
  id: string | null;
}

export function pictureListPayload(result: PictureListResult): { payload: PictureListPayload; status: number } {
  const payload: PictureListPayload = {
    intent: result.intent,
    ok: result.ok,
    toast: { type: result.ok ? "success" : "error", message: result.message },
    errors: result.ok ? {} : result.errors,
    values: result.ok ? null : (result.values ?? null),
    id: result.id ?? null,
  };
  return { payload, status: result.ok ? 200 : result.status };
}
