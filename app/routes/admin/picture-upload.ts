import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requirePermission } from "~/domain/auth/guard.server";
import type { Permission } from "~/domain/auth/permissions";
import {
  pictureListPayload,
  PICTURE_LIST_ERRORS,
  PICTURE_LISTS,
  type PictureListName,
} from "~/domain/content/picture-lists";
import { uploadPicture, uploadRefused } from "~/domain/content/picture-lists.server";
import { withUploadForm } from "~/lib/upload-form.server";
import type { Route } from "./+types/picture-upload";

// POST /admin/logos/upload, /admin/hero/upload and /admin/gallery/upload: the upload forms' files sent with
// JavaScript (an XMLHttpRequest, so the screen can show a progress bar), answered as JSON. Without JavaScript the
// same form posts to the screen itself. Both run the same use case, under the screen's own permission.

const PERMISSION: Record<PictureListName, Permission> = {
  logos: "content.manage",
  hero: "content.manage",
  gallery: "gallery.manage",
};

function listOf(request: Request): PictureListName {
  // Routes match whatever the letters' case, so the path is compared in lower case.
  const segment = new URL(request.url).pathname.toLowerCase().split("/")[2];
  return PICTURE_LISTS.find((list) => list === segment) ?? "logos";
}

/** Nothing to show here: the screen. */
export async function loader(args: Route.LoaderArgs) {
  const list = listOf(args.request);
  await requirePermission(args, PERMISSION[list]);
  return redirect(`/admin/${list}`);
}

export async function action(args: Route.ActionArgs) {
  const list = listOf(args.request);
  const user = await requirePermission(args, PERMISSION[list]);
  // The body is read only now, the permission known (issue 19).
  return withUploadForm(args.request, async ({ form, refusal }) => {
    if (refusal) {
      const { payload, status } = pictureListPayload(uploadRefused(list, form, refusal));
      return Response.json(payload, { status });
    }
    if (form.get("intent") !== "upload")
      return Response.json({ errors: { form: PICTURE_LIST_ERRORS.formUnreadable } }, { status: 400 });
    const { payload, status } = pictureListPayload(await uploadPicture(getDb(), list, form, auditActor(args, user)));
    return Response.json(payload, { status });
  });
}
