import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { periodOf, TRANSACTION_LIST, transactionsExportFileName } from "~/domain/accounting/transaction-list";
import { transactionsCsvStream } from "~/domain/accounting/transactions-csv.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { parseList } from "~/lib/list-params";
import type { Route } from "./+types/transactions-export";

// GET /admin/accounts/export?<the Transactions list's query>: the transactions as the screen shows them (the period,
// search, filters and sort), every page, as a CSV file (issue 21). Streamed: read a thousand rows at a time while the
// file downloads.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/export");
  const state = parseList(TRANSACTION_LIST, args.request);
  const today = todayInDhaka();
  return new Response(transactionsCsvStream(getDb(), state, periodOf(state.filters, today)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${transactionsExportFileName(today)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
