import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { accountRoles, chartOfAccounts } from "../../db/schema";
import { paymentMethodRole } from "./account-roles";
import { PAYMENT_METHODS, type PaymentMethod } from "./constants";
import { MONEY_DOCUMENT_MESSAGES, type MoneyAccountChoices } from "./money-document-form";
import { LEDGER_MESSAGES } from "./ledger.server";

// The cash, bank and wallet accounts money moves through (chart_of_accounts.payment_method): the choices of the New
// Transaction and Settle dialogs, each method's default (its role in Settings > Accounting), and the check of the
// account a form names.

export async function moneyAccountChoices(db: DbOrTx): Promise<MoneyAccountChoices> {
  const rows = await db
    .select({
      id: chartOfAccounts.id,
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      paymentMethod: chartOfAccounts.paymentMethod,
    })
    .from(chartOfAccounts)
    .where(and(eq(chartOfAccounts.isActive, true), isNotNull(chartOfAccounts.paymentMethod)))
    .orderBy(asc(chartOfAccounts.code));
  const accounts = rows.map((r) => ({ ...r, paymentMethod: r.paymentMethod! }));
  const roles = await db
    .select({ role: accountRoles.role, accountId: accountRoles.accountId })
    .from(accountRoles)
    .where(inArray(accountRoles.role, PAYMENT_METHODS.map(paymentMethodRole)));
  const defaults: Partial<Record<PaymentMethod, string>> = {};
  for (const method of PAYMENT_METHODS) {
    const own = accounts.filter((a) => a.paymentMethod === method);
    const roleAccount = roles.find((r) => r.role === paymentMethodRole(method))?.accountId;
    const chosen = own.find((a) => a.id === roleAccount) ?? own[0];
    if (chosen) defaults[method] = chosen.id;
  }
  return { accounts, defaults };
}

/**
 * What is wrong with the money account a form names for `method`, or null: it must exist, be active, and be an
 * account of that method.
 */
export async function moneyAccountProblem(
  db: DbOrTx,
  accountId: string,
  method: PaymentMethod,
): Promise<string | null> {
  const [account] = await db
    .select({
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      isActive: chartOfAccounts.isActive,
      paymentMethod: chartOfAccounts.paymentMethod,
    })
    .from(chartOfAccounts)
    .where(eq(chartOfAccounts.id, accountId));
  if (!account) return MONEY_DOCUMENT_MESSAGES.accountUnknown;
  if (!account.paymentMethod) return MONEY_DOCUMENT_MESSAGES.accountNotMoney;
  if (account.paymentMethod !== method) return MONEY_DOCUMENT_MESSAGES.accountOfOtherMethod(method);
  if (!account.isActive) return LEDGER_MESSAGES.accountInactive(account.code, account.name);
  return null;
}
