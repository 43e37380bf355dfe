import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { withUploadForm } from "~/lib/upload-form.server";
import { PictureListScreen, revalidateAfterPost } from "~/ui/admin/pictures/picture-list-screen";
import { answerOnScreen, runPictureListIntent, uploadRefusedAnswer } from "./picture-list-intents.server";
import { loadPictureList } from "./picture-list-page.server";
import type { Route } from "./+types/hero";

// Hero Image Management (backoffice.md §2): the home slideshow's pictures in order; upload, delete (?delete=<id> asks
// first), drag to reorder.

export const meta: Route.MetaFunction = () => [{ title: "Hero Images | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/hero");
  return loadPictureList(args.request, "hero");
}

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/hero");
  // The body is read only now, the permission known (issue 19).
  return withUploadForm(args.request, async ({ form, refusal }) => {
    if (refusal) {
      const { payload, init } = uploadRefusedAnswer("hero", form, refusal);
      return data(payload, init);
    }
    const intent = access.intent(form);
    const result = await runPictureListIntent(getDb(), "hero", intent, form, auditActor(args, access.user));
    return answerOnScreen("hero", intent, result);
  });
}

export const shouldRevalidate = revalidateAfterPost;

export default function HeroImages({ loaderData, actionData }: Route.ComponentProps) {
  return <PictureListScreen list="hero" {...loaderData} actionData={actionData} />;
}
