import { formFields } from "../../lib/form-data";
import { isUuid } from "../../lib/list-params";
import { parsePartyValue, type PartyRef } from "../accounting/journal";
import { BANK_TRANSACTION_FORM_MESSAGES } from "./bank-transaction-form";
import { BANK_RULE_MESSAGES } from "./bank-rule-form";
import { BANK_TRANSACTION_KINDS, type BankTransactionKind } from "./constants";

// The match screen's "Create entry" (issue 23): the entry a statement line lacks (a bank charge, interest, a transfer
// between own accounts, a deposit or withdrawal), posted from the line: its date, its amount, money in or out by its
// sign, its description and reference; the user chooses the kind and the account on the other side (a charge's and
// interest's may be left to Settings > Accounting's roles); on a control account (issue 36) the customer, supplier or
// employee it adjusts, as Add Transaction names it. Browser-safe.

export const CREATE_FROM_LINE_MESSAGES = {
  done: (kind: string) => `${kind} posted from the statement line and matched to it`,
  failed: (reason: string) => `Failed to create the entry: ${reason}`,
  lineRequired: "Choose the statement line",
  lineUnknown: "This statement line does not exist any more",
  kindRequired: BANK_RULE_MESSAGES.kindRequired,
  counterRequired: BANK_RULE_MESSAGES.counterRequired,
  partyInvalid: BANK_TRANSACTION_FORM_MESSAGES.partyInvalid,
  alreadyMatched: (line: string) =>
    `The statement line ${line} is already matched: undo its match to make an entry from it`,
} as const;

export interface CreateFromLineValues {
  statementLineId: string;
  kind: string;
  counterAccountId: string;
  /** The party of a control account's line: partyValue ("customer:<uuid>"), or "" (left out: none). */
  party?: string;
}

export const CREATE_FROM_LINE_FIELDS = [
  "statementLineId",
  "kind",
  "counterAccountId",
  "party",
] as const satisfies readonly (keyof CreateFromLineValues)[];

export function readCreateFromLineForm(form: FormData): CreateFromLineValues {
  return formFields(form, CREATE_FROM_LINE_FIELDS);
}

export interface CreateFromLineInput {
  statementLineId: string;
  kind: BankTransactionKind;
  /** null: the kind's role (charge, interest). */
  counterAccountId: string | null;
  party: PartyRef | null;
}

const M = CREATE_FROM_LINE_MESSAGES;

export function parseCreateFromLineForm(
  values: CreateFromLineValues,
): { ok: true; input: CreateFromLineInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const statementLineId = values.statementLineId.trim().toLowerCase();
  const kind = values.kind.trim();
  const counter = values.counterAccountId.trim().toLowerCase();
  const party = parsePartyValue(values.party);
  if (!isUuid(statementLineId)) errors.statementLineId = M.lineRequired;
  if (!(BANK_TRANSACTION_KINDS as readonly string[]).includes(kind)) errors.kind = M.kindRequired;
  else {
    const optional = kind === "charge" || kind === "interest";
    if (counter === "" ? !optional : !isUuid(counter))
      errors.counterAccountId = M.counterRequired[kind as BankTransactionKind];
  }
  if (party === "invalid") errors.party = M.partyInvalid;
  if (Object.keys(errors).length > 0 || party === "invalid") return { ok: false, errors };
  return {
    ok: true,
    input: {
      statementLineId,
      kind: kind as BankTransactionKind,
      counterAccountId: counter === "" ? null : counter,
      party,
    },
  };
}
