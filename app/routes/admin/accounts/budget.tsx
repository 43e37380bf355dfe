import { requireView } from "~/domain/auth/guard.server";
import type { Route } from "./+types/budget";

// Placeholder (issue 24): being built.
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/budget");
  return null;
}

export default function Placeholder() {
  return <p>Being built.</p>;
}
