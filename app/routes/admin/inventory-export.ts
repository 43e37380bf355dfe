import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { inventoryExportFileName } from "~/domain/inventory/inventory-csv";
import { inventoryCsvStream } from "~/domain/inventory/inventory-csv.server";
import { INVENTORY_LIST } from "~/domain/inventory/inventory-list";
import { todayInDhaka } from "~/lib/dhaka-time";
import { parseList } from "~/lib/list-params";
import type { Route } from "./+types/inventory-export";

// GET /admin/inventory/export?<the list's query>: the inventory list as it is filtered, searched and sorted, every
// page, as a CSV file (issue 9). Streamed: the rows are read a thousand at a time while the file downloads.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/inventory/export");
  const state = parseList(INVENTORY_LIST, args.request);
  return new Response(inventoryCsvStream(getDb(), state), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${inventoryExportFileName(todayInDhaka())}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
