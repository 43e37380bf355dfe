import { data, redirect } from "react-router";
import { getDb } from "~/db/client.server";
import {
  isPartyKind,
  PARTY_STATEMENT_MESSAGES,
  partyStatementFileName,
  partyStatementHref,
  readStatementPeriod,
} from "~/domain/accounting/party-statement";
import { partyStatementPdf } from "~/domain/accounting/party-statement-pdf.server";
import {
  defaultStatementPeriod,
  loadPartyStatement,
  partyStatementCsv,
} from "~/domain/accounting/party-statement.server";
import { requireView } from "~/domain/auth/guard.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { attachmentDisposition } from "~/lib/content-disposition";
import { todayInDhaka } from "~/lib/dhaka-time";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/party-statement-export";

// GET /admin/accounts/parties/:kind/:id/statement/export?format=csv|pdf&from=&to=: the party's ledger statement the
// screen shows, as a CSV file for a spreadsheet or as the PDF on the company's letterhead (issue 36). A period or
// format the screen would name as wrong: 400 with its message; an unknown party: 404; a merged record: its kept one's.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/parties/:kind/:id/statement/export");
  const kind = args.params.kind;
  if (!isPartyKind(kind)) throw data(PARTY_STATEMENT_MESSAGES.notFound, { status: 404 });
  const url = new URL(args.request.url);
  const format = url.searchParams.get("format") ?? "pdf";
  if (format !== "csv" && format !== "pdf") throw data(PARTY_STATEMENT_MESSAGES.format, { status: 400 });
  const db = getDb();
  const request = readStatementPeriod(url.searchParams, await defaultStatementPeriod(db, todayInDhaka()));
  const bad = Object.values(request.errors)[0];
  if (bad) throw data(bad, { status: 400 });
  const found = await loadPartyStatement(db, kind, args.params.id, request.period);
  if (found.found === "none") throw data(PARTY_STATEMENT_MESSAGES.notFound, { status: 404 });
  if (found.found === "merged") throw redirect(`${partyStatementHref(kind, found.intoId)}/export${url.search}`);
  const { statement } = found;
  if (format === "pdf") return pdfDownloadResponse(await partyStatementPdf(db, statement));
  const company = await getCompanySettings(db);
  return new Response(partyStatementCsv(statement, company.name), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(partyStatementFileName(statement.party, statement, "csv")),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
