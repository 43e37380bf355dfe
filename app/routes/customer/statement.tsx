import { ArrowLeft, FileText, ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import {
  PORTAL_STATEMENT_PATH,
  portalStatementPdfHref,
  readStatementPeriod,
  statementPeriodLabel,
} from "~/domain/accounting/party-statement";
import { defaultStatementPeriod, portalCustomerParty, statementOf } from "~/domain/accounting/party-statement.server";
import { requireCustomer } from "~/domain/auth/customer-guard.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { StatementPanels } from "~/ui/admin/accounts/party-statement/statement-view";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/statement";

// The customer's own ledger statement in the portal (/customer/statement; issue 36): the period in the URL (from,
// to; by default the start of the fiscal year to today), the opening balance, each invoice, payment and credit note
// with the balance after it, the closing balance, and the same as a PDF. Only ever the signed-in customer's own
// record (the live customer whose e-mail is theirs): nothing in the URL names a customer, so no one reads another's.

export const meta: Route.MetaFunction = () => [{ title: "My statement" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const db = getDb();
  const request = readStatementPeriod(
    new URL(args.request.url).searchParams,
    await defaultStatementPeriod(db, todayInDhaka()),
  );
  const party = await portalCustomerParty(db, user);
  const statement = party ? await statementOf(db, party, request.period) : null;
  return { statement, request };
}

export default function CustomerStatement({ loaderData }: Route.ComponentProps) {
  const { statement, request } = loaderData;
  const period = request.period;
  return (
    <>
      <Link
        to="/customer/dashboard"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-ink-900"
      >
        <ArrowLeft aria-hidden className="size-4" /> My quotations
      </Link>
      <PageHeader
        title="My statement"
        description={`Your account with us, ${statementPeriodLabel(period)}: what you were invoiced, what you paid and what is left.`}
        actions={
          statement && (
            <a href={portalStatementPdfHref(period)} download className={secondaryButton}>
              <FileText aria-hidden className="size-4 text-red-700" /> Download PDF
            </a>
          )
        }
      />
      {statement ? (
        <StatementPanels statement={statement} request={request} action={PORTAL_STATEMENT_PATH} links="portal" />
      ) : (
        <Panel className="flex flex-col items-center gap-2 px-4 py-10 text-center text-slate-600">
          <ReceiptText aria-hidden className="size-8 text-slate-400" />
          <p className="font-medium text-ink-900">No account yet</p>
          <p className="text-sm">Once a quotation of yours is invoiced, your statement of account appears here.</p>
        </Panel>
      )}
    </>
  );
}
