import type { DbOrTx } from "../../db/client.server";
import type { CashFlowActivity } from "../accounting/constants";
import { CASH_FLOW_ACTIVITY_LABELS } from "../accounting/constants";
import { addDays } from "../dashboard/periods";
import { balancesOn, movementsByAccount, readTogether } from "./ledger-figures.server";
import type { ReportPeriod } from "./report-periods";
import {
  accountLines,
  addColumns,
  columnsOf,
  comparedOf,
  readColumns,
  reportAccounts,
  reportColumns,
  sumOf,
  type Columns,
  type ReportAccount,
} from "./statement-lines.server";
import type { CashFlow, ReportSection } from "./statements";

// The Cash Flow statement by the indirect method (issue 24). Cash is the accounts with a payment method (cash, bank,
// wallets). From the period's net profit (as the P&L: year-end close entries left out), each other balance-sheet
// account's change over the period, turned into its effect on cash (an increase of an asset took cash, of a
// liability or equity brought it: minus its change in debits less credits), is placed in the section its
// cash_flow_activity names (none: operating for assets and liabilities, financing for equity). The year-end close
// entries are left out here too: they never touch cash, and counting them would show retained earnings moving.
// Since every entry balances, the net change equals the change in the cash accounts' balances, exactly.

export const CASH_FLOW_LABELS = {
  netProfit: "Net profit",
  netOperating: "Net cash from operating activities",
  change: (name: string) => `Change in ${name}`,
} as const;

/** The section a balance-sheet account's change is shown in. */
export function cashFlowActivityOf(account: Pick<ReportAccount, "type" | "cashFlowActivity">): CashFlowActivity {
  return account.cashFlowActivity ?? (account.type === "equity" ? "financing" : "operating");
}

export async function cashFlow(db: DbOrTx, period: ReportPeriod, startMonth: number): Promise<CashFlow> {
  const columns = reportColumns(period, startMonth);
  const [accounts, movements, opening, closing] = await readTogether(
    db,
    () => reportAccounts(db),
    () => readColumns(db, columns, (p) => movementsByAccount(db, p, { excludeYearEndClose: true })),
    () => readColumns(db, columns, (p) => balancesOn(db, addDays(p.from, -1))),
    () => readColumns(db, columns, (p) => balancesOn(db, p.to)),
  );
  const cash = accounts.filter((a) => a.paymentMethod !== null);
  const results = accounts.filter((a) => a.type === "income" || a.type === "expense");
  const others = accounts.filter((a) => a.paymentMethod === null && a.type !== "income" && a.type !== "expense");

  const spent = sumOf(movements, results);
  const netProfit = columnsOf((i) => -spent[i]);
  const section = (activity: CashFlowActivity): { section: ReportSection; total: Columns<bigint> } => {
    const { lines, total } = accountLines(
      others.filter((a) => cashFlowActivityOf(a) === activity),
      movements,
      (_, change) => -change,
      (a) => CASH_FLOW_LABELS.change(a.name),
    );
    return {
      section: { key: activity, title: CASH_FLOW_ACTIVITY_LABELS[activity], lines, total: comparedOf(total) },
      total,
    };
  };
  const operating = section("operating");
  const investing = section("investing");
  const financing = section("financing");
  const netOperating = addColumns(netProfit, operating.total);
  return {
    kind: "cash-flow",
    columns,
    netProfit: comparedOf(netProfit),
    operating: operating.section,
    netOperating: comparedOf(netOperating),
    investing: investing.section,
    financing: financing.section,
    netChange: comparedOf(addColumns(netOperating, addColumns(investing.total, financing.total))),
    openingCash: comparedOf(sumOf(opening, cash)),
    closingCash: comparedOf(sumOf(closing, cash)),
  };
}
