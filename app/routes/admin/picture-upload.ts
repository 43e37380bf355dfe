import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requirePermission } from "~/domain/auth/guard.server";
import { pictureListPayload, PICTURE_LIST_ERRORS, type PictureListName } from "~/domain/content/picture-lists";
import { uploadPicture } from "~/domain/content/picture-lists.server";
import type { Route } from "./+types/picture-upload";

// POST /admin/logos/upload and /admin/hero/upload: the upload forms' files sent with JavaScript (an
// XMLHttpRequest, so the screen can show a progress bar), answered as JSON. Without JavaScript the same form
// posts to the screen itself. Both run the same use case.

function listOf(request: Request): PictureListName {
  // Routes match whatever the letters' case, so the path is compared in lower case.
  return new URL(request.url).pathname.toLowerCase().startsWith("/admin/hero/") ? "hero" : "logos";
}

/** Nothing to show here: the screen. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "content.manage");
  return redirect(`/admin/${listOf(args.request)}`);
}

export async function action(args: Route.ActionArgs) {
  const user = await requirePermission(args, "content.manage");
  const list = listOf(args.request);
  const form = await args.request.formData().catch(() => new FormData());
  if (form.get("intent") !== "upload")
    return Response.json({ errors: { form: PICTURE_LIST_ERRORS.formUnreadable } }, { status: 400 });
  const { payload, status } = pictureListPayload(await uploadPicture(getDb(), list, form, auditActor(args, user)));
  return Response.json(payload, { status });
}
