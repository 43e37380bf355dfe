import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { SUPPLIER_LIST, suppliersExportFileName } from "~/domain/purchases/supplier-list";
import { suppliersCsvStream } from "~/domain/purchases/suppliers-csv.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { parseList } from "~/lib/list-params";
import type { Route } from "./+types/suppliers-export";

// GET /admin/suppliers/export?<the Suppliers list's query>: the suppliers as the screen shows them (its search and
// sort), every page, with what the company owes each, as a CSV file (issue 36). Streamed a thousand rows at a time.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/suppliers/export");
  const state = parseList(SUPPLIER_LIST, args.request);
  return new Response(suppliersCsvStream(getDb(), state), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${suppliersExportFileName(todayInDhaka())}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
