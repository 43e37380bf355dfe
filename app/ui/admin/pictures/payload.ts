import type { IntentOf } from "~/domain/auth/permissions";
import type { PictureListResult } from "~/domain/content/picture-lists";
import type { Toast } from "~/lib/toast";

// What the picture screens' action and upload endpoints answer (issue 19): the use case's result as the screen
// reads it, with the intent of the form that was sent, so each form shows only its own answer. Browser-safe: the
// upload form builds the same answer for a failure it meets itself (the connection lost). The HTTP status is the
// route's (app/lib/use-case-http.ts).

/** The forms of the Logos, Hero images and Gallery screens, as the permission matrix lists them per path. */
export type PictureListIntent = IntentOf<"/admin/logos"> | IntentOf<"/admin/hero"> | IntentOf<"/admin/gallery">;

export interface PictureListPayload {
  intent: PictureListIntent | null;
  ok: boolean;
  toast: Toast;
  errors: Record<string, string>;
  /** What was typed, to fill the form again after a refusal. */
  values: Record<string, string> | null;
  /** The picture added, changed or refused. */
  id: string | null;
}

export function pictureListPayload(intent: PictureListIntent, result: PictureListResult): PictureListPayload {
  return {
    intent,
    ok: result.ok,
    toast: { type: result.ok ? "success" : "error", message: result.message },
    errors: result.ok ? {} : result.errors,
    values: result.ok ? null : (result.values ?? null),
    id: result.id ?? null,
  };
}
