import { ArrowLeft, BookText, GitMerge, Pencil } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { PAYMENT_METHOD_LABELS } from "~/domain/accounting/constants";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import {
  readSupplierForm,
  SUPPLIER_MESSAGES,
  supplierFormOf,
  type SupplierFormValues,
} from "~/domain/purchases/supplier-form";
import { paymentTermsLabel, type SupplierDetail } from "~/domain/purchases/supplier-list";
import { loadSupplierDetail } from "~/domain/purchases/supplier-list.server";
import { updateSupplier } from "~/domain/purchases/suppliers.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatMoney, formatShortDate } from "~/lib/format";
import { isUuid } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { useToast } from "~/ui/admin/form";
import { cellClass, Detail, HeadCell, ListTable } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { SupplierDialog } from "~/ui/admin/suppliers/supplier-dialog";
import { Badge } from "~/ui/badge";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/supplier";

// A supplier (/admin/suppliers/:id, issue 36): the record (Edit: ?edit=1), what the company owes them on the ledger,
// their open payables and the payments of their payables (found by the supplier their entries name, so a merged
// record's follow it), and their ledger statement. A merged record's page goes to the record it was merged into.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data && "supplier" in data ? data.supplier.name : "Supplier"} | Utsab Admin` },
];

/** The statement screen of a party (its route: /admin/accounts/parties/:kind/:id/statement). */
const statementHref = (id: string) => `/admin/accounts/parties/supplier/${id}/statement`;

async function detailOf(id: string): Promise<SupplierDetail> {
  const found = isUuid(id) ? await loadSupplierDetail(getDb(), id.toLowerCase(), todayInDhaka()) : null;
  if (!found) throw await redirectWithToast("/admin/suppliers", { type: "error", message: SUPPLIER_MESSAGES.notFound });
  if ("mergedIntoId" in found)
    throw await redirectWithToast(`/admin/suppliers/${found.mergedIntoId}`, {
      type: "error",
      message: SUPPLIER_MESSAGES.mergedAway,
    });
  return found;
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/suppliers/:id");
  const url = new URL(args.request.url);
  const supplier = await detailOf(args.params.id);
  const canEdit = can(user.role, "accounts.manage");
  const editing = canEdit && url.searchParams.get("edit") === "1";
  return { supplier, canEdit, editValues: editing ? supplierFormOf(supplier) : null };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/suppliers/:id");
  const form = await args.request.formData().catch(() => new FormData());
  intentOf(form); // "update", the one this page has: refused unless the user may
  const values = readSupplierForm(form);
  const id = isUuid(args.params.id) ? args.params.id.toLowerCase() : "";
  const result = await updateSupplier(getDb(), auditActor(args, user), id, values);
  if (result.ok) return redirectWithToast(`/admin/suppliers/${id}`, { type: "success", message: result.message });
  if (result.refusal !== "invalid")
    return redirectWithToast("/admin/suppliers", { type: "error", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

const money = `${cellClass} whitespace-nowrap tabular-nums sm:text-right`;

export default function Supplier({ loaderData, actionData }: Route.ComponentProps) {
  const { supplier: s, canEdit, editValues } = loaderData;
  const location = useLocation();
  useToast(actionData?.toast);
  const self = location.pathname;
  const paidAhead = s.owed.startsWith("-");
  const bank = [s.bankName, s.bankAccountNumber].filter(Boolean).join(" · ");
  return (
    <>
      <Link
        to="/admin/suppliers"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-ink-900"
      >
        <ArrowLeft aria-hidden className="size-4" /> Suppliers
      </Link>
      <PageHeader
        title={s.name}
        description={[s.bin && `BIN ${s.bin}`, s.tin && `TIN ${s.tin}`].filter(Boolean).join(" · ") || undefined}
        actions={
          <>
            {canEdit && (
              <>
                <Link to={`/admin/suppliers?merge=1&duplicate=${s.id}`} className={secondaryButton}>
                  <GitMerge aria-hidden className="size-4" /> Merge
                </Link>
                <Link to={`${self}?edit=1`} preventScrollReset className={secondaryButton}>
                  <Pencil aria-hidden className="size-4" /> Edit
                </Link>
              </>
            )}
            <Link to={statementHref(s.id)} className={secondaryButton}>
              <BookText aria-hidden className="size-4" /> Statement
            </Link>
          </>
        }
      />

      <div className="mb-6 grid gap-6 lg:grid-cols-3">
        <Panel className="p-4 lg:col-span-2">
          <h2 className="mb-3 text-lg font-semibold text-ink-900">Details</h2>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Detail term="E-mail">
              <span className="break-all">{s.email ?? "—"}</span>
            </Detail>
            <Detail term="Phone">{s.phone ?? "—"}</Detail>
            <Detail term="Address">
              <span className="whitespace-pre-line">{s.address ?? "—"}</span>
            </Detail>
            <Detail term="Payment terms">{paymentTermsLabel(s.paymentTermsDays)}</Detail>
            <Detail term="BIN">{s.bin ?? "—"}</Detail>
            <Detail term="TIN">{s.tin ?? "—"}</Detail>
            <Detail term="Bank account">
              <span className="break-words">{bank || "—"}</span>
            </Detail>
            <Detail term="Mobile wallet">{s.walletNumber ?? "—"}</Detail>
            <Detail term="Supplier since">{formatShortDate(s.createdAt.slice(0, 10))}</Detail>
            {s.notes && (
              <div className="sm:col-span-2">
                <Detail term="Notes">
                  <span className="whitespace-pre-line">{s.notes}</span>
                </Detail>
              </div>
            )}
          </dl>
        </Panel>
        <Panel className="p-4">
          <h2 className="mb-3 text-lg font-semibold text-ink-900">Account</h2>
          <dl className="grid gap-3 text-sm" data-testid="supplier-money">
            <Detail term={paidAhead ? "Paid ahead (the supplier owes)" : "Owed to them (the ledger)"}>
              <span className="text-lg font-semibold text-ink-900 tabular-nums" data-testid="owed">
                {formatMoney(s.owed)}
              </span>
            </Detail>
            <Detail term="Left on open payables">
              <span className="tabular-nums" data-testid="open-left">
                {formatMoney(s.openLeft)}
              </span>
              <span className="block text-xs text-slate-500">
                {s.openCount === 1 ? "1 open payable" : `${s.openCount} open payables`}
              </span>
            </Detail>
          </dl>
        </Panel>
      </div>

      <Panel className="mb-6">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 className="text-lg font-semibold text-ink-900">Open payables</h2>
          {s.openCount > s.openPayables.length && (
            <span className="text-sm text-slate-600">
              The {s.openPayables.length} due first of {s.openCount}
            </span>
          )}
        </div>
        {s.openPayables.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">Nothing owed on a payable.</p>
        ) : (
          <ListTable label="Open payables" minWidth="44rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>Payable</HeadCell>
                <HeadCell>Date</HeadCell>
                <HeadCell>Due</HeadCell>
                <HeadCell className="text-right">Amount</HeadCell>
                <HeadCell className="text-right">Left</HeadCell>
                {canEdit && <HeadCell className="text-right">Actions</HeadCell>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {s.openPayables.map((p) => (
                <tr key={p.id} data-testid="supplier-payable">
                  <td data-label="Payable" className={`${cellClass} max-w-72`}>
                    <span className="block font-medium break-words text-ink-900">{p.category}</span>
                    {(p.description || p.reference) && (
                      <span className="block text-xs break-words text-slate-500">
                        {[p.description, p.reference].filter(Boolean).join(" · ")}
                      </span>
                    )}
                  </td>
                  <td data-label="Date" className={`${cellClass} whitespace-nowrap`}>
                    {formatShortDate(p.date)}
                  </td>
                  <td data-label="Due" className={`${cellClass} whitespace-nowrap`}>
                    {p.dueDate ? formatShortDate(p.dueDate) : "On receipt"}
                    {p.overdue && (
                      <Badge tone="red" className="ml-2">
                        Overdue
                      </Badge>
                    )}
                  </td>
                  <td data-label="Amount" className={money}>
                    {formatMoney(p.amount)}
                  </td>
                  <td data-label="Left" className={money} data-testid="left">
                    {formatMoney(p.left)}
                  </td>
                  {canEdit && (
                    <td className={`${cellClass} text-right whitespace-nowrap`}>
                      <Link
                        to={`/admin/accounts/payables?settle=${p.id}`}
                        className="text-sm font-medium text-brand-700 hover:underline"
                        aria-label={`Settle ${p.category}${p.reference ? ` ${p.reference}` : ""}`}
                      >
                        Settle
                      </Link>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </Panel>

      <Panel className="mb-6">
        <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-ink-900">Recent payments</h2>
        {s.payments.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">No payments yet.</p>
        ) : (
          <ListTable label="Recent payments" minWidth="40rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>Date</HeadCell>
                <HeadCell>Payable</HeadCell>
                <HeadCell>Method</HeadCell>
                <HeadCell className="text-right">Paid</HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {s.payments.map((p) => (
                <tr key={p.id} data-testid="supplier-payment">
                  <td data-label="Date" className={`${cellClass} whitespace-nowrap`}>
                    {formatShortDate(p.date)}
                  </td>
                  <td data-label="Payable" className={`${cellClass} max-w-72`}>
                    <span className="block break-words">{p.payableCategory}</span>
                    {p.payableDescription && (
                      <span className="block text-xs break-words text-slate-500">{p.payableDescription}</span>
                    )}
                  </td>
                  <td data-label="Method" className={cellClass}>
                    {PAYMENT_METHOD_LABELS[p.paymentMethod]}
                    {p.reference && <span className="block text-xs break-all text-slate-500">{p.reference}</span>}
                  </td>
                  <td data-label="Paid" className={money}>
                    {formatMoney(p.amount)}
                    {p.reversed && (
                      <Badge tone="slate" className="ml-2">
                        Reversed
                      </Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </Panel>

      {editValues && (
        <SupplierDialog
          mode="update"
          values={actionData?.values ? (actionData.values as SupplierFormValues) : editValues}
          errors={actionData?.errors ?? {}}
          closeHref={self}
          action={`${self}?edit=1`}
        />
      )}
    </>
  );
}
