import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { chartOfAccounts as t } from "../../db/schema";
import { pageCountOf, clampPage, offsetOf, type ListPage } from "../../lib/list-params";
import { fromPaisa, toPaisa } from "../../lib/money";
import { accountLines, accountPeriod, naturalBalance, type AccountLine } from "./balances.server";
import { accountSummary, type AccountSummary } from "./chart.server";
import { ACCOUNT_LINES_LIST } from "./account-page";
import type { PaymentMethod } from "./constants";

// An account's page (issue 21): the account, its opening balance, debits, credits and closing balance over a
// date range, and one page of its posted lines newest first with the balance after each. Balances are given as the
// account's type reads them (naturalBalance): a liability's or an income's credit balance is positive.

export interface AccountPage {
  account: AccountSummary & {
    description: string | null;
    paymentMethod: PaymentMethod | null;
    parent: { id: string; code: string; name: string } | null;
  };
  range: { from: string; to: string };
  /** Decimal strings; opening and closing as the type reads them, debits and credits as posted. */
  period: { opening: string; debits: string; credits: string; closing: string };
  lines: ListPage<AccountLine>;
}

/** The page of an account (null for a malformed or unknown id) over `range`, lines page `page`. */
export async function loadAccountPage(
  db: DbOrTx,
  id: string,
  range: { from: string; to: string },
  page: number,
): Promise<AccountPage | null> {
  const summary = await accountSummary(db, id);
  if (!summary) return null;
  const [row] = await db
    .select({ description: t.description, paymentMethod: t.paymentMethod, parentId: t.parentId })
    .from(t)
    .where(eq(t.id, summary.id));
  const parent = row?.parentId
    ? ((await db.select({ id: t.id, code: t.code, name: t.name }).from(t).where(eq(t.id, row.parentId)))[0] ?? null)
    : null;

  const { pageSize } = ACCOUNT_LINES_LIST;
  const period = await accountPeriod(db, summary.id, range);
  let shown = Math.max(1, page);
  let found = await accountLines(db, summary.id, range, { limit: pageSize, offset: offsetOf(shown, pageSize) });
  // A page beyond the last shows the last.
  const last = clampPage(shown, pageCountOf(found.total, pageSize));
  if (last !== shown) {
    shown = last;
    found = await accountLines(db, summary.id, range, { limit: pageSize, offset: offsetOf(shown, pageSize) });
  }
  const pageCount = pageCountOf(found.total, pageSize);
  const natural = (amount: bigint) => fromPaisa(naturalBalance(summary.type, amount));
  return {
    account: { ...summary, description: row?.description ?? null, paymentMethod: row?.paymentMethod ?? null, parent },
    range,
    period: {
      opening: natural(period.opening),
      debits: fromPaisa(period.debits),
      credits: fromPaisa(period.credits),
      closing: natural(period.closing),
    },
    lines: {
      rows: found.lines.map((line) => ({ ...line, runningBalance: natural(toPaisa(line.runningBalance)) })),
      total: found.total,
      totalCapped: false,
      page: shown,
      pageCount,
      pageSize,
    },
  };
}
