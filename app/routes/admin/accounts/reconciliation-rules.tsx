import { ArrowLeft, Pencil, Plus, Trash2, Wand2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { controlAccountKinds } from "~/domain/accounting/party-choices.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { bankAccounts } from "~/domain/banking/bank-accounts.server";
import { counterAccountFits } from "~/domain/banking/bank-transaction-form";
import {
  BANK_RULE_MESSAGES,
  directionOfKind,
  emptyBankRuleForm,
  parseBankRuleForm,
  readBankRuleForm,
  type BankRuleFormValues,
} from "~/domain/banking/bank-rule-form";
import { createBankRule, deleteBankRule, listBankRules, updateBankRule } from "~/domain/banking/bank-rules.server";
import {
  BANK_TRANSACTION_KIND_LABELS,
  BANK_TRANSACTION_KINDS,
  type BankTransactionKind,
} from "~/domain/banking/constants";
import type { CounterChoice } from "~/domain/banking/match-screen";
import { counterChoices } from "~/domain/banking/match-screen.server";
import { formText } from "~/lib/form-data";
import { formCheck } from "~/lib/form-errors";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { isUuid } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { Badge } from "~/ui/badge";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { DialogActions, FormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, SubmitButton, TextField, useFormBusy, useFormCheck, useToast } from "~/ui/admin/form";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import type { Route } from "./+types/reconciliation-rules";

// Bank rules (/admin/accounts/reconciliation/rules; issue 23): "description contains X → kind + account Y", for one
// bank or wallet account or all, tried in the order they were added. Dialogs by the URL: Add (?new=1), Edit
// (?edit=<id>), Delete (?delete=<id>); intents create, update, delete (accounts.manage). Deleting a rule keeps the
// entries it made. A control account (issue 36: kept by its documents, by party) is not offered as a rule's other side;
// a rule saved before its account became one is shown as making no entries.

export const meta: Route.MetaFunction = () => [{ title: "Bank Rules | Utsab Admin" }];

const PATH = "/admin/accounts/reconciliation/rules";

function backOf(url: URL) {
  const account = url.searchParams.get("account");
  return account ? `${PATH}?account=${encodeURIComponent(account)}` : PATH;
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/reconciliation/rules");
  const url = new URL(args.request.url);
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");
  const [listed, accounts, control] = await Promise.all([listBankRules(db), bankAccounts(db), controlAccountKinds(db)]);
  const rules = listed.map((r) => {
    const kind = control[r.counterAccountId];
    return { ...r, heldBack: kind ? BANK_RULE_MESSAGES.makesNothing(r.counterAccount, kind) : null };
  });
  const params = url.searchParams;
  const editId = canManage ? params.get("edit") : null;
  const deleteId = canManage ? params.get("delete") : null;
  const wantsNew = canManage && params.has("new");
  let dialog:
    | { kind: "create"; values: BankRuleFormValues }
    | { kind: "update"; values: BankRuleFormValues }
    | { kind: "delete"; id: string; name: string; used: number }
    | null = null;
  const back = backOf(url);
  if (editId || deleteId) {
    const rule = rules.find((r) => r.id === (editId ?? deleteId));
    if (!rule) throw await redirectWithToast(back, { type: "error", message: BANK_RULE_MESSAGES.unknown });
    dialog = editId
      ? {
          kind: "update",
          values: {
            id: rule.id,
            accountId: rule.accountId ?? "",
            contains: rule.contains,
            kind: rule.kind,
            counterAccountId: rule.counterAccountId,
          },
        }
      : { kind: "delete", id: rule.id, name: `"${rule.contains}"`, used: rule.used };
  } else if (wantsNew) {
    const account = accounts.find((a) => a.code === params.get("account"));
    dialog = { kind: "create", values: emptyBankRuleForm({ accountId: account?.id ?? "" }) };
  }
  // A control account is no rule's other side; the rule's own stays offered, for its save to say why it cannot be.
  const counters =
    dialog && dialog.kind !== "delete"
      ? (await counterChoices(db)).filter((a) => !control[a.id] || a.id === dialog.values.counterAccountId)
      : [];
  return { rules, accounts, canManage, dialog, counters };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/reconciliation/rules");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const db = getDb();
  const actor = auditActor(args, user);
  const back = backOf(url);
  if (intent === "delete") {
    const result = await deleteBankRule(db, actor, { id: formText(form, "id") });
    return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
  }
  const values = readBankRuleForm(form);
  const result =
    intent === "create" ? await createBankRule(db, actor, values) : await updateBankRule(db, actor, values);
  if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
  if (result.refusal === "not-found") return redirectWithToast(back, { type: "error", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

const ruleCheck = (needsId: boolean) => formCheck(readBankRuleForm, (v) => parseBankRuleForm(v, needsId));

function RuleDialog({
  intent,
  values,
  errors: serverErrors,
  accounts,
  counters,
  closeHref,
  action,
}: {
  intent: "create" | "update";
  values: BankRuleFormValues;
  errors: Record<string, string>;
  accounts: { id: string; code: string; name: string; isActive: boolean }[];
  counters: CounterChoice[];
  closeHref: string;
  action: string;
}) {
  const [kind, setKind] = useState(values.kind);
  const busy = useFormBusy(intent);
  const { errors, onSubmit } = useFormCheck(ruleCheck(intent === "update"), serverErrors, BANK_RULE_MESSAGES.failed);
  const known = (BANK_TRANSACTION_KINDS as readonly string[]).includes(kind);
  const fitting = known ? counters.filter((a) => counterAccountFits(kind as BankTransactionKind, a)) : counters;
  return (
    <FormDialog
      title={intent === "create" ? "Add rule" : "Edit rule"}
      description="A statement line whose description contains the text (ignoring case) is made an entry of this kind against this account, in one click."
      closeHref={closeHref}
      size="sm"
    >
      <Form method="post" action={action} replace preventScrollReset noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={values.id} />
        <div className="space-y-4 px-5 py-4">
          <FormError message={errors.form ?? errors.id} />
          <TextField
            name="contains"
            label="Description contains"
            required
            defaultValue={values.contains}
            error={errors.contains}
            maxLength={100}
            placeholder="e.g. SMS charge"
          />
          <SelectField
            name="accountId"
            label="Bank or wallet account"
            defaultValue={values.accountId}
            error={errors.accountId}
            options={[
              { value: "", label: "All bank and wallet accounts" },
              ...accounts
                .filter((a) => a.isActive || a.id === values.accountId)
                .map((a) => ({ value: a.id, label: `${a.code} ${a.name}` })),
            ]}
          />
          <SelectField
            name="kind"
            label="Kind"
            required
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            error={errors.kind}
            options={[
              ...(known ? [] : [{ value: kind, label: "Choose the kind" }]),
              ...BANK_TRANSACTION_KINDS.map((k) => ({ value: k, label: BANK_TRANSACTION_KIND_LABELS[k] })),
            ]}
          />
          <SelectField
            key={kind}
            name="counterAccountId"
            label="Account on the other side"
            required
            defaultValue={fitting.some((a) => a.id === values.counterAccountId) ? values.counterAccountId : ""}
            error={errors.counterAccountId}
            options={[
              { value: "", label: "Choose the account" },
              ...fitting.map((a) => ({ value: a.id, label: `${a.code} ${a.name}` })),
            ]}
          />
          {known && (
            <p className="text-xs text-slate-500">
              {directionOfKind(kind as BankTransactionKind) === "out"
                ? "Applies to money going out of the account only."
                : directionOfKind(kind as BankTransactionKind) === "in"
                  ? "Applies to money coming into the account only."
                  : "Applies to money going either way."}
            </p>
          )}
        </div>
        <DialogActions closeHref={closeHref}>
          <SubmitButton label={intent === "create" ? "Add rule" : "Save rule"} busyLabel="Saving..." busy={busy} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}

export default function ReconciliationRules({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, accounts, canManage, dialog, counters } = loaderData;
  const location = useLocation();
  useToast(actionData?.toast);
  const params = new URLSearchParams(location.search);
  const account = params.get("account");
  const closeHref = account ? `${PATH}?account=${encodeURIComponent(account)}` : PATH;
  const here = location.pathname + location.search;
  const hrefOf = (param: string) => `${closeHref}${closeHref.includes("?") ? "&" : "?"}${param}`;
  const suffix = account && /^[\w-]+$/.test(account) ? `?account=${account}` : "";
  const errorsOf = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const valuesOf = (intent: string, fallback: BankRuleFormValues) =>
    actionData?.intent === intent && actionData.values ? actionData.values : fallback;

  return (
    <>
      <PageHeader
        title="Bank Rules"
        description="Recurring statement lines (charges, interest, sweeps) made into entries with one click on the match screen."
        actions={
          <>
            <Link to={`/admin/accounts/reconciliation/match${suffix}`} className={secondaryButton}>
              <ArrowLeft aria-hidden className="size-4" /> Match lines
            </Link>
            <Link to={`/admin/accounts/reconciliation${suffix}`} className={secondaryButton}>
              Bank Reconciliation
            </Link>
            {canManage && (
              <Link to={hrefOf("new=1")} preventScrollReset className={primaryButton}>
                <Plus aria-hidden className="size-4" /> Add rule
              </Link>
            )}
          </>
        }
      />
      <Panel>
        <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-500">
          Rules are tried in the order they were added; the first that covers a line is used. A rule whose kind does not
          fit a line (a charge on money coming in) is skipped for it.
        </p>
        {rules.length === 0 ? (
          <div className="px-4 py-10 text-center">
            <Wand2 aria-hidden className="mx-auto size-8 text-slate-400" />
            <p className="mt-2 font-medium text-ink-900">No rules yet</p>
            <p className="mt-1 text-sm text-slate-600">
              Add one for a line your bank repeats, e.g. &ldquo;SMS charge&rdquo; → Bank charge.
            </p>
          </div>
        ) : (
          <ListTable label="Bank rules" minWidth="48rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>#</HeadCell>
                <HeadCell>Description contains</HeadCell>
                <HeadCell>Account</HeadCell>
                <HeadCell>Kind</HeadCell>
                <HeadCell>Other side</HeadCell>
                <HeadCell className="text-right">Used</HeadCell>
                {canManage && <HeadCell className="text-right">Actions</HeadCell>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rules.map((rule, i) => (
                <tr key={rule.id} className="hover:bg-slate-50" data-testid="rule-row">
                  <td className={`${cellClass} text-slate-500 tabular-nums`}>{i + 1}</td>
                  <td data-label="Description contains" className={`${cellClass} font-medium break-words text-ink-900`}>
                    &ldquo;{rule.contains}&rdquo;
                  </td>
                  <td data-label="Account" className={cellClass}>
                    {rule.account ?? <Badge tone="slate">All accounts</Badge>}
                  </td>
                  <td data-label="Kind" className={cellClass}>
                    {BANK_TRANSACTION_KIND_LABELS[rule.kind]}
                  </td>
                  <td data-label="Other side" className={`${cellClass} break-words`}>
                    {rule.counterAccount}
                    {rule.heldBack && (
                      <span className="mt-1 block text-xs text-amber-800" data-testid="rule-held-back">
                        {rule.heldBack}
                      </span>
                    )}
                  </td>
                  <td data-label="Used" className={`${cellClass} tabular-nums sm:text-right`}>
                    {rule.used}
                  </td>
                  {canManage && (
                    <td className={`${cellClass} sm:text-right`}>
                      <span className="inline-flex gap-2">
                        <Link
                          to={hrefOf(`edit=${rule.id}`)}
                          preventScrollReset
                          className={`${secondaryButton} !px-3 !py-1.5 !text-xs`}
                          aria-label={`Edit rule ${rule.contains}`}
                        >
                          <Pencil aria-hidden className="size-3.5" /> Edit
                        </Link>
                        <Link
                          to={hrefOf(`delete=${rule.id}`)}
                          preventScrollReset
                          className={`${secondaryButton} !px-3 !py-1.5 !text-xs !text-red-700`}
                          aria-label={`Delete rule ${rule.contains}`}
                        >
                          <Trash2 aria-hidden className="size-3.5" /> Delete
                        </Link>
                      </span>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </Panel>

      {dialog && dialog.kind !== "delete" && (
        <RuleDialog
          intent={dialog.kind}
          values={valuesOf(dialog.kind, dialog.values)}
          errors={errorsOf(dialog.kind)}
          accounts={accounts}
          counters={counters}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "delete" && isUuid(dialog.id) && (
        <DeleteDialog
          title="Delete rule"
          question="Are you sure you want to delete this rule?"
          id={dialog.id}
          name={dialog.name}
          consequence={
            dialog.used > 0
              ? ` will be removed. The ${dialog.used} entr${dialog.used === 1 ? "y" : "ies"} it made stay in the books.`
              : " will be removed."
          }
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
