import { requireView, requireAction } from "~/domain/auth/guard.server";
import type { Route } from "./+types/crew";

// Placeholder while issue 26 is being built; replaced by the screen.
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/jobs/:id/crew");
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { intent } = await requireAction(args, "/admin/jobs/:id/crew");
  intent(await args.request.formData());
  return null;
}

export default function Placeholder() {
  return <p>Jobs are being built.</p>;
}
