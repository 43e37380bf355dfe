import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { pictureListPayload, PICTURE_LIST_ERRORS } from "~/domain/content/picture-lists";
import { listPictures, uploadRefused } from "~/domain/content/picture-lists.server";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { withUploadForm } from "~/lib/upload-form.server";
import { PictureListScreen, revalidateAfterPost } from "~/ui/admin/picture-list-screen";
import { runPictureListIntent } from "./picture-list-intents.server";
import type { Route } from "./+types/gallery";

// The Gallery screen (issue 11): the storefront gallery's pictures in order; upload with a caption, one of the 6
// categories and tags, change those later (?edit=<id>), drag to reorder, delete. The gallery page shows each change
// at once.

export const meta: Route.MetaFunction = () => [{ title: "Gallery | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/gallery");
  const url = new URL(args.request.url);
  const items = await listPictures(getDb(), "gallery");
  const editId = url.searchParams.get("edit")?.toLowerCase();
  const editing = editId ? items.find((i) => i.id === editId) : null;
  // An Edit link to a picture deleted meanwhile: back to the screen, saying so.
  if (editId && !editing)
    throw await redirectWithToast("/admin/gallery", { type: "error", message: PICTURE_LIST_ERRORS.notFound });
  return {
    items,
    maxBytes: getEnv().uploadMaxBytes,
    // Delete without JavaScript: the row's Delete link asks again here first.
    confirmDelete: url.searchParams.get("delete"),
    editing: editing ?? null,
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/gallery");
  // The body is read only now, the permission known (issue 19).
  return withUploadForm(args.request, async ({ form, refusal }) => {
    const result = refusal
      ? uploadRefused("gallery", form, refusal)
      : await runPictureListIntent(getDb(), "gallery", access.intent(form), form, auditActor(args, access.user));
    // A saved Edit dialog closes: back to the screen, with the toast.
    if (result.ok && result.intent === "update")
      return redirectWithToast("/admin/gallery", { type: "success", message: result.message });
    const { payload, status } = pictureListPayload(result);
    return data(payload, { status });
  });
}

export const shouldRevalidate = revalidateAfterPost;

export default function Gallery({ loaderData, actionData }: Route.ComponentProps) {
  return <PictureListScreen list="gallery" {...loaderData} actionData={actionData} />;
}
