import { requireView } from "~/domain/auth/guard.server";
import type { Route } from "./+types/reports";

// Placeholder (issue 24): being built.
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/reports");
  return null;
}

export default function Placeholder() {
  return <p>Being built.</p>;
}
