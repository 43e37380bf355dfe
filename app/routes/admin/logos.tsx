import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { pictureListPayload } from "~/domain/content/picture-lists";
import { listPictures, uploadRefused } from "~/domain/content/picture-lists.server";
import { getEnv } from "~/lib/env.server";
import { withUploadForm } from "~/lib/upload-form.server";
import { PictureListScreen, revalidateAfterPost } from "~/ui/admin/picture-list-screen";
import { runPictureListIntent } from "./picture-list-intents.server";
import type { Route } from "./+types/logos";

// Logo Management (backoffice.md §2): the site header's logos in order; upload, delete, drag to reorder.

export const meta: Route.MetaFunction = () => [{ title: "Logos | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/logos");
  return {
    items: await listPictures(getDb(), "logos"),
    maxBytes: getEnv().uploadMaxBytes,
    // Delete without JavaScript: the row's Delete link asks again here first.
    confirmDelete: new URL(args.request.url).searchParams.get("delete"),
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/logos");
  // The body is read only now, the permission known (issue 19).
  return withUploadForm(args.request, async ({ form, refusal }) => {
    const result = refusal
      ? uploadRefused("logos", form, refusal)
      : await runPictureListIntent(getDb(), "logos", access.intent(form), form, auditActor(args, access.user));
    const { payload, status } = pictureListPayload(result);
    return data(payload, { status });
  });
}

export const shouldRevalidate = revalidateAfterPost;

export default function Logos({ loaderData, actionData }: Route.ComponentProps) {
  return <PictureListScreen list="logos" {...loaderData} actionData={actionData} />;
}
