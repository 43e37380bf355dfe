import { requireView } from "~/domain/auth/guard.server";
import type { Route } from "./+types/my-payslip-pdf";

// Being built (issue 25).
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/payslips/:id/pdf");
  throw new Response("Not found", { status: 404 });
}
