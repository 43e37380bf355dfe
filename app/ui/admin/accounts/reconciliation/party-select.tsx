import { PARTY_KINDS, type ControlPartyKind, type PartyKind } from "~/domain/accounting/constants";
import type { PartyChoice } from "~/domain/accounting/party-choices.server";
import { FieldFrame, useFieldControl } from "~/ui/admin/form";

// The party of a bank transaction on a control account (issue 36): Add Transaction's and Create entry's "Party", shown
// once the account on the other side is one kept by party. The parties of the account's kind, by name; an account
// kept by any kind (withheld taxes payable), and the form before JavaScript runs, offer all three kinds in groups.
// The value is journal.ts's partyValue ("customer:<uuid>").

const GROUP_LABELS: Record<PartyKind, string> = { customer: "Customers", supplier: "Suppliers", employee: "Employees" };

/** "Customer", or "Party" for an account kept by any kind (and before the account is known). */
export function partyLabel(kind: ControlPartyKind | null): string {
  return kind === null || kind === "any" ? "Party" : kind[0]!.toUpperCase() + kind.slice(1);
}

/** Whether a chosen party value fits an account kept by `kind` (null: no control account, nothing fits). */
export function partyFits(value: string, kind: ControlPartyKind | null): boolean {
  if (!kind || !value) return false;
  return kind === "any" || value.startsWith(`${kind}:`);
}

export function PartySelect({
  kind,
  parties,
  value,
  onChange,
  error,
  hint,
}: {
  /** The other side's kind; null before JavaScript runs (every party offered, the server judges). */
  kind: ControlPartyKind | null;
  parties: readonly PartyChoice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  const { id, props } = useFieldControl("party", error, hint);
  const kinds = kind === null || kind === "any" ? PARTY_KINDS : [kind];
  const shown = parties.filter((p) => kinds.includes(p.kind));
  const grouped = kinds.length > 1;
  const label = (p: PartyChoice) => (p.detail ? `${p.name} · ${p.detail}` : p.name);
  const option = (p: PartyChoice) => (
    <option key={p.value} value={p.value}>
      {label(p)}
    </option>
  );
  const word = kind === null || kind === "any" ? "customer, supplier or employee" : kind;
  return (
    <FieldFrame
      id={id}
      label={kind === null ? "Party (accounts kept by party only)" : partyLabel(kind)}
      required={kind !== null}
      error={error}
      hint={hint}
    >
      <select {...props} required={kind !== null} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{kind === null ? "None" : `Select ${word}`}</option>
        {grouped
          ? kinds.map((k) => {
              const list = shown.filter((p) => p.kind === k);
              return list.length > 0 ? (
                <optgroup key={k} label={GROUP_LABELS[k]}>
                  {list.map(option)}
                </optgroup>
              ) : null;
            })
          : shown.map(option)}
      </select>
      {shown.length === 0 && !error && <p className="mt-1 text-xs text-slate-500">No {word} yet: add one first.</p>}
    </FieldFrame>
  );
}
