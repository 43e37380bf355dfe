import { requireView } from "~/domain/auth/guard.server";
import type { Route } from "./+types/payroll-report";

// Being built (issue 25).
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/payroll/report");
  throw new Response("Not found", { status: 404 });
}
