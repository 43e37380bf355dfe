import { Check, Loader2, MessageSquare, X } from "lucide-react";
import { useEffect } from "react";
import { Link, useActionData, useFetcher, useLocation, useNavigate, useSearchParams } from "react-router";
import { REASON_MAX_LENGTH } from "~/domain/quotations/constants";
import type { CustomerQuotation } from "~/domain/quotations/customer-quotations.server";
import { formatLongDate, formatMoney } from "~/lib/format";
import type { Toast } from "~/lib/toast";
import { inputClass, useToast } from "~/ui/admin/form";
import { DialogActions, FormDialog } from "~/ui/admin/form-dialog";
import { Panel } from "~/ui/admin/page-header";

// The customer's answer to a sent quotation (backoffice.md §2 Customer Quotation detail, issue 10): Approve,
// Reject, Negotiate while it is sent and not expired; reject and negotiate ask for a reason. The toast says
// "Quotation {status} successfully" ("Your request to negotiate was sent" for a negotiation); in the portal,
// approve and reject go back to the dashboard 1.5 s later. Approving asks first, naming the total (issue 20):
// Approve leads to ?confirm=approve, a dialog opened by the URL like the back office's, so it works without
// JavaScript too. Reject and Negotiate open in <details>, so every answer works before the page's JavaScript has
// loaded. Without JavaScript the answer comes back as the page's action data and is shown in the page.

export const NEGOTIATING_NOTICE = "You've requested to negotiate this quotation. The admin will contact you soon.";

const DASHBOARD_DELAY_MS = 1500;

/** What the portal's and the link's pages answer a posted answer (app/routes/customer/customer-answer.server.ts). */
export interface CustomerActionData {
  ok: boolean;
  intent: string | null;
  toast: Toast;
  /** The reason's message, when it was refused. */
  errors?: Record<string, string>;
}

export function CustomerQuotationActions({
  quotation: q,
  afterDecision,
}: {
  quotation: CustomerQuotation;
  /** Where approve and reject lead 1.5 s later (the portal's dashboard); none: stay. */
  afterDecision?: string;
}) {
  const fetcher = useFetcher<CustomerActionData>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // A plain form post (no JavaScript) answers as the page's own action data.
  const posted = useActionData<CustomerActionData>();
  useToast(result?.toast);
  useEffect(() => {
    if (!result?.ok || (result.intent !== "approve" && result.intent !== "reject")) return;
    // The confirmation's URL is done with; in the portal, the dashboard follows.
    if (searchParams.has("confirm")) void navigate(pathname, { replace: true, preventScrollReset: true });
    if (!afterDecision) return;
    const timer = setTimeout(() => void navigate(afterDecision), DASHBOARD_DELAY_MS);
    return () => clearTimeout(timer);
    // Only a new result leads anywhere; the URL changing under it does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, afterDecision, navigate]);
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const reasonError = result && !result.ok ? result.errors?.reason : undefined;
  const confirming = searchParams.get("confirm") === "approve" && q.canRespond && q.prices !== null;

  const notice = posted && !result ? <PostedNotice toast={posted.toast} /> : null;
  if (q.status === "negotiating")
    return (
      <>
        {notice}
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {NEGOTIATING_NOTICE}
        </p>
      </>
    );
  if (q.status === "sent" && !q.canRespond)
    return (
      <>
        {notice}
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          This quotation has expired. Ask us for a new one.
        </p>
      </>
    );
  if (!q.canRespond) return notice;

  return (
    <>
      {notice}
      {confirming && (
        // Not a direct child of the page's spaced column, whose margins would shorten the fixed overlay.
        <div className="contents">
          <ApproveDialog
            quotation={q}
            fetcher={fetcher}
            pagePath={pathname}
            busy={busy === "approve"}
            error={result && !result.ok && result.intent === "approve" ? result.toast.message : undefined}
          />
        </div>
      )}
      <Panel className="space-y-4 p-5 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-ink-900">Your answer</h2>
          <p className="mt-1 text-sm text-slate-600">
            Approve to book the equipment for your dates, reject it, or tell us what to change.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
          <Link
            to="?confirm=approve"
            preventScrollReset
            aria-disabled={busy ? true : undefined}
            className={`${approveClass} w-full sm:w-auto ${busy ? "pointer-events-none opacity-60" : ""}`}
          >
            <Check aria-hidden className="size-4" />
            Approve
          </Link>
          {REASON_ANSWERS.map((answer) => (
            <ReasonForm
              key={answer.intent}
              fetcher={fetcher}
              id={q.id}
              answer={answer}
              busy={busy === answer.intent}
              disabled={!!busy}
              error={result?.intent === answer.intent ? reasonError : undefined}
            />
          ))}
        </div>
      </Panel>
    </>
  );
}

const approveClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60";

/** Approving books the equipment, so the customer confirms first, seeing the total they agree to. */
function ApproveDialog({
  quotation: q,
  fetcher,
  pagePath,
  busy,
  error,
}: {
  quotation: CustomerQuotation;
  fetcher: ReturnType<typeof useFetcher<CustomerActionData>>;
  /** The page without ?confirm: closing goes there, and so does the form (without JavaScript, its answer). */
  pagePath: string;
  busy: boolean;
  error?: string;
}) {
  const total = formatMoney(q.prices!.total);
  const dates =
    q.rentalEndDate && q.rentalEndDate !== q.eventDate
      ? `${formatLongDate(q.eventDate)} to ${formatLongDate(q.rentalEndDate)}`
      : formatLongDate(q.eventDate);
  return (
    <FormDialog
      title="Approve this quotation?"
      description="Approving books the equipment for your dates."
      closeHref={pagePath}
      size="sm"
    >
      <fetcher.Form method="post" action={pagePath} preventScrollReset>
        <input type="hidden" name="id" value={q.id} />
        <div className="space-y-3 px-5 py-4 text-sm text-slate-700">
          <p>
            <span className="font-semibold text-ink-900">{q.eventName}</span>, {dates}
          </p>
          <p className="flex items-baseline justify-between gap-4 rounded-md bg-slate-50 px-4 py-3">
            <span>Total, VAT included (revision {q.prices!.revision})</span>
            <span className="text-lg font-bold text-ink-900 tabular-nums" data-testid="confirm-total">
              {total}
            </span>
          </p>
          {error && (
            <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">
              {error}
            </p>
          )}
        </div>
        <DialogActions closeHref={pagePath}>
          <button type="submit" name="intent" value="approve" disabled={busy} className={approveClass}>
            {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Check aria-hidden className="size-4" />}
            {busy ? "Approving..." : `Approve for ${total}`}
          </button>
        </DialogActions>
      </fetcher.Form>
    </FormDialog>
  );
}

/** What a plain form post (no JavaScript) answered, in the page, as the toast would have said it. */
function PostedNotice({ toast }: { toast: Toast }) {
  const tone =
    toast.type === "success" ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800";
  return (
    <p role={toast.type === "success" ? "status" : "alert"} className={`rounded-md border px-4 py-3 text-sm ${tone}`}>
      {toast.message}
    </p>
  );
}

/** The answers that give a reason, each opened in its own <details>: what its summary, prompt and button say. */
const REASON_ANSWERS = [
  {
    intent: "reject",
    label: "Reject",
    submitLabel: "Reject quotation",
    busyLabel: "Rejecting...",
    prompt: "Why are you rejecting this quotation?",
    Icon: X,
    colours: "border-red-300 text-red-700 hover:bg-red-50",
  },
  {
    intent: "negotiate",
    label: "Negotiate",
    submitLabel: "Ask to negotiate",
    busyLabel: "Sending...",
    prompt: "What would you like us to change?",
    Icon: MessageSquare,
    colours: "border-slate-300 text-ink-900 hover:bg-slate-50",
  },
] as const;

function ReasonForm({
  fetcher,
  id,
  answer: { intent, label, submitLabel, busyLabel, prompt, Icon, colours },
  busy,
  disabled,
  error,
}: {
  fetcher: ReturnType<typeof useFetcher<CustomerActionData>>;
  id: string;
  answer: (typeof REASON_ANSWERS)[number];
  busy: boolean;
  disabled: boolean;
  error?: string;
}) {
  return (
    <details className="group sm:min-w-72 sm:flex-1" open={!!error || undefined}>
      <summary
        className={`inline-flex w-full cursor-pointer list-none items-center justify-center gap-2 rounded-md border bg-white px-4 py-2 text-sm font-semibold sm:w-auto ${colours}`}
      >
        <Icon aria-hidden className="size-4" />
        {label}
      </summary>
      <fetcher.Form method="post" className="mt-3 space-y-2">
        <input type="hidden" name="id" value={id} />
        <label className="block text-sm font-medium text-ink-900">
          {prompt}
          <textarea
            name="reason"
            required
            rows={3}
            maxLength={REASON_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            className={`mt-1 ${inputClass} ${error ? "border-red-600" : "border-slate-300"}`}
          />
        </label>
        {error && <p className="text-sm text-red-700">{error}</p>}
        <button
          type="submit"
          name="intent"
          value={intent}
          disabled={disabled}
          className={`inline-flex items-center justify-center gap-2 rounded-md border bg-white px-4 py-2 text-sm font-semibold disabled:opacity-60 ${colours}`}
        >
          {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {busy ? busyLabel : submitLabel}
        </button>
      </fetcher.Form>
    </details>
  );
}
