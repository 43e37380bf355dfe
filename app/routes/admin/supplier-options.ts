import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { supplierNameOptions } from "~/domain/purchases/supplier-list.server";
import type { Route } from "./+types/supplier-options";

// New Payable's supplier as one types (GET /admin/suppliers/options?q=dhaka, issue 36): JSON for a fetcher, the live
// suppliers' names containing the text and whether it is one already (else saving adds that supplier), so the dialog
// never carries every supplier.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/suppliers/options");
  const q = new URL(args.request.url).searchParams.get("q") ?? "";
  return supplierNameOptions(getDb(), q);
}
