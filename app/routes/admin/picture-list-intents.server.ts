import { data } from "react-router";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import {
  PICTURE_LIST_MESSAGES,
  readPictureFields,
  type PictureListName,
  type PictureListResult,
} from "~/domain/content/picture-lists";
import {
  deletePicture,
  movePicture,
  reorderPictures,
  updateGalleryItem,
  uploadPicture,
} from "~/domain/content/picture-lists.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import type { UploadRefusal } from "~/lib/upload-form.server";
import { httpInitOf } from "~/lib/use-case-http";
import { pictureListPayload, type PictureListIntent, type PictureListPayload } from "~/ui/admin/pictures/payload";

// The logos, hero images and gallery screens (and their upload endpoints) post one form each, told apart by its
// `intent`: the permission matrix decides which intents a screen takes (only the gallery's edits a caption), and
// this runs the use case the intent names and answers it: the payload the screen reads, with the status of the
// refusal (app/lib/use-case-http.ts). Not a route module: app/routes.ts does not list it.

export function runPictureListIntent(
  db: Db,
  list: PictureListName,
  intent: PictureListIntent,
  form: FormData,
  actor: AuditActor,
): Promise<PictureListResult> {
  switch (intent) {
    case "upload":
      return uploadPicture(db, list, form, actor);
    case "update":
      return updateGalleryItem(db, form, actor);
    case "delete":
      return deletePicture(db, list, { id: form.get("id") }, actor);
    case "reorder":
      return reorderPictures(db, list, form.getAll("ids"), actor);
    case "move-up":
    case "move-down":
      return movePicture(db, list, { id: form.get("id"), direction: intent === "move-up" ? "up" : "down" }, actor);
  }
}

export interface PictureListAnswer {
  payload: PictureListPayload;
  init: ResponseInit;
}

/** A use case's answer as the screen reads it, with the refusal's status. */
export function pictureListAnswer(intent: PictureListIntent, result: PictureListResult): PictureListAnswer {
  return { payload: pictureListPayload(intent, result), init: result.ok ? { status: 200 } : httpInitOf(result) };
}

/**
 * A post refused while its body was read, before any use case saw it (a file over UPLOAD_MAX_BYTES: 413; a form
 * that could not be read: 400; app/lib/upload-form.server.ts): the upload's failure, with what was typed.
 */
export function uploadRefusedAnswer(list: PictureListName, form: FormData, refusal: UploadRefusal): PictureListAnswer {
  return {
    payload: {
      intent: "upload",
      ok: false,
      toast: { type: "error", message: PICTURE_LIST_MESSAGES[list].uploadFailed },
      errors: { [refusal.field]: refusal.message },
      values: readPictureFields(list, form),
      id: null,
    },
    init: { status: refusal.status },
  };
}

/**
 * The screen's own answer (its forms posted without JavaScript, its fetchers with it). The delete dialog and a
 * saved Edit dialog go back to the screen with the toast, as every dialog opened by the URL does (a picture gone
 * meanwhile too: the dialog has nothing left to show); the rest answers on the page.
 */
export async function answerOnScreen(list: PictureListName, intent: PictureListIntent, result: PictureListResult) {
  if (intent === "delete" || (intent === "update" && (result.ok || result.refusal === "not-found")))
    return redirectWithToast(`/admin/${list}`, { type: result.ok ? "success" : "error", message: result.message });
  const { payload, init } = pictureListAnswer(intent, result);
  return data(payload, init);
}
