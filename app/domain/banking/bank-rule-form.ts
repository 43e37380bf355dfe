import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { isUuid } from "../../lib/list-params";
import { nameField } from "../../lib/name-text";
import type { ControlPartyKind } from "../accounting/constants";
import { BANK_TRANSACTION_FORM_MESSAGES } from "./bank-transaction-form";
import {
  BANK_TRANSACTION_KIND_LABELS,
  BANK_TRANSACTION_KINDS,
  KIND_DIRECTION,
  type BankDirection,
  type BankTransactionKind,
} from "./constants";

// Bank rules (issue 23): "description contains X (ignoring case) → kind + account Y", for one bank or wallet account
// or for all of them. The first rule by creation that covers a statement line is offered as "Create with rule"; Apply
// rules makes an entry for every unmatched line a rule covers. A rule's kind must fit the line's sign (a charge or a
// withdrawal takes money out, interest or a deposit brings it in, a transfer goes either way): a rule that does not
// fit a line is skipped for it. A rule never posts to a control account (issue 36: receivable, payable...): it names no
// party, and such an account is kept by its documents; a rule whose account became one since leaves its lines
// unmatched. Browser-safe: the rules screen's dialog and the match screen check with these.

export const BANK_RULE_LIMITS = { containsMin: 2, containsMax: 100 } as const;

export const BANK_RULE_MESSAGES = {
  created: (contains: string) => `Rule "${contains}" added`,
  updated: (contains: string) => `Rule "${contains}" saved`,
  deleted: (contains: string) => `Rule "${contains}" deleted`,
  failed: (reason: string) => `Failed to save the rule: ${reason}`,
  failedDelete: (reason: string) => `Failed to delete the rule: ${reason}`,
  idRequired: "Choose the rule",
  unknown: "This rule does not exist any more",
  accountInvalid: "Choose a bank or wallet account, or all accounts",
  containsRequired: "Description contains is required",
  containsShort: `Description contains must be at least ${BANK_RULE_LIMITS.containsMin} characters`,
  containsLong: `Description contains must be at most ${BANK_RULE_LIMITS.containsMax} characters`,
  containsTaken: (contains: string) => `A rule for "${contains}" on this account already exists: edit it instead`,
  // The same choices as Add Transaction's, in the same words.
  kindRequired: BANK_TRANSACTION_FORM_MESSAGES.kindRequired,
  counterRequired: BANK_TRANSACTION_FORM_MESSAGES.counterRequired,
  counterSame: "Choose an account other than the rule's bank account",
  counterUnknown: "This account does not exist any more: choose another",
  counterInactive: (code: string, name: string) => `Account ${code} ${name} is deactivated: choose another`,
  counterWrongKind: {
    deposit: "A deposit comes from an account that is not cash, bank or wallet: choose one",
    withdrawal: "A withdrawal goes to an account that is not cash, bank or wallet: choose one",
    charge: "A bank charge is booked to an expense account: choose one",
    interest: "Interest is booked to an income account: choose one",
    transfer: "A transfer goes to or from another cash, bank or wallet account: choose one",
  } satisfies Record<BankTransactionKind, string>,
  counterControl: (code: string, name: string, kind: ControlPartyKind) =>
    `Account ${code} ${name} is kept by ${partyWord(kind)}: match these lines to the ${partyWord(kind)}'s documents instead of a rule`,
  /** A rule saved before its account became a control account, met on a line. */
  heldBack: (contains: string, account: string, kind: ControlPartyKind) =>
    `The rule "${contains}" posts to ${account}, which is kept by ${partyWord(kind)}: match this line to the ${partyWord(
      kind,
    )}'s documents, or create its entry naming the ${partyWord(kind)}`,
  /** The rules screen's note on such a rule. */
  makesNothing: (account: string, kind: ControlPartyKind) =>
    `Makes no entries: ${account} is kept by ${partyWord(kind)} now. Edit the rule's account, or delete it`,
} as const;

/** "customer"; "party" for an account kept by any kind. */
export function partyWord(kind: ControlPartyKind): string {
  return kind === "any" ? "party" : kind;
}

/** Which way a kind moves money; null: either (a transfer). */
export function directionOfKind(kind: BankTransactionKind): BankDirection | null {
  return kind === "transfer" ? null : KIND_DIRECTION[kind];
}

/** Whether a kind fits a statement line of this signed amount (+ in, − out). */
export function kindFits(kind: BankTransactionKind, amount: bigint): boolean {
  const direction = directionOfKind(kind);
  return direction === null || direction === (amount > 0n ? "in" : "out");
}

/** The kinds that fit a line of this sign, for the create form's choices. */
export function kindsFor(amount: bigint): BankTransactionKind[] {
  return BANK_TRANSACTION_KINDS.filter((k) => kindFits(k, amount));
}

/** "A bank charge takes money out: this line brings money in": why a kind does not fit a line. */
export function kindMisfit(kind: BankTransactionKind, amount: bigint): string {
  const takes = directionOfKind(kind) === "in" ? "brings money in" : "takes money out";
  const line = amount > 0n ? "brings money in" : "takes money out";
  return `A ${BANK_TRANSACTION_KIND_LABELS[kind].toLowerCase()} ${takes} and this line ${line}: choose ${kindsFor(
    amount,
  )
    .map((k) => BANK_TRANSACTION_KIND_LABELS[k].toLowerCase())
    .join(", ")}`;
}

export interface BankRule {
  id: string;
  accountId: string | null;
  contains: string;
  kind: BankTransactionKind;
  counterAccountId: string;
}

/** Whether `rule` covers a statement line of `accountId` with this description and signed amount. */
export function ruleCovers(rule: BankRule, line: { accountId: string; description: string; amount: bigint }): boolean {
  return (
    (rule.accountId === null || rule.accountId === line.accountId) &&
    rule.counterAccountId !== line.accountId &&
    kindFits(rule.kind, line.amount) &&
    line.description.toLowerCase().includes(rule.contains.trim().toLowerCase())
  );
}

/** The first rule (`rules` in creation order) that covers the line, or null. */
export function firstRuleFor<R extends BankRule>(
  rules: readonly R[],
  line: { accountId: string; description: string; amount: bigint },
): R | null {
  return rules.find((rule) => ruleCovers(rule, line)) ?? null;
}

export interface BankRuleFormValues {
  id: string;
  accountId: string;
  contains: string;
  kind: string;
  counterAccountId: string;
}

export const BANK_RULE_FIELDS = [
  "id",
  "accountId",
  "contains",
  "kind",
  "counterAccountId",
] as const satisfies readonly (keyof BankRuleFormValues)[];

export function readBankRuleForm(form: FormData): BankRuleFormValues {
  return formFields(form, BANK_RULE_FIELDS);
}

export function emptyBankRuleForm(defaults: Partial<BankRuleFormValues> = {}): BankRuleFormValues {
  return { id: "", accountId: "", contains: "", kind: "charge", counterAccountId: "", ...defaults };
}

const M = BANK_RULE_MESSAGES;
const isKind = (v: string): v is BankTransactionKind => (BANK_TRANSACTION_KINDS as readonly string[]).includes(v);

const schema = z
  .object({
    id: z
      .string()
      .trim()
      .transform((v) => v.toLowerCase()),
    accountId: z
      .string()
      .trim()
      .refine((v) => v === "" || isUuid(v), M.accountInvalid)
      .transform((v) => (v === "" ? null : v.toLowerCase())),
    contains: nameField("Description contains", {
      max: BANK_RULE_LIMITS.containsMax,
      messages: { required: M.containsRequired, tooLong: M.containsLong },
    })
      .transform((v) => v.replace(/\s+/g, " "))
      .refine((v) => v.length >= BANK_RULE_LIMITS.containsMin, M.containsShort),
    kind: z.string().trim().refine(isKind, M.kindRequired),
    counterAccountId: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (!isKind(v.kind)) return;
    if (!isUuid(v.counterAccountId))
      ctx.addIssue({ code: "custom", path: ["counterAccountId"], message: M.counterRequired[v.kind] });
    else if (v.accountId !== null && v.counterAccountId.toLowerCase() === v.accountId)
      ctx.addIssue({ code: "custom", path: ["counterAccountId"], message: M.counterSame });
  })
  .transform((v) => ({
    id: v.id,
    accountId: v.accountId,
    contains: v.contains,
    kind: v.kind as BankTransactionKind,
    counterAccountId: v.counterAccountId.toLowerCase(),
  }));

export type BankRuleInput = z.output<typeof schema>;

/** The form's values checked; `needsId` for an edit (the rule's id must be given). */
export function parseBankRuleForm(
  values: BankRuleFormValues,
  needsId = false,
): { ok: true; input: BankRuleInput } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  if (needsId && !isUuid((values.id ?? "").trim())) errors.id = M.idRequired;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, input: parsed.data };
  const order: readonly string[] = BANK_RULE_FIELDS;
  return {
    ok: false,
    errors: Object.fromEntries(
      Object.entries(errors).sort(([a], [b]) => (order.indexOf(a) >>> 0) - (order.indexOf(b) >>> 0)),
    ),
  };
}
