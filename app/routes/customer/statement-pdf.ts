import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { PARTY_STATEMENT_MESSAGES, readStatementPeriod } from "~/domain/accounting/party-statement";
import { partyStatementPdf } from "~/domain/accounting/party-statement-pdf.server";
import { defaultStatementPeriod, portalCustomerParty, statementOf } from "~/domain/accounting/party-statement.server";
import { requireCustomer } from "~/domain/auth/customer-guard.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { pdfDownloadResponse } from "~/lib/pdf-response";
import type { Route } from "./+types/statement-pdf";

// GET /customer/statement/pdf?from=&to=: the signed-in customer's own statement as the PDF the back office prints
// (issue 36). Nothing in the URL names the customer: it is always their own record's. A period that cannot be read:
// 400 with its message; a customer without a record: 404.

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const db = getDb();
  const request = readStatementPeriod(
    new URL(args.request.url).searchParams,
    await defaultStatementPeriod(db, todayInDhaka()),
  );
  const bad = Object.values(request.errors)[0];
  if (bad) throw data(bad, { status: 400 });
  const party = await portalCustomerParty(db, user);
  if (!party) throw data(PARTY_STATEMENT_MESSAGES.notFound, { status: 404 });
  return pdfDownloadResponse(await partyStatementPdf(db, await statementOf(db, party, request.period)));
}
