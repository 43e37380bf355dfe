import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { listHeroImages } from "~/domain/content/company.server";
import { withUploadForm } from "~/lib/upload-form.server";
import { PictureListScreen, revalidateAfterPost } from "~/ui/admin/pictures/picture-list-screen";
import { answerOnScreen, runPictureListIntent, uploadRefusedAnswer } from "./picture-list-intents.server";
import { loadPictureList } from "./picture-list-page.server";
import type { Route } from "./+types/logos";

// Logo Management (backoffice.md §2): the site header's logos in order; upload, delete (?delete=<id> asks first),
// drag to reorder; a preview of the storefront header with them, and with the chosen file before it is uploaded.

export const meta: Route.MetaFunction = () => [{ title: "Logos | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/logos");
  const [page, hero] = await Promise.all([loadPictureList(args.request, "logos"), listHeroImages(getDb())]);
  // The header preview stands over the home page's first picture, as the header does.
  const first = hero[0];
  return { ...page, backdrop: first ? { imageUrl: first.imageUrl, srcSet: first.srcSet } : null };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/logos");
  // The body is read only now, the permission known (issue 19).
  return withUploadForm(args.request, async ({ form, refusal }) => {
    if (refusal) {
      const { payload, init } = uploadRefusedAnswer("logos", form, refusal);
      return data(payload, init);
    }
    const intent = access.intent(form);
    const result = await runPictureListIntent(getDb(), "logos", intent, form, auditActor(args, access.user));
    return answerOnScreen("logos", intent, result);
  });
}

export const shouldRevalidate = revalidateAfterPost;

export default function Logos({ loaderData, actionData }: Route.ComponentProps) {
  return <PictureListScreen list="logos" {...loaderData} actionData={actionData} />;
}
