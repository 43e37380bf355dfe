import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { chartOfAccounts } from "../../db/schema";
import type { PaymentMethod } from "../accounting/constants";

// The accounts reconciled against a bank's statements (issue 23): the chart's bank and mobile-banking (wallet)
// accounts. Cash has no statement.

export const RECONCILED_METHODS = ["bank", "mobile_banking"] as const satisfies readonly PaymentMethod[];

export interface BankAccount {
  id: string;
  code: string;
  name: string;
  paymentMethod: (typeof RECONCILED_METHODS)[number];
  isActive: boolean;
}

export const BANK_ACCOUNT_MESSAGES = {
  unknown: "Choose a bank or wallet account",
  notBank: (code: string, name: string) => `${code} ${name} is not a bank or wallet account: choose one`,
  inactive: (code: string, name: string) => `Account ${code} ${name} is deactivated: choose another`,
} as const;

/** Every bank and wallet account, by code; the deactivated ones too (their statements stay readable). */
export async function bankAccounts(db: DbOrTx): Promise<BankAccount[]> {
  const rows = await db
    .select({
      id: chartOfAccounts.id,
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      paymentMethod: chartOfAccounts.paymentMethod,
      isActive: chartOfAccounts.isActive,
    })
    .from(chartOfAccounts)
    .where(inArray(chartOfAccounts.paymentMethod, [...RECONCILED_METHODS]))
    .orderBy(asc(chartOfAccounts.code));
  return rows.map((r) => ({ ...r, paymentMethod: r.paymentMethod as BankAccount["paymentMethod"] }));
}

/**
 * The bank or wallet account `id` names, or the message saying why it cannot take a new posting or statement
 * (unknown, not a bank or wallet account, deactivated).
 */
export async function activeBankAccount(
  db: DbOrTx,
  id: string,
): Promise<{ ok: true; account: BankAccount } | { ok: false; message: string }> {
  const [row] = await db
    .select({
      id: chartOfAccounts.id,
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      paymentMethod: chartOfAccounts.paymentMethod,
      isActive: chartOfAccounts.isActive,
    })
    .from(chartOfAccounts)
    .where(eq(chartOfAccounts.id, id));
  if (!row) return { ok: false, message: BANK_ACCOUNT_MESSAGES.unknown };
  if (!row.paymentMethod || !(RECONCILED_METHODS as readonly string[]).includes(row.paymentMethod))
    return { ok: false, message: BANK_ACCOUNT_MESSAGES.notBank(row.code, row.name) };
  if (!row.isActive) return { ok: false, message: BANK_ACCOUNT_MESSAGES.inactive(row.code, row.name) };
  return { ok: true, account: { ...row, paymentMethod: row.paymentMethod as BankAccount["paymentMethod"] } };
}
