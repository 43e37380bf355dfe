import { requireView } from "~/domain/auth/guard.server";
import type { Route } from "./+types/year-end";

// Placeholder (issue 24): being built.
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/reports/year-end");
  return null;
}

export default function Placeholder() {
  return <p>Being built.</p>;
}
