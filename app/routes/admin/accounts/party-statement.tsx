import { ArrowLeft, FileSpreadsheet, FileText, Mail } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { getDb } from "~/db/client.server";
import type { PartyKind } from "~/domain/accounting/constants";
import {
  isPartyKind,
  PARTY_KIND_LABELS,
  PARTY_STATEMENT_MESSAGES,
  partyStatementExportHref,
  partyStatementHref,
  readStatementPeriod,
  statementPeriodLabel,
} from "~/domain/accounting/party-statement";
import { emailPartyStatement } from "~/domain/accounting/party-statement-email.server";
import { defaultStatementPeriod, loadPartyStatement } from "~/domain/accounting/party-statement.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { SubmitButton, useFormBusy } from "~/ui/admin/form";
import { RecordRouteError } from "~/ui/admin/list";
import { StatementPanels } from "~/ui/admin/accounts/party-statement/statement-view";
import { PageHeader } from "~/ui/admin/page-header";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/party-statement";

// A customer's, supplier's or employee's ledger statement (/admin/accounts/parties/:kind/:id/statement; issue 36):
// the period in the URL (from, to; by default the start of the fiscal year to today in Dhaka), the opening balance,
// every posted line on the party's control accounts with the balance after it and its document, the totals and the
// closing balance; the same as CSV and PDF (the company's letterhead), and E-mail to <party> through the outbox with
// the PDF attached. A merged customer's or supplier's statement is the record it was merged into; an unknown kind or
// id is a 404.

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page ? `Statement of ${page.statement.party.name}` : "Statement"} | Utsab Admin` },
];

const notFound = () => data(PARTY_STATEMENT_MESSAGES.notFound, { status: 404 });

function kindOf(params: { kind?: string }): PartyKind {
  if (!isPartyKind(params.kind)) throw notFound();
  return params.kind;
}

/** The record's own list or page, for the link back. */
function backLink(kind: PartyKind, id: string): { href: string; label: string } {
  switch (kind) {
    case "customer":
      return { href: `/admin/customers/${id}`, label: "Customer" };
    case "supplier":
      return { href: `/admin/suppliers/${id}`, label: "Supplier" };
    case "employee":
      return { href: "/admin/employees", label: "Employees" };
  }
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/parties/:kind/:id/statement");
  const kind = kindOf(args.params);
  const url = new URL(args.request.url);
  const db = getDb();
  const request = readStatementPeriod(url.searchParams, await defaultStatementPeriod(db, todayInDhaka()));
  const found = await loadPartyStatement(db, kind, args.params.id, request.period);
  if (found.found === "none") throw notFound();
  if (found.found === "merged") throw redirect(`${partyStatementHref(kind, found.intoId)}${url.search}`);
  return { statement: found.statement, request, canEmail: can(user.role, "accounts.manage") };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/parties/:kind/:id/statement");
  const form = await args.request.formData().catch(() => new FormData());
  intentOf(form); // "email", the one this page has: refused unless the user may
  const kind = kindOf(args.params);
  const db = getDb();
  const request = readStatementPeriod(
    { get: (name) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null) },
    await defaultStatementPeriod(db, todayInDhaka()),
  );
  const here = partyStatementHref(kind, args.params.id, request.period);
  const bad = Object.values(request.errors)[0];
  if (bad) return redirectWithToast(here, { type: "error", message: PARTY_STATEMENT_MESSAGES.emailFailed(bad) });
  const result = await emailPartyStatement(db, auditActor(args, user), {
    kind,
    id: args.params.id,
    period: request.period,
  });
  if (!result.ok && result.refusal === "not-found") throw notFound();
  return redirectWithToast(
    here,
    result.ok
      ? { type: "success", message: result.message, link: { href: `/admin/outbox/${result.emailId}`, label: "Outbox" } }
      : { type: "error", message: result.message },
  );
}

export default function PartyStatement({ loaderData }: Route.ComponentProps) {
  const { statement, request, canEmail } = loaderData;
  const { party } = statement;
  const kindLabel = PARTY_KIND_LABELS[party.kind];
  const here = partyStatementHref(party.kind, party.id);
  const back = backLink(party.kind, party.id);
  const emailing = useFormBusy("email");
  const period = { from: statement.from, to: statement.to };
  return (
    <>
      <Link
        to={back.href}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-ink-900"
      >
        <ArrowLeft aria-hidden className="size-4" /> {back.label}
      </Link>
      <PageHeader
        title={`Statement of ${party.name}`}
        description={`${kindLabel} ledger · ${statementPeriodLabel(period)}${party.email ? ` · ${party.email}` : ""}`}
        actions={
          <>
            <a
              href={partyStatementExportHref(party.kind, party.id, "pdf", period)}
              download
              className={secondaryButton}
            >
              <FileText aria-hidden className="size-4 text-red-700" /> Download PDF
            </a>
            <a
              href={partyStatementExportHref(party.kind, party.id, "csv", period)}
              download
              className={secondaryButton}
            >
              <FileSpreadsheet aria-hidden className="size-4 text-emerald-700" /> Download CSV
            </a>
            {canEmail &&
              (party.email ? (
                <Form method="post" action={`${here}?${new URLSearchParams(period).toString()}`} replace>
                  <input type="hidden" name="intent" value="email" />
                  <input type="hidden" name="from" value={period.from} />
                  <input type="hidden" name="to" value={period.to} />
                  <SubmitButton
                    label={`E-mail to ${party.kind}`}
                    busyLabel="Queuing..."
                    busy={emailing}
                    className={secondaryButton}
                  />
                </Form>
              ) : (
                <button
                  type="button"
                  disabled
                  className={`${secondaryButton} disabled:cursor-not-allowed disabled:opacity-60`}
                  aria-describedby="statement-no-email"
                >
                  <Mail aria-hidden className="size-4" /> E-mail to {party.kind}
                  <span id="statement-no-email" className="sr-only">
                    {PARTY_STATEMENT_MESSAGES.noEmail(party.kind, party.name)}
                  </span>
                </button>
              ))}
          </>
        }
      />
      {canEmail && !party.email && (
        <p className="-mt-3 mb-4 text-sm text-slate-600">{PARTY_STATEMENT_MESSAGES.noEmail(party.kind, party.name)}.</p>
      )}
      {party.address && <p className="-mt-3 mb-4 text-sm whitespace-pre-line text-slate-600">{party.address}</p>}
      <StatementPanels statement={statement} request={request} action={here} links="admin" />
    </>
  );
}

export function ErrorBoundary() {
  return <RecordRouteError thing="Party" backTo="/admin/customers" backLabel="Back to Customers" />;
}
