import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { withUploadForm } from "~/lib/upload-form.server";
import { PictureListScreen, revalidateAfterPost } from "~/ui/admin/pictures/picture-list-screen";
import { answerOnScreen, runPictureListIntent, uploadRefusedAnswer } from "./picture-list-intents.server";
import { loadPictureList } from "./picture-list-page.server";
import type { Route } from "./+types/gallery";

// The Gallery screen (issue 11): the storefront gallery's pictures in order; upload with a caption, one of the 6
// categories and tags, change those later (?edit=<id>), drag to reorder, delete (?delete=<id> asks first). The
// gallery page shows each change at once.

export const meta: Route.MetaFunction = () => [{ title: "Gallery | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/gallery");
  return loadPictureList(args.request, "gallery");
}

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/gallery");
  // The body is read only now, the permission known (issue 19).
  return withUploadForm(args.request, async ({ form, refusal }) => {
    if (refusal) {
      const { payload, init } = uploadRefusedAnswer("gallery", form, refusal);
      return data(payload, init);
    }
    const intent = access.intent(form);
    const result = await runPictureListIntent(getDb(), "gallery", intent, form, auditActor(args, access.user));
    return answerOnScreen("gallery", intent, result);
  });
}

export const shouldRevalidate = revalidateAfterPost;

export default function Gallery({ loaderData, actionData }: Route.ComponentProps) {
  return <PictureListScreen list="gallery" {...loaderData} actionData={actionData} />;
}
