import { FileText } from "lucide-react";
import { data, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { checkInJob } from "~/domain/jobs/check-in.server";
import { dispatchJob } from "~/domain/jobs/dispatch.server";
import { addJobCharge } from "~/domain/jobs/job-charges.server";
import {
  JOB_MESSAGES,
  type CheckInFormValues,
  type DispatchFormValues,
  parseChargeForm,
  parseCheckInForm,
  parseDispatchForm,
  readChargeForm,
  readCheckInForm,
  readDispatchForm,
} from "~/domain/jobs/job-forms";
import { loadJobHeader } from "~/domain/jobs/job-header.server";
import { jobLineNames, loadJobPage } from "~/domain/jobs/job-page.server";
import { pendingJobCharges } from "~/domain/sales/invoice-job-charges.server";
import { issueChargesInvoice } from "~/domain/sales/issue-charges-invoice.server";
import { fromPaisa, toPaisa } from "~/lib/money";
import { redirectWithToast } from "~/lib/flash-toast.server";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { refuseFields, type Refused, type UseCaseResult } from "~/domain/use-case";
import { useToast } from "~/ui/admin/form";
import { JobCharges } from "~/ui/admin/jobs/check-in-charges";
import { CheckInPanel } from "~/ui/admin/jobs/check-in-panel";
import { DispatchPanel } from "~/ui/admin/jobs/dispatch-panel";
import { JobLinesTable } from "~/ui/admin/jobs/dispatch-lines";
import { JobMovements } from "~/ui/admin/jobs/dispatch-movements";
import { JobHeaderBar } from "~/ui/admin/jobs/job-header";
import { RecordRouteError } from "~/ui/admin/list";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/job";

// A job's Overview (/admin/jobs/:id; issue 26): its equipment with what left and came back, the Dispatch panel (by
// item code, typed or scanned, per line, or everything), the Check in panel (lines with units out), its charges (and,
// for the accountant, an invoice of the customer's pending charges on their own: issue 37) and the history of what
// moved. The rules are the use cases' (app/domain/jobs); this reads the forms and answers.

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.job.reference ?? "Job"} | Utsab Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/jobs/:id");
  const db = getDb();
  const job = await loadJobHeader(db, args.params.id);
  if (!job) throw data(JOB_MESSAGES.jobNotFound, { status: 404 });
  const page = await loadJobPage(db, job.id);
  const canInvoice = can(user.role, "accounts.manage");
  // Every charge of the job's customer not yet invoiced, of any of their jobs: what Invoice charges takes.
  const pending = canInvoice && job.customerId ? await pendingJobCharges(db, job.customerId) : [];
  return {
    job,
    ...page,
    canManage: can(user.role, "jobs.manage"),
    canInvoice,
    customerPending: {
      count: pending.length,
      net: fromPaisa(pending.reduce((sum, c) => sum + toPaisa(c.amount), 0n)),
    },
  };
}

type Intent = "dispatch" | "check-in" | "charge" | "invoice-charges";

/** A refused form: its messages, what was typed and the toast, with the refusal's status. */
function refused(intent: Intent, result: Pick<Refused, "refusal" | "message" | "errors">, values: unknown) {
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/jobs/:id");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form) as Intent;
  const db = getDb();
  const job = await loadJobHeader(db, args.params.id);
  if (!job) throw data(JOB_MESSAGES.jobNotFound, { status: 404 });
  const actor = auditActor(args, user);
  const here = `/admin/jobs/${job.id}`;

  // A use case's answer: done or refused for a reason other than the form's back to the page with a toast; a
  // refused form with its messages and what was typed.
  const answer = (result: UseCaseResult, values: unknown) =>
    result.ok || result.refusal !== "invalid"
      ? redirectWithToast(here, { type: result.ok ? "success" : "error", message: result.message })
      : refused(intent, result, values);

  if (intent === "dispatch") {
    const values = readDispatchForm(form);
    const parsed = parseDispatchForm(values);
    if (!parsed.ok) return refused(intent, refuseFields("invalid", JOB_MESSAGES.dispatchFailed, parsed.errors), values);
    return answer(await dispatchJob(db, actor, job.id, parsed.input), values);
  }

  if (intent === "invoice-charges") {
    // A job without a customer record has no charges ("" is refused as no customer).
    const result = await issueChargesInvoice(db, actor, job.customerId ?? "");
    // Issued, its own page opens; refused, back here with why.
    if (result.ok)
      return redirectWithToast(`/admin/invoices/${result.id}`, { type: "success", message: result.message });
    return redirectWithToast(here, { type: "error", message: result.message });
  }

  if (intent === "check-in") {
    const values = readCheckInForm(form);
    const parsed = parseCheckInForm(values, await jobLineNames(db, job.id));
    if (!parsed.ok) return refused(intent, refuseFields("invalid", JOB_MESSAGES.checkInFailed, parsed.errors), values);
    return answer(await checkInJob(db, actor, job.id, parsed.input), values);
  }

  const values = readChargeForm(form);
  const parsed = parseChargeForm(values);
  if (!parsed.ok) return refused(intent, refuseFields("invalid", JOB_MESSAGES.chargeFailed, parsed.errors), values);
  return answer(await addJobCharge(db, actor, job.id, parsed.input), values);
}

export default function JobOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { job, lines, movements, charges, canManage, canInvoice, customerPending } = loaderData;
  useToast(actionData?.toast);
  const here = `/admin/jobs/${job.id}`;
  const errorsFor = (intent: Intent) => (actionData?.intent === intent ? actionData.errors : {});
  const valuesFor = <T,>(intent: Intent) => (actionData?.intent === intent ? (actionData.values as T) : null);
  const withUnitsOut = lines.filter((l) => l.out > 0);
  const toSend = lines.some((l) => l.toSend > 0);
  return (
    <>
      <JobHeaderBar
        job={job}
        actions={
          <Link to={`/admin/quotations?view=${job.quotationId}`} className={secondaryButton}>
            <FileText aria-hidden className="size-4" /> Quotation
          </Link>
        }
      />
      {/* The equipment across the whole width: its seven columns do not fit beside the charges. */}
      <section aria-labelledby="equipment-title" className="mb-6">
        <h2 id="equipment-title" className="mb-2 text-lg font-semibold text-ink-900">
          Equipment
        </h2>
        <JobLinesTable lines={lines} />
      </section>
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {canManage && toSend && (
            <DispatchPanel
              action={here}
              lines={lines}
              errors={errorsFor("dispatch")}
              values={valuesFor<DispatchFormValues>("dispatch")}
            />
          )}
          {canManage && withUnitsOut.length > 0 && (
            <CheckInPanel
              action={here}
              lines={withUnitsOut}
              reference={job.reference}
              errors={errorsFor("check-in")}
              values={valuesFor<CheckInFormValues>("check-in")?.lines ?? null}
            />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <JobCharges
            action={here}
            charges={charges}
            canManage={canManage}
            canInvoice={canInvoice}
            customerPending={customerPending}
            hasCustomer={job.customerId !== null}
            errors={errorsFor("charge")}
            values={valuesFor<{ description: string; amount: string }>("charge")}
          />
          <JobMovements movements={movements} />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RecordRouteError thing="Job" backTo="/admin/jobs" backLabel="Back to the jobs" />;
}
