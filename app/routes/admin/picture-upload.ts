import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import type { AdminPath } from "~/domain/auth/permissions";
import { PICTURE_LISTS, type PictureListName } from "~/domain/content/picture-lists";
import { withUploadForm } from "~/lib/upload-form.server";
import { pictureListAnswer, runPictureListIntent, uploadRefusedAnswer } from "./picture-list-intents.server";
import type { Route } from "./+types/picture-upload";

// POST /admin/logos/upload, /admin/hero/upload and /admin/gallery/upload: the upload forms' files sent with
// JavaScript (an XMLHttpRequest, so the screen can show a progress bar), answered as JSON. Without JavaScript the
// same form posts to the screen itself. Both run the same use case, under the screen's own permission.

const UPLOAD_PATH = {
  logos: "/admin/logos/upload",
  hero: "/admin/hero/upload",
  gallery: "/admin/gallery/upload",
} as const satisfies Record<PictureListName, AdminPath>;

function listOf(request: Request): PictureListName {
  // Routes match whatever the letters' case, so the path is compared in lower case.
  const segment = new URL(request.url).pathname.toLowerCase().split("/")[2];
  return PICTURE_LISTS.find((list) => list === segment) ?? "logos";
}

/** Nothing to show here: the screen. */
export async function loader(args: Route.LoaderArgs) {
  const list = listOf(args.request);
  await requireView(args, UPLOAD_PATH[list]);
  return redirect(`/admin/${list}`);
}

export async function action(args: Route.ActionArgs) {
  const list = listOf(args.request);
  const access = await requireAction(args, UPLOAD_PATH[list]);
  // The body is read only now, the permission known (issue 19).
  return withUploadForm(args.request, async ({ form, refusal }) => {
    if (refusal) {
      const { payload, init } = uploadRefusedAnswer(list, form, refusal);
      return Response.json(payload, init);
    }
    const intent = access.intent(form); // "upload", the one thing this endpoint does
    const result = await runPictureListIntent(getDb(), list, intent, form, auditActor(args, access.user));
    const { payload, init } = pictureListAnswer(intent, result);
    return Response.json(payload, init);
  });
}
