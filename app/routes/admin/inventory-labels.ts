import { requireView } from "~/domain/auth/guard.server";
import type { Route } from "./+types/inventory-labels";

// Placeholder while issue 26 is being built; replaced by the PDF.
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/inventory/labels");
  return new Response("Not built yet", { status: 404 });
}
