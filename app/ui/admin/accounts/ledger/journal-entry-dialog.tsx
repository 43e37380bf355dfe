import { Loader2, Plus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Form } from "react-router";
import { JOURNAL_STATUSES, type ControlPartyKind, type PartyKind } from "~/domain/accounting/constants";
import { parsePartyValue } from "~/domain/accounting/journal";
import {
  changeLines,
  JOURNAL_ENTRY_LIMITS,
  JOURNAL_ENTRY_MESSAGES,
  JOURNAL_STATUS_LABELS,
  PARTY_FIELD_LABELS,
  parseJournalEntryForm,
  readJournalEntryForm,
  typedTotals,
  type JournalEntryFormValues,
  type JournalLineValues,
} from "~/domain/accounting/journal-entry-form";
import { lineAccountOptions } from "~/domain/accounting/ledger-list";
import type { AccountChoice, PartyPicker } from "~/domain/accounting/ledger-list.server";
import type { PartyChoice } from "~/domain/accounting/party-choices.server";
import { formCheck } from "~/lib/form-errors";
import { formatMoney } from "~/lib/format";
import { fromPaisa } from "~/lib/money";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { useHydrated } from "~/ui/use-hydrated";
import { DialogActions, FormDialog } from "../../form-dialog";
import { FormError, inputClass, SelectField, TextField, useFormBusy, useFormCheck } from "../../form";
import { BUSINESS_DATE_MAX, BUSINESS_DATE_MIN } from "~/lib/business-date";

// New Journal Entry and a draft's Edit (backoffice.md §2 General Ledger, §5, §9; issue 21): entry date, reference,
// description, status draft or posted, and the lines editor. It starts with one empty line, the first line cannot be
// removed, each line needs an account (active ones, by code and name), debit and credit are 0 or more in steps of
// 0.01, the totals show as one types, and Save is disabled unless total debit equals total credit and is not zero.
// Without JavaScript the same form works: Add line and Remove post the form and come back with the lines changed,
// Save is never disabled, and the server answers with each field's message and what was typed. A line on a control
// account (issue 36) has a Party select beneath its account: the parties of the account's kind, required.

type EditorLine = JournalLineValues & { key: number };

export function JournalEntryDialog({
  mode,
  values,
  errors: serverErrors,
  accounts,
  parties,
  closeHref,
  action,
}: {
  mode: "create" | "update";
  values: JournalEntryFormValues;
  errors: Record<string, string | undefined>;
  accounts: readonly AccountChoice[];
  parties: PartyPicker;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const hydrated = useHydrated();
  const { errors, onSubmit } = useFormCheck(
    formCheck(readJournalEntryForm, (typed) => parseJournalEntryForm(typed, parties.kinds)),
    serverErrors,
    mode === "create" ? JOURNAL_ENTRY_MESSAGES.createFailed : JOURNAL_ENTRY_MESSAGES.updateFailed,
  );
  const nextKey = useRef(values.lines.length);
  const [lines, setLines] = useState<EditorLine[]>(() => values.lines.map((line, key) => ({ ...line, key })));
  const totals = typedTotals(lines);
  // Without JavaScript nothing could enable it again: the server then checks the balance.
  const saveDisabled = busy || (hydrated && !totals.balanced);

  const setLine = (index: number, change: Partial<JournalLineValues>) =>
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));
  const addLine = () =>
    setLines((current) => {
      const changed = changeLines(current, { kind: "add" });
      return changed.length > current.length ? [...current, { ...changed.at(-1)!, key: nextKey.current++ }] : current;
    });
  const removeLine = (index: number) =>
    setLines((current) =>
      changeLines(current, { kind: "remove", index }).length < current.length
        ? current.filter((_, i) => i !== index)
        : current,
    );

  const offered = (selected: string) => lineAccountOptions(accounts, selected);
  // A new account keeps the line's party only when it is kept by parties of that kind.
  const chooseAccount = (index: number, accountId: string) =>
    setLine(index, { accountId, ...(fitsKind(lines[index]!.party, parties.kinds[accountId]) ? {} : { party: "" }) });

  const title = mode === "create" ? "New Journal Entry" : "Edit Journal Entry";
  const difference = totals.debits - totals.credits;
  return (
    <FormDialog
      title={title}
      description={mode === "update" ? "A draft: change it, save it again, or save it as posted." : undefined}
      closeHref={closeHref}
    >
      <Form method="post" action={action} noValidate replace preventScrollReset onSubmit={onSubmit}>
        {/* First in the form, so Enter in a field saves (rather than adding or removing a line). */}
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" disabled={saveDisabled}>
          Save
        </button>
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="id" value={values.id} />
        <input type="hidden" name="version" value={values.version} />
        <div className="grid gap-4 px-5 py-4 sm:grid-cols-3">
          {errors.form && (
            <div className="sm:col-span-3">
              <FormError message={errors.form} />
            </div>
          )}
          <TextField
            name="entryDate"
            label="Entry Date"
            type="date"
            required
            min={BUSINESS_DATE_MIN}
            max={BUSINESS_DATE_MAX}
            defaultValue={values.entryDate}
            error={errors.entryDate}
          />
          <TextField
            name="reference"
            label="Reference"
            maxLength={JOURNAL_ENTRY_LIMITS.reference}
            defaultValue={values.reference}
            error={errors.reference}
            hint="Optional; unique"
            autoComplete="off"
          />
          <SelectField
            name="status"
            label="Status"
            required
            defaultValue={values.status}
            error={errors.status}
            options={JOURNAL_STATUSES.map((s) => ({ value: s, label: JOURNAL_STATUS_LABELS[s] }))}
          />
          <TextField
            name="description"
            label="Description"
            className="sm:col-span-3"
            maxLength={JOURNAL_ENTRY_LIMITS.description}
            defaultValue={values.description}
            error={errors.description}
            autoComplete="off"
          />
        </div>

        <fieldset className="border-t border-slate-200 px-5 py-4">
          <legend className="sr-only">Lines</legend>
          <h3 className="text-sm font-semibold text-ink-900" aria-hidden="true">
            Lines
          </h3>
          {/* Column names for the wide layout; each field also has its own label (visible on a phone). */}
          <div
            aria-hidden="true"
            className="mt-2 hidden gap-2 text-xs font-medium text-slate-500 sm:grid sm:grid-cols-[minmax(0,2fr)_7.5rem_7.5rem_minmax(0,1.4fr)_2.25rem]"
          >
            <span>Account</span>
            <span>Debit (৳)</span>
            <span>Credit (৳)</span>
            <span>Line description</span>
          </div>
          <ol className="mt-2 space-y-3 sm:space-y-2">
            {lines.map((line, index) => (
              <LineFields
                key={line.key}
                index={index}
                line={line}
                errors={errors}
                options={offered(line.accountId)}
                partyKind={parties.kinds[line.accountId]}
                partyChoices={parties.choices}
                onAccount={(accountId) => chooseAccount(index, accountId)}
                onChange={(change) => setLine(index, change)}
                onRemove={index > 0 ? () => removeLine(index) : undefined}
              />
            ))}
          </ol>
          {errors.lines && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {errors.lines}
            </p>
          )}
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <button
              type="submit"
              name="linesChange"
              value="add"
              formNoValidate
              disabled={lines.length >= JOURNAL_ENTRY_LIMITS.lines}
              onClick={(event) => {
                event.preventDefault();
                addLine();
              }}
              className={`${secondaryButton} !px-3 !py-2 self-start`}
            >
              <Plus aria-hidden className="size-4" /> Add line
            </button>
            <dl
              aria-live="polite"
              className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm sm:text-right"
              data-testid="journal-totals"
            >
              <dt className="text-slate-600">Total debit</dt>
              <dd className="font-semibold whitespace-nowrap text-ink-900 tabular-nums">
                {formatMoney(fromPaisa(totals.debits))}
              </dd>
              <dt className="text-slate-600">Total credit</dt>
              <dd className="font-semibold whitespace-nowrap text-ink-900 tabular-nums">
                {formatMoney(fromPaisa(totals.credits))}
              </dd>
              {hydrated && (
                <dd className={`col-span-2 text-xs ${totals.balanced ? "text-emerald-700" : "text-amber-800"}`}>
                  {totals.balanced
                    ? "Balanced"
                    : difference === 0n
                      ? "Enter the amounts: the total cannot be zero"
                      : `Out of balance by ${formatMoney(fromPaisa(difference < 0n ? -difference : difference))}`}
                </dd>
              )}
            </dl>
          </div>
        </fieldset>

        <DialogActions closeHref={closeHref}>
          <button type="submit" className={primaryButton} disabled={saveDisabled} aria-busy={busy}>
            {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {busy ? "Saving..." : mode === "create" ? "Save" : "Save Changes"}
          </button>
        </DialogActions>
      </Form>
    </FormDialog>
  );
}

/** Whether a party's form value may stay on a line whose account is kept by `kind` (undefined: by none). */
function fitsKind(party: string, kind: ControlPartyKind | undefined): boolean {
  const parsed = parsePartyValue(party);
  if (!parsed || parsed === "invalid" || !kind) return !party;
  return kind === "any" || parsed.kind === kind;
}

const PARTY_GROUPS: { kind: PartyKind; label: string }[] = [
  { kind: "customer", label: "Customers" },
  { kind: "supplier", label: "Suppliers" },
  { kind: "employee", label: "Employees" },
];

/** A party as its option reads: the name, and what tells two of one name apart. */
function PartyOption({ choice }: { choice: PartyChoice }) {
  return <option value={choice.value}>{choice.detail ? `${choice.name} · ${choice.detail}` : choice.name}</option>;
}

/**
 * One line of the editor: account (and its party on a control account), debit, credit, its own description, and
 * Remove (never on the first line).
 */
function LineFields({
  index,
  line,
  errors,
  options,
  partyKind,
  partyChoices,
  onAccount,
  onChange,
  onRemove,
}: {
  index: number;
  line: EditorLine;
  errors: Record<string, string | undefined>;
  options: { value: string; label: string }[];
  /** The kind of party the line's account is kept by; undefined when it is not a control account. */
  partyKind: ControlPartyKind | undefined;
  partyChoices: readonly PartyChoice[];
  onAccount: (accountId: string) => void;
  onChange: (change: Partial<JournalLineValues>) => void;
  onRemove?: () => void;
}) {
  const id = useId();
  const name = (field: keyof JournalLineValues) => `lines.${index}.${field}`;
  const field = (key: keyof JournalLineValues, label: string) => {
    const error = errors[name(key)];
    return {
      label: (
        <label htmlFor={`${id}-${key}`} className="block text-xs font-medium text-slate-600 sm:sr-only">
          <span className="sr-only">Line {index + 1} </span>
          {label}
        </label>
      ),
      props: {
        id: `${id}-${key}`,
        name: name(key),
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-${key}-error` : undefined,
        className: `mt-1 sm:mt-0 ${inputClass} ${error ? "border-red-600" : "border-slate-300"}`,
      },
      error: error ? (
        <p id={`${id}-${key}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null,
    };
  };
  const account = field("accountId", "Account");
  const debit = field("debit", "Debit (৳)");
  const credit = field("credit", "Credit (৳)");
  const description = field("description", "Line description");
  const party = partyKind ? field("party", PARTY_FIELD_LABELS[partyKind]) : null;
  const offeredParties = partyChoices.filter((c) => partyKind === "any" || c.kind === partyKind);
  return (
    <li className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_7.5rem_7.5rem_minmax(0,1.4fr)_2.25rem] sm:items-start sm:rounded-none sm:border-0 sm:p-0">
      <p aria-hidden="true" className="col-span-2 text-xs font-semibold text-ink-900 sm:hidden">
        Line {index + 1}
      </p>
      <div className="col-span-2 sm:col-span-1">
        {account.label}
        <select {...account.props} value={line.accountId} onChange={(e) => onAccount(e.target.value)}>
          <option value="">Select account</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {account.error}
        {party && partyKind && (
          <div className="mt-2">
            {/* Always shown: no column heading names it. */}
            <label htmlFor={party.props.id} className="block text-xs font-medium text-slate-600">
              <span className="sr-only">Line {index + 1} </span>
              {PARTY_FIELD_LABELS[partyKind]}
            </label>
            <select
              {...party.props}
              required
              value={line.party}
              onChange={(e) => onChange({ party: e.target.value })}
              className={`mt-1 ${inputClass} ${party.error ? "border-red-600" : "border-slate-300"}`}
            >
              <option value="">Select {PARTY_FIELD_LABELS[partyKind].toLowerCase()}</option>
              {partyKind === "any"
                ? PARTY_GROUPS.map((group) => {
                    const choices = offeredParties.filter((c) => c.kind === group.kind);
                    return (
                      choices.length > 0 && (
                        <optgroup key={group.kind} label={group.label}>
                          {choices.map((c) => (
                            <PartyOption key={c.value} choice={c} />
                          ))}
                        </optgroup>
                      )
                    );
                  })
                : offeredParties.map((c) => <PartyOption key={c.value} choice={c} />)}
            </select>
            {party.error}
            {offeredParties.length === 0 && !party.error && (
              <p className="mt-1 text-xs text-slate-500">
                No {partyKind === "any" ? "customer, supplier or employee" : partyKind} yet: add one first.
              </p>
            )}
          </div>
        )}
        {/* The server's word on a party where the account is no longer kept by party: said, not lost. */}
        {!party && errors[name("party")] && <p className="mt-1 text-xs text-red-700">{errors[name("party")]}</p>}
      </div>
      <div>
        {debit.label}
        <input
          {...debit.props}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          value={line.debit}
          onChange={(e) => onChange({ debit: e.target.value })}
          className={`${debit.props.className} tabular-nums`}
        />
        {debit.error}
      </div>
      <div>
        {credit.label}
        <input
          {...credit.props}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          value={line.credit}
          onChange={(e) => onChange({ credit: e.target.value })}
          className={`${credit.props.className} tabular-nums`}
        />
        {credit.error}
      </div>
      <div className="col-span-2 sm:col-span-1">
        {description.label}
        <input
          {...description.props}
          maxLength={JOURNAL_ENTRY_LIMITS.lineDescription}
          autoComplete="off"
          value={line.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
        {description.error}
      </div>
      <div className="col-span-2 flex justify-end sm:col-span-1">
        {onRemove && (
          <button
            type="submit"
            name="linesChange"
            value={`remove-${index}`}
            formNoValidate
            aria-label={`Remove line ${index + 1}`}
            title="Remove line"
            onClick={(event) => {
              event.preventDefault();
              onRemove();
            }}
            className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            <X aria-hidden className="size-4" />
            <span className="sm:sr-only">Remove</span>
          </button>
        )}
      </div>
    </li>
  );
}
