import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { bankTransactions, chartOfAccounts, journalLines } from "../../db/schema";
import { toPaisa } from "../../lib/money";
import { randomUuid } from "../../lib/random-uuid";
import type { AccountRole } from "../accounting/account-roles";
import { twoLines } from "../accounting/journal";
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
} as const;

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
    })
    .from(chartOfAccounts)
    .where(eq(chartOfAccounts.id, accountId));
  if (!account) return { ok: false, reason: "unknown" };
  if (!account.isActive) return { ok: false, reason: "inactive", account };
  if (!counterAccountFits(kind, account)) return { ok: false, reason: "wrong-kind", account };
  return { ok: true, account };
}

/** Posts the transaction and writes its row; throws PostingRefused (fields accountId, counterAccountId, direction, date). */
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

  const id = randomUuid();
  const amount = toPaisa(input.amount);
  const description = input.description.trim() || BANK_TRANSACTION_KIND_LABELS[input.kind];
  const entryId = await postEntry(tx, {
    date: input.date,
    description,
    reference: null,
    source: { type: "bank_transaction", id },
    lines:
      direction === "in"
        ? twoLines(input.accountId, counterAccountId, amount)
        : twoLines(counterAccountId, input.accountId, amount),
    createdBy: input.createdBy,
  });
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
  return { id, entryId, bankLineId: bankLine!.id, direction, counterAccountId };
}
