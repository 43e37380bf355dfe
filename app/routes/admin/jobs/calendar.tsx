import { requireView } from "~/domain/auth/guard.server";
import type { Route } from "./+types/calendar";

// Placeholder while issue 26 is being built; replaced by the screen.
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/jobs/calendar");
  return null;
}

export default function Placeholder() {
  return <p>Jobs are being built.</p>;
}
