import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import type { IntentOf } from "~/domain/auth/permissions";
import type { PictureListName, PictureListResult } from "~/domain/content/picture-lists";
import {
  deletePicture,
  movePicture,
  reorderPictures,
  updateGalleryItem,
  uploadPicture,
} from "~/domain/content/picture-lists.server";

// The logos, hero images and gallery screens (and their upload endpoints) post one form each, told apart by its
// `intent`: the permission matrix decides which intents a screen takes (only the gallery's edits a caption), and
// this runs the use case the intent names. Not a route module: app/routes.ts does not list it.

type PictureListIntent =
  IntentOf<"/admin/logos"> | IntentOf<"/admin/hero"> | IntentOf<"/admin/gallery"> | IntentOf<"/admin/logos/upload">;

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
