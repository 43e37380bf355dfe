import type { PictureListItem, PictureListName } from "~/domain/content/picture-lists";
import { PICTURE_LIST_ERRORS } from "~/domain/content/picture-lists";
import { listPictures } from "~/domain/content/picture-lists.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { isUuid } from "~/lib/list-params";
import { recordDialogFromUrl } from "~/lib/record-dialog.server";

// What the Logos, Hero images and Gallery screens load, after their own requireView: the list in its order, the
// upload limit, and the dialog the URL opens (ADR 0014): `?delete=<id>` asks before deleting a picture (with or
// without JavaScript), `?edit=<id>` changes a gallery picture's caption, category and tags. An id that names no
// picture goes back to the screen, saying so. Not a route module: app/routes.ts does not list it.

export async function loadPictureList(request: Request, list: PictureListName) {
  const url = new URL(request.url);
  // Only a gallery picture has fields to edit.
  if (list !== "gallery") url.searchParams.delete("edit");
  const items = await listPictures(getDb(), list);
  const dialog = await recordDialogFromUrl<PictureListItem>(url, {
    allowed: true,
    empty: null,
    load: async (id) => (isUuid(id) ? (items.find((i) => i.id === id.toLowerCase()) ?? null) : null),
    values: (item) => item,
    name: (item) => item.label,
    id: (item) => item.id,
    listUrl: `/admin/${list}`,
    notFound: PICTURE_LIST_ERRORS.notFound,
  });
  return {
    items,
    maxBytes: getEnv().uploadMaxBytes,
    /** The picture whose Edit dialog (?edit=) or delete question (?delete=) is open. */
    editing: dialog?.kind === "update" ? dialog.values : null,
    deleting: dialog?.kind === "delete" ? dialog.record : null,
  };
}
