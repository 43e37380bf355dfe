import { ArrowLeft, Check, ListChecks, Plus, Undo2, Wand2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import type { ControlPartyKind } from "~/domain/accounting/constants";
import { controlAccountKinds, partyChoices, type PartyChoice } from "~/domain/accounting/party-choices.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { applyRulesToStatement, applyRuleToLine } from "~/domain/banking/apply-bank-rules.server";
import { kindsFor } from "~/domain/banking/bank-rule-form";
import { counterAccountFits } from "~/domain/banking/bank-transaction-form";
import { BANK_TRANSACTION_KIND_LABELS, MATCH_WINDOW_DAYS, type BankTransactionKind } from "~/domain/banking/constants";
import {
  CREATE_FROM_LINE_MESSAGES,
  readCreateFromLineForm,
  type CreateFromLineValues,
} from "~/domain/banking/create-from-statement-line-form";
import { createFromStatementLine } from "~/domain/banking/create-from-statement-line.server";
import {
  MATCH_FILTERS,
  type CounterChoice,
  type LedgerLineView,
  type MatchFilter,
  type MatchLineView,
} from "~/domain/banking/match-screen";
import { counterChoices, matchScreen } from "~/domain/banking/match-screen.server";
import { matchStatementLine } from "~/domain/banking/match-statement-line.server";
import { unmatchStatementLine } from "~/domain/banking/unmatch-statement-line.server";
import { formText, formTexts } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatMoney, formatShortDate, formatSignedMoney } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { Badge } from "~/ui/badge";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { DialogActions, FormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, SubmitButton, useFormBusy, useToast } from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { partyFits, PartySelect } from "~/ui/admin/accounts/reconciliation/party-select";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/reconciliation-match";

// Match statement lines (/admin/accounts/reconciliation/match; issue 23): the account and statement chosen by the URL
// (?account=<code>&statement=<id>, the account's latest statement by default), the header's statement balance,
// reconciled ledger balance and difference, the lines filtered (?status=unmatched|matched) a page at a time, each with
// its best suggestions (one click to match one; choose several with a running total that must equal the line), a
// group that sums exactly, "Create entry" (?create=<line id>: kind and account, filled from a rule covering it),
// "Create with rule" in one click (not for a rule whose account has since become a control account: issue 36), "Apply
// rules to all", and Undo on matched lines (not while a finished reconciliation holds them). Create entry on a control
// account names its party. Writes: intents match, unmatch, create, apply-rule (accounts.manage).

export const meta: Route.MetaFunction = () => [{ title: "Match Statement Lines | Utsab Admin" }];

const PATH = "/admin/accounts/reconciliation/match";

function choiceOf(url: URL) {
  const params = url.searchParams;
  const status = params.get("status");
  const filter: MatchFilter = (MATCH_FILTERS as readonly string[]).includes(status ?? "")
    ? (status as MatchFilter)
    : "all";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    code: params.get("account"),
    statementId: params.get("statement"),
    filter,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The screen's URL with these choices (the dialogs' parameters dropped). */
function screenHref(choice: { account?: string | null; statement?: string | null; status?: string; page?: number }) {
  const params = new URLSearchParams();
  if (choice.account) params.set("account", choice.account);
  if (choice.statement) params.set("statement", choice.statement);
  if (choice.status && choice.status !== "all") params.set("status", choice.status);
  if (choice.page && choice.page > 1) params.set("page", String(choice.page));
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

function backOf(url: URL) {
  const c = choiceOf(url);
  return screenHref({ account: c.code, statement: c.statementId, status: c.filter, page: c.page });
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/reconciliation/match");
  const url = new URL(args.request.url);
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");
  const screen = await matchScreen(db, choiceOf(url));
  const createId = canManage ? url.searchParams.get("create") : null;
  let dialog: {
    line: MatchLineView;
    values: CreateFromLineValues;
    counters: CounterChoice[];
    controlKinds: Record<string, ControlPartyKind>;
    parties: PartyChoice[];
  } | null = null;
  if (createId) {
    const line = screen.lines.find((l) => l.id === createId && l.matched.length === 0);
    if (!line)
      throw await redirectWithToast(backOf(url), {
        type: "error",
        message: "Choose an unmatched line of this page to create its entry",
      });
    const amount = toPaisa(line.amount);
    const kind: BankTransactionKind = line.rule?.kind ?? (amount < 0n ? "charge" : "interest");
    const [counters, controlKinds] = await Promise.all([counterChoices(db), controlAccountKinds(db)]);
    const kinds = [...new Set(Object.values(controlKinds))];
    dialog = {
      line,
      values: { statementLineId: line.id, kind, counterAccountId: line.rule?.counterAccountId ?? "", party: "" },
      counters: counters.filter((a) => a.id !== screen.account?.id),
      controlKinds,
      parties: kinds.length > 0 ? await partyChoices(db, kinds) : [],
    };
  }
  return { screen, canManage, dialog };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/reconciliation/match");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const db = getDb();
  const actor = auditActor(args, user);
  const back = backOf(url);
  const lineId = formText(form, "statementLineId");

  if (intent === "create") {
    const values = readCreateFromLineForm(form);
    const result = await createFromStatementLine(db, actor, values);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, lineId, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  const result =
    intent === "match"
      ? await matchStatementLine(db, actor, {
          statementLineId: lineId,
          journalLineIds: formTexts(form, "journalLineId"),
        })
      : intent === "unmatch"
        ? await unmatchStatementLine(db, actor, { statementLineId: lineId })
        : formText(form, "statementId") !== "" && lineId === ""
          ? await applyRulesToStatement(db, actor, { statementId: formText(form, "statementId") })
          : await applyRuleToLine(db, actor, { statementLineId: lineId });
  if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, lineId, errors: result.errors, values: null, toast }, { status: httpStatusOf(result) });
}

const abs = (v: bigint) => (v < 0n ? -v : v);

const FILTER_LABELS: Record<MatchFilter, string> = { all: "All", unmatched: "Unmatched", matched: "Matched" };

function Amount({ value, className = "" }: { value: string; className?: string }) {
  const negative = value.startsWith("-");
  return (
    <span className={`whitespace-nowrap tabular-nums ${negative ? "text-red-700" : "text-emerald-700"} ${className}`}>
      {formatSignedMoney(value)}
    </span>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: "good" | "bad" }) {
  return (
    <div className="min-w-0 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd
        className={`mt-1 text-lg font-semibold tabular-nums ${
          tone === "good" ? "text-emerald-700" : tone === "bad" ? "text-red-700" : "text-ink-900"
        }`}
      >
        {formatSignedMoney(value)}
      </dd>
    </div>
  );
}

function LedgerText({ line }: { line: LedgerLineView }) {
  return (
    <span className="min-w-0">
      <span className="block text-sm break-words text-ink-900">{line.description || "(no description)"}</span>
      <span className="block text-xs text-slate-500">
        {formatShortDate(line.date)}
        {line.reference ? ` · ${line.reference}` : ""}
      </span>
    </span>
  );
}

/** The line's suggestions: one click to match one, several chosen with a running total, or a whole group. */
function Suggestions({ line, action, canManage }: { line: MatchLineView; action: string; canManage: boolean }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const busy = useFormBusy("match");
  const target = toPaisa(line.amount);
  const byId = new Map(line.suggestions.map((s) => [s.journalLineId, s]));
  const total = chosen.reduce((sum, id) => sum + toPaisa(byId.get(id)?.amount ?? "0"), 0n);
  const pickForm = `pick-${line.id}`;
  if (line.suggestions.length === 0 && line.groups.length === 0)
    return (
      <p className="text-sm text-slate-500">No unmatched ledger line of this sign within {MATCH_WINDOW_DAYS} days.</p>
    );
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {line.suggestions.map((s) => (
          <li key={s.journalLineId} className="flex items-start gap-3 px-3 py-2">
            {canManage && (
              <input
                type="checkbox"
                form={pickForm}
                name="journalLineId"
                value={s.journalLineId}
                aria-label={`Choose ${s.description} of ${formatShortDate(s.date)}`}
                checked={chosen.includes(s.journalLineId)}
                onChange={(e) =>
                  setChosen((c) =>
                    e.target.checked ? [...c, s.journalLineId] : c.filter((id) => id !== s.journalLineId),
                  )
                }
                className="mt-1 size-4 shrink-0 rounded border-slate-300"
              />
            )}
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <LedgerText line={s} />
                <Amount value={s.amount} className="text-sm font-medium" />
              </div>
              {(s.exactAmount || s.referenceHit) && (
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  {s.exactAmount && <Badge tone="green">Exact amount</Badge>}
                  {s.referenceHit && <Badge tone="blue">Reference</Badge>}
                  {canManage && s.exactAmount && (
                    <Form method="post" action={action} replace preventScrollReset className="ml-auto">
                      <input type="hidden" name="intent" value="match" />
                      <input type="hidden" name="statementLineId" value={line.id} />
                      <input type="hidden" name="journalLineId" value={s.journalLineId} />
                      <button
                        type="submit"
                        disabled={busy}
                        className="inline-flex items-center gap-1 rounded-md bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                      >
                        <Check aria-hidden className="size-3.5" /> Match
                      </button>
                    </Form>
                  )}
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
      {line.groups.map((group, i) => (
        <div key={i} className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2">
          <p className="text-xs font-semibold text-emerald-900">
            {group.length} ledger lines sum to exactly {formatMoney(line.amount.replace("-", ""))}
          </p>
          <ul className="mt-1 space-y-1">
            {group.map((g) => (
              <li key={g.journalLineId} className="flex items-center justify-between gap-3">
                <LedgerText line={g} />
                <Amount value={g.amount} className="text-sm" />
              </li>
            ))}
          </ul>
          {canManage && (
            <Form method="post" action={action} replace preventScrollReset className="mt-2">
              <input type="hidden" name="intent" value="match" />
              <input type="hidden" name="statementLineId" value={line.id} />
              {group.map((g) => (
                <input key={g.journalLineId} type="hidden" name="journalLineId" value={g.journalLineId} />
              ))}
              <button type="submit" disabled={busy} className={`${secondaryButton} !px-3 !py-1.5 !text-xs`}>
                <ListChecks aria-hidden className="size-3.5" /> Match these {group.length}
              </button>
            </Form>
          )}
        </div>
      ))}
      {canManage && line.suggestions.length > 1 && (
        <Form
          id={pickForm}
          method="post"
          action={action}
          replace
          preventScrollReset
          className="flex flex-wrap items-center gap-2 text-xs text-slate-600"
        >
          <input type="hidden" name="intent" value="match" />
          <input type="hidden" name="statementLineId" value={line.id} />
          <span aria-live="polite">
            Chosen: <span className="font-semibold tabular-nums">{formatMoney(fromPaisa(abs(total)))}</span> of{" "}
            <span className="font-semibold tabular-nums">{formatMoney(fromPaisa(abs(target)))}</span>
            {chosen.length > 0 && total !== target && (
              <span className="text-red-700">
                {" "}
                · {formatMoney(fromPaisa(abs(target - total)))} {abs(total) > abs(target) ? "too much" : "to go"}
              </span>
            )}
          </span>
          <button
            type="submit"
            disabled={busy || chosen.length === 0 || total !== target}
            className={`${secondaryButton} !px-3 !py-1.5 !text-xs disabled:cursor-not-allowed disabled:opacity-50`}
          >
            <ListChecks aria-hidden className="size-3.5" /> Match the chosen
          </button>
        </Form>
      )}
    </div>
  );
}

function LineCard({
  line,
  action,
  canManage,
  createHref,
  error,
}: {
  line: MatchLineView;
  action: string;
  canManage: boolean;
  createHref: string;
  error?: string;
}) {
  const matched = line.matched.length > 0;
  const busyUndo = useFormBusy("unmatch");
  const busyRule = useFormBusy("apply-rule");
  return (
    <li className="px-4 py-4" data-testid="statement-line">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-1">
        <span className="w-24 shrink-0 text-sm whitespace-nowrap text-slate-600">{formatShortDate(line.date)}</span>
        <span className="min-w-0 flex-1 basis-48">
          <span className="block font-medium break-words text-ink-900">{line.description}</span>
          <span className="block text-xs text-slate-500">
            Row {line.rowNo}
            {line.reference ? ` · Ref ${line.reference}` : ""}
          </span>
        </span>
        <Amount value={line.amount} className="font-semibold" />
        {matched ? <Badge tone="green">Matched</Badge> : <Badge tone="amber">Unmatched</Badge>}
      </div>
      {error && (
        <div className="mt-2">
          <FormError message={error} />
        </div>
      )}
      <div className="mt-3 sm:pl-28">
        {matched ? (
          <div className="space-y-2">
            <ul className="space-y-1">
              {line.matched.map((m) => (
                <li key={m.journalLineId} className="flex items-center justify-between gap-3">
                  <LedgerText line={m} />
                  <Amount value={m.amount} className="text-sm" />
                </li>
              ))}
            </ul>
            {canManage && (
              <Form
                method="post"
                action={action}
                replace
                preventScrollReset
                className="flex flex-wrap items-center gap-2"
              >
                <input type="hidden" name="intent" value="unmatch" />
                <input type="hidden" name="statementLineId" value={line.id} />
                <button
                  type="submit"
                  disabled={busyUndo || line.held !== null}
                  aria-describedby={line.held ? `held-${line.id}` : undefined}
                  className={`${secondaryButton} !px-3 !py-1.5 !text-xs disabled:cursor-not-allowed disabled:opacity-50`}
                >
                  <Undo2 aria-hidden className="size-3.5" /> Undo
                </button>
                {line.held && (
                  <span id={`held-${line.id}`} className="text-xs text-slate-500">
                    {line.held}
                  </span>
                )}
              </Form>
            )}
          </div>
        ) : (
          <div className="space-y-3">
            <Suggestions line={line} action={action} canManage={canManage} />
            {canManage && (
              <div className="flex flex-wrap gap-2">
                {line.rule?.heldBack && (
                  <p className="basis-full text-xs text-amber-800" data-testid="rule-held-back">
                    {line.rule.heldBack}
                  </p>
                )}
                {line.rule && !line.rule.heldBack && (
                  <Form method="post" action={action} replace preventScrollReset>
                    <input type="hidden" name="intent" value="apply-rule" />
                    <input type="hidden" name="statementLineId" value={line.id} />
                    <button type="submit" disabled={busyRule} className={`${secondaryButton} !px-3 !py-1.5 !text-xs`}>
                      <Wand2 aria-hidden className="size-3.5" /> Create with rule &ldquo;{line.rule.contains}&rdquo; (
                      {line.rule.kindLabel.toLowerCase()})
                    </button>
                  </Form>
                )}
                <Link to={createHref} preventScrollReset className={`${secondaryButton} !px-3 !py-1.5 !text-xs`}>
                  <Plus aria-hidden className="size-3.5" /> Create entry
                </Link>
              </div>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function CreateEntryDialog({
  line,
  values,
  errors,
  counters,
  controlKinds,
  parties,
  closeHref,
  action,
}: {
  line: MatchLineView;
  values: CreateFromLineValues;
  errors: Record<string, string>;
  counters: CounterChoice[];
  controlKinds: Record<string, ControlPartyKind>;
  parties: PartyChoice[];
  closeHref: string;
  action: string;
}) {
  const amount = toPaisa(line.amount);
  const [kind, setKind] = useState(values.kind as BankTransactionKind);
  const busy = useFormBusy("create");
  const fitting = counters.filter((a) => counterAccountFits(kind, a));
  const optional = kind === "charge" || kind === "interest";
  const [counter, setCounter] = useState(
    fitting.some((a) => a.id === values.counterAccountId) ? values.counterAccountId : "",
  );
  const [party, setParty] = useState(values.party ?? "");
  const hydrated = useHydrated();
  const partyKind = controlKinds[counter] ?? null;
  const changeCounter = (next: string) => {
    setCounter(next);
    if (!partyFits(party, controlKinds[next] ?? null)) setParty("");
  };
  const kept = (id: string) => {
    const k = controlKinds[id];
    return k ? ` (kept by ${k === "any" ? "party" : k})` : "";
  };
  return (
    <FormDialog
      title="Create entry"
      description={`Posted on ${formatShortDate(line.date)} for ${formatMoney(line.amount.replace("-", ""))}, money ${
        amount < 0n ? "out of" : "into"
      } the account, and matched to the line.`}
      closeHref={closeHref}
      size="sm"
    >
      <Form method="post" action={action} replace preventScrollReset noValidate>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="statementLineId" value={line.id} />
        <div className="space-y-4 px-5 py-4">
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
            <span className="font-medium text-ink-900">{line.description}</span>
            {line.reference ? ` · Ref ${line.reference}` : ""}
          </p>
          <FormError message={errors.form ?? errors.statementLineId} />
          <SelectField
            name="kind"
            label="Kind"
            required
            value={kind}
            onChange={(e) => {
              const next = e.target.value as BankTransactionKind;
              setKind(next);
              const current = counters.find((a) => a.id === counter);
              if (!current || !counterAccountFits(next, current)) changeCounter("");
            }}
            error={errors.kind}
            options={kindsFor(amount).map((k) => ({ value: k, label: BANK_TRANSACTION_KIND_LABELS[k] }))}
          />
          <SelectField
            name="counterAccountId"
            label="Account on the other side"
            required={!optional}
            value={counter}
            onChange={(e) => changeCounter(e.currentTarget.value)}
            error={errors.counterAccountId}
            options={[
              {
                value: "",
                label: optional
                  ? "The default of Settings > Accounting"
                  : CREATE_FROM_LINE_MESSAGES.counterRequired[kind],
              },
              ...fitting.map((a) => ({ value: a.id, label: `${a.code} ${a.name}${kept(a.id)}` })),
            ]}
          />
          {(hydrated ? partyKind !== null || !!errors.party : Object.keys(controlKinds).length > 0) && (
            <PartySelect
              kind={hydrated ? partyKind : null}
              parties={parties}
              value={party}
              onChange={setParty}
              error={errors.party}
              hint="Whose balance on this account the entry adjusts"
            />
          )}
          {line.rule && (
            <p className="text-xs text-slate-500">Filled from the rule &ldquo;{line.rule.contains}&rdquo;.</p>
          )}
        </div>
        <DialogActions closeHref={closeHref}>
          <SubmitButton label="Create and match" busyLabel="Creating..." busy={busy} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}

export default function ReconciliationMatch({ loaderData, actionData }: Route.ComponentProps) {
  const { screen, canManage, dialog } = loaderData;
  const location = useLocation();
  useToast(actionData?.toast);
  const here = location.pathname + location.search;
  const account = screen.account;
  const statement = screen.statement;
  const base = { account: account?.code, statement: statement?.id };
  const closeHref = screenHref({ ...base, status: screen.filter, page: screen.page });
  const busyAll = useFormBusy("apply-rule");
  const rulesHref = `/admin/accounts/reconciliation/rules${account ? `?account=${account.code}` : ""}`;
  const mainHref = `/admin/accounts/reconciliation${account ? `?account=${account.code}` : ""}`;
  const difference = screen.figures ? toPaisa(screen.figures.difference) : 0n;
  const lineError = (id: string) =>
    actionData && actionData.intent !== "create" && actionData.lineId === id ? actionData.toast.message : undefined;

  return (
    <>
      <PageHeader
        title="Match Statement Lines"
        description="Match each line of the bank's statement to the ledger, or create the entry it lacks."
        actions={
          <>
            <Link to={mainHref} className={secondaryButton}>
              <ArrowLeft aria-hidden className="size-4" /> Bank Reconciliation
            </Link>
            <Link to={rulesHref} className={secondaryButton}>
              <Wand2 aria-hidden className="size-4" /> Rules
            </Link>
            {canManage && statement && (
              <Form method="post" action={here} replace preventScrollReset>
                <input type="hidden" name="intent" value="apply-rule" />
                <input type="hidden" name="statementId" value={statement.id} />
                <SubmitButton
                  label="Apply rules to all"
                  busyLabel="Applying..."
                  busy={busyAll}
                  className={primaryButton}
                />
              </Form>
            )}
          </>
        }
      />

      <Panel className="mb-6">
        <Form
          method="get"
          action={PATH}
          className="grid gap-3 px-4 py-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto] sm:items-end"
        >
          <SelectField
            name="account"
            label="Account"
            defaultValue={account?.code ?? ""}
            options={screen.accounts.map((a) => ({
              value: a.code,
              label: `${a.code} ${a.name}${a.isActive ? "" : " (deactivated)"}`,
            }))}
          />
          <SelectField
            key={account?.id}
            name="statement"
            label="Statement"
            defaultValue={statement?.id ?? ""}
            options={
              screen.statements.length > 0
                ? screen.statements.map((s) => ({
                    value: s.id,
                    label: `${formatShortDate(s.periodStart)} – ${formatShortDate(s.periodEnd)} · ${s.fileName}`,
                  }))
                : [{ value: "", label: "No statement imported yet" }]
            }
          />
          <button type="submit" className={secondaryButton}>
            Show
          </button>
        </Form>
        {screen.figures && (
          <dl className="grid grid-cols-1 divide-y divide-slate-200 border-t border-slate-200 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
            <Figure label="Statement balance" value={screen.figures.statementBalance} />
            <Figure label="Reconciled ledger balance" value={screen.figures.reconciledBalance} />
            <Figure label="Difference" value={screen.figures.difference} tone={difference === 0n ? "good" : "bad"} />
          </dl>
        )}
        {screen.figures && (
          <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500">
            Up to {formatShortDate(screen.figures.asOfDate)}: {screen.figures.unmatchedLines} statement line
            {screen.figures.unmatchedLines === 1 ? "" : "s"} of the account still unmatched.
            {screen.finishedThrough && ` Reconciliation finished up to ${formatShortDate(screen.finishedThrough)}.`}
          </p>
        )}
      </Panel>

      <Panel>
        {!statement ? (
          <div className="px-4 py-10 text-center">
            <p className="font-medium text-ink-900">No statement to match</p>
            <p className="mt-1 text-sm text-slate-600">
              {account
                ? `Import a statement of ${account.code} ${account.name} first.`
                : "Add a bank or wallet account to the chart of accounts first."}
            </p>
            {canManage && account && (
              <Link
                to={`/admin/accounts/reconciliation/import?account=${account.code}`}
                className={`${primaryButton} mt-4`}
              >
                Import a statement
              </Link>
            )}
          </div>
        ) : (
          <>
            <nav aria-label="Show lines" className="flex flex-wrap gap-2 border-b border-slate-200 px-4 py-3">
              {MATCH_FILTERS.map((f) => (
                <Link
                  key={f}
                  to={screenHref({ ...base, status: f })}
                  aria-current={screen.filter === f ? "page" : undefined}
                  preventScrollReset
                  className={`rounded-full px-3 py-1 text-sm font-medium ${
                    screen.filter === f ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
                  }`}
                >
                  {FILTER_LABELS[f]} ({screen.counts[f]})
                </Link>
              ))}
            </nav>
            {screen.lines.length === 0 ? (
              <p className="px-4 py-10 text-center text-sm text-slate-600">
                {screen.filter === "unmatched" ? "Every line of this statement is matched." : "No lines to show."}
              </p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {screen.lines.map((line) => (
                  <LineCard
                    key={line.id}
                    line={line}
                    action={here}
                    canManage={canManage}
                    createHref={`${closeHref}${closeHref.includes("?") ? "&" : "?"}create=${line.id}`}
                    error={lineError(line.id)}
                  />
                ))}
              </ul>
            )}
            {screen.pageCount > 1 && (
              <nav
                aria-label="Pages"
                className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm"
              >
                {screen.page > 1 ? (
                  <Link
                    to={screenHref({ ...base, status: screen.filter, page: screen.page - 1 })}
                    className="text-brand-700"
                  >
                    Previous
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-slate-600">
                  Page {screen.page} of {screen.pageCount}
                </span>
                {screen.page < screen.pageCount ? (
                  <Link
                    to={screenHref({ ...base, status: screen.filter, page: screen.page + 1 })}
                    className="text-brand-700"
                  >
                    Next
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            )}
          </>
        )}
      </Panel>

      {dialog && (
        <CreateEntryDialog
          line={dialog.line}
          values={actionData?.intent === "create" && actionData.values ? actionData.values : dialog.values}
          errors={actionData?.intent === "create" ? actionData.errors : {}}
          counters={dialog.counters}
          controlKinds={dialog.controlKinds}
          parties={dialog.parties}
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
