import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { bankTransactions, chartOfAccounts, customers, employees, journalLines, suppliers } from "../../db/schema";
import { toPaisa } from "../../lib/money";
import { randomUuid } from "../../lib/random-uuid";
import type { AccountRole } from "../accounting/account-roles";
import type { ControlPartyKind, PartyKind } from "../accounting/constants";
import { twoLines, type PartyRef } from "../accounting/journal";
import { postEntry, PostingRefused, roleAccounts } from "../accounting/ledger.server";
import { activeBankAccount } from "./bank-accounts.server";
import { counterAccountFits } from "./bank-transaction-form";
import {
  BANK_TRANSACTION_KIND_LABELS,
  KIND_DIRECTION,
  type BankDirection,
  type BankTransactionKind,
} from "./constants";

// A bank transaction's posting (issue 23; DESIGN §10), shared by Add Transaction and by a statement line made into an
// entry (by hand or by a rule): money in posts Dr the bank or wallet account / Cr the other side, money out the
// reverse. Runs in the caller's transaction; refusals are PostingRefused naming the form's fields.
//
// Parties (issue 36): when the other side is a control account (receivable, payable, salaries payable...: its
// chart_of_accounts.party_kind), the transaction names the customer, supplier or employee it adjusts, checked here
// (field "party": missing, unknown, merged away or of the wrong kind) and given to the entry's control line; its
// description says whose adjustment it is. A party on another account is refused rather than silently dropped.

export interface BankTransactionInput {
  accountId: string;
  kind: BankTransactionKind;
  /** Only a transfer chooses; the other kinds have their own (KIND_DIRECTION). */
  direction?: BankDirection;
  /** Charge and interest may leave it out: the Bank statement roles of Settings > Accounting are used. */
  counterAccountId?: string | null;
  date: string;
  /** A positive decimal string ("1500.00"). */
  amount: string;
  description: string;
  reference?: string | null;
  /** Required when the other side is a control account, refused otherwise. */
  party?: PartyRef | null;
  statementLineId?: string | null;
  ruleId?: string | null;
  createdBy: string | null;
}

export interface PostedBankTransaction {
  id: string;
  entryId: string;
  /** The entry's line on the bank or wallet account: the one a statement line is matched to. */
  bankLineId: string;
  direction: BankDirection;
  counterAccountId: string;
  /** The party the control line names, with its name as the description says it; null off a control account. */
  party: (PartyRef & { name: string }) | null;
}

export const BANK_TRANSACTION_MESSAGES = {
  counterMissing: "Choose the account on the other side",
  counterUnknown: "This account does not exist any more: choose another",
  counterInactive: (code: string, name: string) => `Account ${code} ${name} is deactivated: choose another`,
  counterSame: "Choose an account other than the bank account itself",
  transferNeedsMoneyAccount: "A transfer goes to or from another cash, bank or wallet account: choose one",
  asTransfer: (code: string, name: string) =>
    `${code} ${name} is a cash, bank or wallet account: choose "Transfer between own accounts" to move money to or from it`,
  chargeNeedsExpense: "A bank charge is booked to an expense account: choose one",
  interestNeedsIncome: "Interest is booked to an income account: choose one",
  directionMissing: "Choose whether the money comes in or goes out",
  partyMissing: (code: string, name: string, kind: ControlPartyKind) =>
    `Account ${code} ${name} is kept by ${kindWord(kind)}: choose the ${partyWords(kind)} whose balance this transaction adjusts`,
  partyWrongKind: (code: string, name: string, kind: ControlPartyKind, given: PartyKind) =>
    `Account ${code} ${name} is kept by ${kindWord(kind)}: choose a ${kind}, not a ${given}`,
  partyUnknown: (kind: PartyKind) => `This ${kind} does not exist any more: choose another`,
  partyMerged: (kind: PartyKind) => `This ${kind} was merged into another: choose the one kept`,
  partyNotKept: (code: string, name: string) =>
    `Account ${code} ${name} is not kept by party: leave the party empty, or choose a control account`,
} as const;

/** "customer", or "party" for an account kept by any kind. */
function kindWord(kind: ControlPartyKind): string {
  return kind === "any" ? "party" : kind;
}

function partyWords(kind: ControlPartyKind): string {
  return kind === "any" ? "customer, supplier or employee" : kind;
}

/** "Refund (adjustment of customer Nadia Rahman)": whose balance a transaction on a control account moves. */
export function adjustmentDescription(description: string, party: { kind: PartyKind; name: string }): string {
  return `${description} (adjustment of ${party.kind} ${party.name})`;
}

const DEFAULT_ROLE: Partial<Record<BankTransactionKind, AccountRole>> = {
  charge: "bank.charges",
  interest: "bank.interest",
};

export interface CounterAccount {
  code: string;
  name: string;
  type: string;
  isActive: boolean;
  paymentMethod: string | null;
  /** Set on a control account: the kind of party its lines name. */
  partyKind: ControlPartyKind | null;
}

export type CounterAccountCheck =
  | { ok: true; account: CounterAccount }
  | { ok: false; reason: "unknown" }
  | { ok: false; reason: "inactive" | "wrong-kind"; account: CounterAccount };

/**
 * Whether an account can be the other side of a bank transaction of this kind (counterAccountFits), looked up in the
 * chart: Add Transaction and the bank rules judge it here, each saying it in its own words.
 */
export async function checkCounterAccount(
  tx: DbOrTx,
  kind: BankTransactionKind,
  accountId: string,
): Promise<CounterAccountCheck> {
  const [account] = await tx
    .select({
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      type: chartOfAccounts.type,
      isActive: chartOfAccounts.isActive,
      paymentMethod: chartOfAccounts.paymentMethod,
      partyKind: chartOfAccounts.partyKind,
    })
    .from(chartOfAccounts)
    .where(eq(chartOfAccounts.id, accountId));
  if (!account) return { ok: false, reason: "unknown" };
  if (!account.isActive) return { ok: false, reason: "inactive", account };
  if (!counterAccountFits(kind, account)) return { ok: false, reason: "wrong-kind", account };
  return { ok: true, account };
}

/** The party's name, or why it cannot be named: gone, or a customer or supplier merged into another. */
async function partyRecord(
  tx: DbOrTx,
  party: PartyRef,
): Promise<{ ok: true; name: string } | { ok: false; reason: "unknown" | "merged" }> {
  const table = party.kind === "customer" ? customers : party.kind === "supplier" ? suppliers : null;
  if (table) {
    const [row] = await tx
      .select({ name: table.name, mergedIntoId: table.mergedIntoId })
      .from(table)
      .where(eq(table.id, party.id));
    if (!row) return { ok: false, reason: "unknown" };
    return row.mergedIntoId ? { ok: false, reason: "merged" } : { ok: true, name: row.name };
  }
  const [row] = await tx.select({ name: employees.name }).from(employees).where(eq(employees.id, party.id));
  return row ? { ok: true, name: row.name } : { ok: false, reason: "unknown" };
}

/**
 * The party a transaction on `account` names, checked: required on a control account (of its kind, live), refused on
 * any other. Throws PostingRefused on the field "party".
 */
export async function checkTransactionParty(
  tx: DbOrTx,
  account: CounterAccount,
  party: PartyRef | null | undefined,
): Promise<(PartyRef & { name: string }) | null> {
  const refuse = (message: string) => new PostingRefused({ party: message });
  if (!account.partyKind) {
    if (party) throw refuse(BANK_TRANSACTION_MESSAGES.partyNotKept(account.code, account.name));
    return null;
  }
  if (!party) throw refuse(BANK_TRANSACTION_MESSAGES.partyMissing(account.code, account.name, account.partyKind));
  if (account.partyKind !== "any" && party.kind !== account.partyKind)
    throw refuse(BANK_TRANSACTION_MESSAGES.partyWrongKind(account.code, account.name, account.partyKind, party.kind));
  const record = await partyRecord(tx, party);
  if (!record.ok)
    throw refuse(
      record.reason === "merged"
        ? BANK_TRANSACTION_MESSAGES.partyMerged(party.kind)
        : BANK_TRANSACTION_MESSAGES.partyUnknown(party.kind),
    );
  return { kind: party.kind, id: party.id, name: record.name };
}

/**
 * The ledger's refusal of a line said on the form's field: its party ("lines.1.party") on "party"; its account on
 * "counterAccountId" (the bank account itself was checked first: what the ledger still refuses is the other side,
 * an account locked to documents only, say).
 */
function onFormFields(error: PostingRefused): PostingRefused {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.errors))
    errors[
      /^lines\.\d+\.party$/.test(key) ? "party" : /^lines\.\d+\.accountId$/.test(key) ? "counterAccountId" : key
    ] ??= message;
  return new PostingRefused(errors);
}

/**
 * Posts the transaction and writes its row; throws PostingRefused (fields accountId, counterAccountId, direction,
 * party, date).
 */
export async function postBankTransaction(tx: DbOrTx, input: BankTransactionInput): Promise<PostedBankTransaction> {
  const bank = await activeBankAccount(tx, input.accountId);
  if (!bank.ok) throw new PostingRefused({ accountId: bank.message });

  const direction = input.kind === "transfer" ? input.direction : KIND_DIRECTION[input.kind];
  if (!direction) throw new PostingRefused({ direction: BANK_TRANSACTION_MESSAGES.directionMissing });

  let counterAccountId = input.counterAccountId ?? null;
  const role = DEFAULT_ROLE[input.kind];
  if (!counterAccountId && role) counterAccountId = (await roleAccounts(tx, [role]))[role];
  if (!counterAccountId) throw new PostingRefused({ counterAccountId: BANK_TRANSACTION_MESSAGES.counterMissing });
  if (counterAccountId === input.accountId)
    throw new PostingRefused({ counterAccountId: BANK_TRANSACTION_MESSAGES.counterSame });

  const checked = await checkCounterAccount(tx, input.kind, counterAccountId);
  const refuse = (message: string) => new PostingRefused({ counterAccountId: message });
  if (!checked.ok) {
    if (checked.reason === "unknown") throw refuse(BANK_TRANSACTION_MESSAGES.counterUnknown);
    const { account } = checked;
    if (checked.reason === "inactive")
      throw refuse(BANK_TRANSACTION_MESSAGES.counterInactive(account.code, account.name));
    if (input.kind === "transfer") throw refuse(BANK_TRANSACTION_MESSAGES.transferNeedsMoneyAccount);
    if (account.paymentMethod) throw refuse(BANK_TRANSACTION_MESSAGES.asTransfer(account.code, account.name));
    throw refuse(
      input.kind === "charge"
        ? BANK_TRANSACTION_MESSAGES.chargeNeedsExpense
        : BANK_TRANSACTION_MESSAGES.interestNeedsIncome,
    );
  }

  const party = await checkTransactionParty(tx, checked.account, input.party);

  const id = randomUuid();
  const amount = toPaisa(input.amount);
  const typed = input.description.trim() || BANK_TRANSACTION_KIND_LABELS[input.kind];
  const description = party ? adjustmentDescription(typed, party) : typed;
  let entryId: string;
  try {
    entryId = await postEntry(tx, {
      date: input.date,
      description,
      reference: null,
      source: { type: "bank_transaction", id },
      lines:
        direction === "in"
          ? twoLines(input.accountId, counterAccountId, amount)
          : twoLines(counterAccountId, input.accountId, amount),
      party: party ? { kind: party.kind, id: party.id } : null,
      createdBy: input.createdBy,
    });
  } catch (error) {
    if (error instanceof PostingRefused) throw onFormFields(error);
    throw error;
  }
  await tx.insert(bankTransactions).values({
    id,
    accountId: input.accountId,
    kind: input.kind,
    direction,
    counterAccountId,
    date: input.date,
    amount: input.amount,
    description,
    reference: input.reference?.trim() || null,
    journalEntryId: entryId,
    statementLineId: input.statementLineId ?? null,
    ruleId: input.ruleId ?? null,
    createdBy: input.createdBy,
  });
  const [bankLine] = await tx
    .select({ id: journalLines.id })
    .from(journalLines)
    .where(and(eq(journalLines.journalEntryId, entryId), eq(journalLines.accountId, input.accountId)));
  return { id, entryId, bankLineId: bankLine!.id, direction, counterAccountId, party };
}
