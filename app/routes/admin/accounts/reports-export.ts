import { requireView } from "~/domain/auth/guard.server";
import type { Route } from "./+types/reports-export";

// Placeholder (issue 24): being built.
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/reports/export");
  return new Response("Being built", { status: 404 });
}
