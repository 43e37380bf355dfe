import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { PAYMENT_METHOD_LABELS } from "~/domain/accounting/constants";
import { loadSettlementToVoid } from "~/domain/accounting/transaction-details.server";
import {
  readVoidForm,
  SETTLEMENT_VOID_MESSAGES as M,
  voidDateDefault,
  type VoidFormValues,
} from "~/domain/accounting/void-form";
import { voidSettlement } from "~/domain/accounting/void-settlement.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { safeRedirectTarget } from "~/domain/auth/forms";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatMoney, formatShortDate } from "~/lib/format";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { VoidDocumentDialog } from "~/ui/admin/accounts/void-dialog";
import { useToast } from "~/ui/admin/form";
import type { Route } from "./+types/void-settlement";

// Void a payment of a payable or a receipt of a receivable (/admin/accounts/settlements/:id/void; issue 36): a small
// dialog of its own, opened from the payable's or receivable's details (Payables & Receivables, Transactions), which
// goes back to the screen it came from (?back=, an /admin address) once done or cancelled. Its reversing entry, the
// document owing again and the audit line are the use case's (void-settlement.server.ts).

export const meta: Route.MetaFunction = () => [{ title: "Void payment | Utsab Admin" }];

/** Where Cancel and a void done go: the screen it was opened from, else the payable's or receivable's details. */
function backOf(url: URL, transactionId: string | null): string {
  const fallback = transactionId ? `/admin/accounts/payables?view=${transactionId}` : "/admin/accounts/payables";
  return safeRedirectTarget(url.searchParams.get("back"), fallback);
}

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/settlements/:id/void");
  const url = new URL(args.request.url);
  const settlement = await loadSettlementToVoid(getDb(), args.params.id);
  const back = backOf(url, settlement?.transactionId ?? null);
  if (!settlement) throw await redirectWithToast(back, { type: "error", message: M.notFound });
  if (settlement.voided) throw await redirectWithToast(back, { type: "error", message: M.alreadyVoided(null) });
  const values: VoidFormValues = {
    id: settlement.id,
    date: voidDateDefault(todayInDhaka(), settlement.date),
    reason: "",
  };
  return { settlement, back, values };
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireAction(args, "/admin/accounts/settlements/:id/void");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const values = { ...readVoidForm(form), id: args.params.id };
  const result = await voidSettlement(getDb(), auditActor(args, user), values);
  if (result.ok)
    return redirectWithToast(backOf(url, result.transactionId), { type: "success", message: result.message });
  // Voided meanwhile or gone: nothing to show in the dialog; back with the reason.
  if (result.refusal === "not-found" || (result.refusal === "conflict" && !result.errors.date))
    return redirectWithToast(backOf(url, null), { type: "error", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export default function VoidSettlement({ loaderData, actionData }: Route.ComponentProps) {
  const { settlement: s, back, values } = loaderData;
  useToast(actionData?.toast);
  const payable = s.kind === "payable";
  const here = `/admin/accounts/settlements/${s.id}/void?back=${encodeURIComponent(back)}`;
  return (
    <VoidDocumentDialog
      title={payable ? "Void payment" : "Void receipt"}
      description={`A reversing entry takes the ${payable ? "payment" : "receipt"} back: the ${s.kind} owes ${formatMoney(s.amount)} again and is pending. The ${payable ? "payment" : "receipt"} stays on record, marked voided.`}
      facts={[
        { term: payable ? "Payable" : "Receivable", value: [s.category, s.party].filter(Boolean).join(" · ") },
        { term: payable ? "Paid" : "Received", value: `${formatMoney(s.amount)} on ${formatShortDate(s.date)}` },
        {
          term: "Through",
          value: `${PAYMENT_METHOD_LABELS[s.paymentMethod]} · ${s.account}${s.reference ? ` · ${s.reference}` : ""}`,
        },
      ]}
      values={actionData?.values ?? values}
      minDate={s.date}
      errors={actionData?.errors ?? {}}
      idRequired={M.idRequired}
      failed={M.failed}
      closeHref={back}
      action={here}
      intent="void"
      submitLabel={payable ? "Void payment" : "Void receipt"}
      busyLabel="Voiding..."
    />
  );
}
