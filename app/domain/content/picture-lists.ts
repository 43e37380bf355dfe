import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { splitTags } from "../../lib/form-lists";
import { nameField } from "../../lib/name-text";
import type { Done, Refused } from "../use-case";
import { GALLERY_CATEGORY_IDS } from "./constants";

// The three ordered picture lists of the storefront (backoffice.md §2 Logo Management, Hero Image Management;
// the gallery, issue 11): the logos of the site header, the pictures of the home page's slideshow and the
// gallery page's pictures. All are kept the same way (upload, delete, reorder), so their rules are written once
// here (browser and server) and in picture-lists.server.ts; only the words and the fields beside the picture
// differ. A gallery picture's caption, category and tags can also be changed after the upload.

export const PICTURE_LISTS = ["logos", "hero", "gallery"] as const;
export type PictureListName = (typeof PICTURE_LISTS)[number];

export interface PictureListMessages {
  /** After changing a picture's fields (the gallery's caption, category, tags). */
  updated?: string;
  updateFailed?: string;
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
  // The spec has no gallery screen; its words follow the other lists'.
  gallery: {
    updated: "Gallery item updated successfully",
    updateFailed: "Failed to update gallery item",
    uploaded: "Gallery item uploaded successfully",
    uploadFailed: "Failed to upload gallery item",
    deleted: "Gallery item deleted successfully",
    deleteFailed: "Failed to delete gallery item",
    ordered: "Order updated successfully",
    orderFailed: "Failed to update order",
  },
};

/** Precise reasons, shown beside the toast. */
export const PICTURE_LIST_ERRORS = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 100 characters",
  altTooLong: "Description must be at most 300 characters",
  captionRequired: "Caption is required",
  captionTooLong: "Caption must be at most 120 characters",
  captionInvalid: "Caption contains characters that are not allowed",
  categoryRequired: "Choose a category",
  tagTooLong: "Each tag must be at most 40 characters",
  tooManyTags: "At most 12 tags",
  orderInvalid: "The new order could not be read. Reload the page and try again.",
  orderStale: "The list has changed since this page was opened. Reload the page and try again.",
  notFound: "It was already deleted, or never existed. Reload the page to see the current list.",
  storeFailed: "The image could not be saved. Please try again.",
} as const;

export const NAME_MAX_LENGTH = 100;
export const ALT_MAX_LENGTH = 300;
export const CAPTION_MAX_LENGTH = 120;
export const TAG_MAX_LENGTH = 40;
export const MAX_TAGS = 12;
/** More than either list will ever hold; a longer posted order is refused unread. */
export const MAX_LIST_LENGTH = 500;

const text = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().trim());

/** The fields sent beside a logo's file. */
export const logoFieldsSchema = z.object({
  name: text.pipe(
    nameField("Name", {
      max: NAME_MAX_LENGTH,
      messages: { required: PICTURE_LIST_ERRORS.nameRequired, tooLong: PICTURE_LIST_ERRORS.nameTooLong },
    }),
  ),
});

/** The fields sent beside a hero picture's file: a text alternative, optional. */
export const heroFieldsSchema = z.object({
  alt: text.pipe(z.string().max(ALT_MAX_LENGTH, PICTURE_LIST_ERRORS.altTooLong)),
});

/** The fields beside a gallery picture: its caption (the storefront's title), one of the 6 categories, tags. */
export const galleryFieldsSchema = z.object({
  title: text.pipe(
    nameField("Caption", {
      max: CAPTION_MAX_LENGTH,
      messages: {
        required: PICTURE_LIST_ERRORS.captionRequired,
        tooLong: PICTURE_LIST_ERRORS.captionTooLong,
        control: PICTURE_LIST_ERRORS.captionInvalid,
      },
    }),
  ),
  category: text.pipe(z.enum(GALLERY_CATEGORY_IDS, { error: PICTURE_LIST_ERRORS.categoryRequired })),
  tags: text
    .transform(splitTags)
    .pipe(
      z
        .array(z.string().max(TAG_MAX_LENGTH, PICTURE_LIST_ERRORS.tagTooLong))
        .max(MAX_TAGS, PICTURE_LIST_ERRORS.tooManyTags),
    ),
});

export type GalleryFields = z.output<typeof galleryFieldsSchema>;

export const PICTURE_FIELDS_SCHEMAS = {
  logos: logoFieldsSchema,
  hero: heroFieldsSchema,
  gallery: galleryFieldsSchema,
} as const;

/** The names of the fields sent beside each list's picture. */
export const PICTURE_FIELD_NAMES = {
  logos: ["name"],
  hero: ["alt"],
  gallery: ["title", "category", "tags"],
} as const satisfies Record<PictureListName, readonly string[]>;

/** The fields beside a picture exactly as typed (ADR 0022's read half): the upload form's, the Edit dialog's. */
export function readPictureFields(list: PictureListName, form: FormData): Record<string, string> {
  return formFields(form, PICTURE_FIELD_NAMES[list]);
}

/** The fields to store, or one message per field (ADR 0022's parse half; the browser runs it before sending). */
export function parsePictureFields<L extends PictureListName>(
  list: L,
  values: Record<string, string>,
): { ok: true; input: z.output<(typeof PICTURE_FIELDS_SCHEMAS)[L]> } | { ok: false; errors: Record<string, string> } {
  const parsed = PICTURE_FIELDS_SCHEMAS[list].safeParse(values);
  return parsed.success
    ? { ok: true, input: parsed.data as z.output<(typeof PICTURE_FIELDS_SCHEMAS)[L]> }
    : { ok: false, errors: fieldErrors(parsed.error) };
}

/** A gallery picture's Edit dialog: its caption, category and tags as typed. */
export const readGalleryItemForm = (form: FormData) => readPictureFields("gallery", form);
export const parseGalleryItemForm = (values: Record<string, string>) => parsePictureFields("gallery", values);

const id = z.guid(PICTURE_LIST_ERRORS.notFound);

/** A posted order: every id of the list once, first to last. */
export const orderSchema = z
  .array(z.guid(PICTURE_LIST_ERRORS.orderInvalid), { error: PICTURE_LIST_ERRORS.orderInvalid })
  .min(1, PICTURE_LIST_ERRORS.orderInvalid)
  .max(MAX_LIST_LENGTH, PICTURE_LIST_ERRORS.orderInvalid)
  .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, PICTURE_LIST_ERRORS.orderInvalid);

export const moveSchema = z.object({ id, direction: z.enum(["up", "down"], PICTURE_LIST_ERRORS.orderInvalid) });

export const deleteSchema = z.object({ id });

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
  /** The logo's name, the hero picture's text alternative (may be empty), or the gallery picture's caption. */
  label: string;
  /** A gallery picture's category and tags. */
  category?: string;
  tags?: string[];
  picture: Picture;
  /** Uploaded here (its files are deleted with it), as opposed to shipped under /images/. */
  uploaded: boolean;
}

/** What a picture list's use case answers (app/domain/use-case.ts): done, with the picture's id when one was added,
 * changed or deleted; or refused, with what was typed (to fill the form again) and the picture it was about. */
export type PictureListRefused = Refused & { values?: Record<string, string>; id?: string };
export type PictureListResult = Done<{ id?: string }> | PictureListRefused;
