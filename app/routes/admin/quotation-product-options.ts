import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { searchProductOptions } from "~/domain/quotations/admin-quotations.server";
import type { Route } from "./+types/quotation-product-options";

// The Quotation Details panel's "Add a product" search (GET /admin/quotations/product-options?q=led): JSON for a
// fetcher, the items matching what staff type, so the panel never carries the whole inventory.
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/quotations/product-options");
  const q = new URL(args.request.url).searchParams.get("q") ?? "";
  return { options: await searchProductOptions(getDb(), q) };
}
