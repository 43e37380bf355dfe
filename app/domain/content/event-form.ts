import { z } from "zod";
import { fieldErrors } from "../../lib/form-errors";
import { isImageAddress, splitImageUrls } from "../../lib/form-lists";
import { isUuid } from "../../lib/list-params";
import { nameField } from "../../lib/name-text";
import { EVENT_STATUSES } from "./constants";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// The Add New Event / Edit Event form (backoffice.md §2 Event Management, §5; issue 11): one schema for the
// browser's messages and the action's decision. Browser-safe. Beside the spec's fields: the photos the public
// event page shows (addresses in order, plus files to upload), and taking the cover image away.

/** The spec's texts (backoffice.md §8), word for word, and ours beside them. */
export const EVENT_MESSAGES = {
  added: "Event added successfully",
  updated: "Event updated successfully",
  deleted: "Event deleted successfully",
  addFailed: (message: string) => `Failed to add event: ${message}`,
  updateFailed: (message: string) => `Failed to update event: ${message}`,
  deleteFailed: (message: string) => `Failed to delete event: ${message}`,
  uploadFailed: (message: string) => `Failed to upload image: ${message}`,
  confirmDelete: "Are you sure you want to delete this event?",
  notFound: "This event no longer exists",
  organizerUnknown: "Choose an organizer from the active employees",
  changedMeanwhile:
    "Someone else changed this event while you were editing. Your changes were not saved; the form now shows theirs.",
  idRequired: "Event ID is required for update",
  emptyTitle: "No events found",
  emptyHint: "Add the first with Add New Event.",
} as const;

export const EVENT_LIMITS = {
  title: 150,
  description: 5000,
  location: 200,
  capacity: 1_000_000,
  /** Photos on the event page, uploaded or by address. */
  photos: 20,
  /** Photos uploaded with one save, beside the image: the request's size limit has room for six files. */
  photosPerSave: 5,
  photoAddress: 2000,
} as const;

export const EVENT_STATUS_LABELS = { upcoming: "Upcoming", completed: "Completed" } as const;

export interface EventFormValues {
  id: string;
  /** updated_at as the form was opened (ISO); empty for a new event. */
  version: string;
  title: string;
  description: string;
  date: string;
  time: string;
  location: string;
  status: string;
  organizerId: string;
  capacity: string;
  /** The event page's photos, one address per line. */
  imageUrls: string;
  /** The cover image shown on cards (read-only in the form: replaced by an upload, or taken away). */
  imageUrl: string;
  /** "1" to take the cover image away. */
  removeImage: string;
}

export const EMPTY_EVENT_FORM: EventFormValues = {
  id: "",
  version: "",
  title: "",
  description: "",
  date: "",
  time: "",
  location: "",
  status: "upcoming",
  organizerId: "",
  capacity: "",
  imageUrls: "",
  imageUrl: "",
  removeImage: "",
};

/** The form's field names for files: the cover (only the first file is used) and photos to add. */
export const EVENT_FILE_FIELDS = { image: "image", photos: "newImages" } as const;

export function readEventForm(form: FormData): EventFormValues {
  const text = (name: keyof EventFormValues) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    id: text("id"),
    version: text("version"),
    title: text("title"),
    description: text("description"),
    date: text("date"),
    time: text("time"),
    location: text("location"),
    status: text("status"),
    organizerId: text("organizerId"),
    capacity: text("capacity"),
    imageUrls: text("imageUrls"),
    imageUrl: text("imageUrl"),
    removeImage: text("removeImage"),
  };
}

// Control characters other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Any control character (a one-line field).
// eslint-disable-next-line no-control-regex
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;
/** 24-hour time as an <input type="time"> sends it, seconds optional. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const line = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .refine((v) => !LINE_CONTROL.test(v), `${label} contains characters that are not allowed`);

/** The rules of one event; `newPhotoCount` photos are uploaded with it (they count towards the limit). */
export function eventSchema(newPhotoCount = 0) {
  return z.object({
    title: nameField("Title", { max: EVENT_LIMITS.title }),
    description: z
      .string()
      .trim()
      .min(1, "Description is required")
      .max(
        EVENT_LIMITS.description,
        `Description must be at most ${EVENT_LIMITS.description.toLocaleString("en-US")} characters`,
      )
      .refine((v) => !CONTROL.test(v), "Description contains characters that are not allowed"),
    date: z
      .string()
      .trim()
      .min(1, "Date is required")
      .refine(isRealDate, { error: "Date must be a date", abort: true })
      .refine(isBusinessDate, businessDateRangeMessage("Date")),
    time: z
      .string()
      .trim()
      .min(1, "Time is required")
      .refine((v) => TIME.test(v), "Time must be a time of day, such as 18:30")
      .transform((v) => v.slice(0, 5)),
    location: line("Location", EVENT_LIMITS.location),
    status: z
      .string()
      .refine(
        (v): v is (typeof EVENT_STATUSES)[number] => (EVENT_STATUSES as readonly string[]).includes(v),
        "Choose a status",
      ),
    organizerId: z
      .string()
      .trim()
      .min(1, "Organizer is required")
      .refine(isUuid, EVENT_MESSAGES.organizerUnknown)
      .transform((v) => v.toLowerCase()),
    capacity: z.string().transform((raw, ctx) => {
      const value = raw.trim();
      if (value === "") return null;
      if (!/^\d+$/.test(value) || Number(value) > EVENT_LIMITS.capacity) {
        ctx.addIssue({
          code: "custom",
          message: `Capacity must be a whole number from 0 to ${EVENT_LIMITS.capacity.toLocaleString("en-US")}`,
        });
        return z.NEVER;
      }
      return Number(value);
    }),
    imageUrls: z
      .string()
      .transform(splitImageUrls)
      .pipe(
        z
          .array(
            z
              .string()
              .max(
                EVENT_LIMITS.photoAddress,
                `Each photo address must be at most ${EVENT_LIMITS.photoAddress} characters`,
              )
              .refine(isImageAddress, "Each photo address must start with https:// or /"),
          )
          .max(Math.max(0, EVENT_LIMITS.photos - newPhotoCount), `At most ${EVENT_LIMITS.photos} photos per event`),
      ),
    removeImage: z.string().transform((v) => v === "1" || v === "on"),
  });
}

export type EventInput = z.output<ReturnType<typeof eventSchema>>;

/** The form's own rules: the input to store, or one message per field. */
export function parseEventForm(
  values: EventFormValues,
  newPhotoCount = 0,
): { ok: true; input: EventInput } | { ok: false; errors: Record<string, string> } {
  const parsed = eventSchema(newPhotoCount).safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (newPhotoCount > EVENT_LIMITS.photosPerSave)
    errors.newImages = `Upload at most ${EVENT_LIMITS.photosPerSave} photos at a time`;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}
