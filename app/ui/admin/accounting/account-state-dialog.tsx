import { Form, Link } from "react-router";
import { DialogActions, FormDialog } from "../form-dialog";
import { primaryButton } from "../../buttons";
import { FormError, SubmitButton, useFormBusy } from "../form";

// Deactivate / Reactivate an account of the chart (issue 21), opened by ?deactivate=<id> or ?reactivate=<id>.
// A deactivated account keeps its postings and balance and is no longer offered for new postings; one that a role of
// Settings > Accounting uses cannot be deactivated: the dialog says so and leads to the settings instead (the server
// refuses it all the same, say when a role took the account after the dialog opened).

export function AccountStateDialog({
  account,
  change,
  closeHref,
  action,
  canOpenSettings,
  error,
}: {
  /** `roles`: the labels of the roles of Settings > Accounting that use it. */
  account: { id: string; code: string; name: string; roles: readonly string[] };
  change: "deactivate" | "reactivate";
  closeHref: string;
  action: string;
  /** Whether the user may open Settings > Accounting (to choose another account for a role). */
  canOpenSettings: boolean;
  /** Why the server refused the last attempt. */
  error?: string;
}) {
  const busy = useFormBusy(change);
  const name = `${account.code} ${account.name}`;
  const blocked = change === "deactivate" && account.roles.length > 0;
  return (
    <FormDialog
      title={change === "deactivate" ? "Deactivate account" : "Reactivate account"}
      description={
        change === "deactivate"
          ? "A deactivated account keeps its postings and balance, and is no longer offered for new postings."
          : "The account is offered for new postings again."
      }
      closeHref={closeHref}
      size="sm"
    >
      <Form method="post" action={action} replace preventScrollReset>
        <input type="hidden" name="id" value={account.id} />
        <input type="hidden" name="intent" value={change} />
        <div className="space-y-3 px-5 py-4 text-sm text-slate-700">
          <p>
            <span className="font-semibold text-ink-900">{name}</span>
            {change === "reactivate"
              ? " will be active again."
              : blocked
                ? " cannot be deactivated now."
                : " will be deactivated."}
          </p>
          <FormError message={error} />
          {blocked && !error && (
            <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
              It is used for {account.roles.map((r) => `"${r}"`).join(", ")} in Settings &gt; Accounting: choose another
              account there first.
            </p>
          )}
        </div>
        <DialogActions closeHref={closeHref}>
          {/* An account a role holds is not offered for deactivation: the way forward is the settings. */}
          {blocked ? (
            canOpenSettings && (
              <Link to="/admin/settings/accounting" className={primaryButton}>
                Open Settings &gt; Accounting
              </Link>
            )
          ) : (
            <SubmitButton
              label={change === "deactivate" ? "Deactivate" : "Reactivate"}
              busyLabel={change === "deactivate" ? "Deactivating..." : "Reactivating..."}
              busy={busy}
            />
          )}
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
