import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { accountRoles, chartOfAccounts, invoices, payrollRuns, payslips, transactions as t } from "../../db/schema";
import { clampPage, isUuid, offsetOf, pageCountOf, type ListPage } from "../../lib/list-params";
import { searchAny } from "../../lib/list-query.server";
import { fromPaisa, sumPaisa, toPaisa } from "../../lib/money";
import { AGE_BUCKETS, AGE_BUCKET_KEYS, type AgeBucketKey, type AgeingTotals } from "./ageing";
import { PARTY_KINDS, type PartyKind } from "./constants";
import { PARTY_AGEING_SHOWN, type PartyAgeing } from "./party-ageing";
import { partyAgeing } from "./party-ageing.server";
import { ACCOUNT_ROLES } from "./account-roles";
import { OPEN_ITEM_LIST, type OpenItemListState, type OpenItemRow, type OpenItemView } from "./open-item-list";
import type { OpenItemKind } from "./settle-form";
import { invoiceDueSql } from "../sales/invoice-due.server";

// Payables & Receivables (issue 21): the pending payables (expenses) and receivables (income) with what is left of
// each, their age and whether they are overdue (the rule of ageing.ts, applied here in SQL only), and the totals of
// what is left by age, from the ledger's parties (issue 36: party-ageing.server.ts); the one a Settle dialog opens.

const typeOf = (kind: OpenItemKind) => (kind === "payable" ? "expense" : "income");

/** Days past the due date (or since the date), as of `today`. */
const ageSql = (today: string): SQL => sql`(${today}::date - coalesce(${t.dueDate}, ${t.date}))`;

/** The age's bucket, by AGE_BUCKETS' bounds. */
function ageBucketSql(today: string): SQL {
  const age = ageSql(today);
  const whens = AGE_BUCKETS.filter((b) => b.max !== null).map((b) => sql`when ${age} <= ${b.max} then ${b.key}`);
  return sql`(case ${sql.join(whens, sql` `)} else ${AGE_BUCKETS[AGE_BUCKETS.length - 1]!.key} end)`;
}

/** A due date before today: exactly the rows with a due date whose age puts them past "Not yet due". */
const overdueSql = (today: string): SQL => sql`coalesce(${t.dueDate} < ${today}::date, false)`;

const LEFT = sql`(${t.amount} - ${t.settledAmount})`;

const SORTS: Record<OpenItemListState["sort"], SQL[]> = {
  due: [sql`coalesce(${t.dueDate}, ${t.date})`],
  date: [sql`${t.date}`],
  left: [LEFT],
  party: [sql`lower(coalesce(${t.party}, ''))`],
};

/** A payroll's salary row: an employee's unpaid salary (their payslip), paid in Salary Disbursement. */
const SALARY_ROW = sql`exists (select 1 from ${payslips} ps where ps.transaction_id = ${t.id})`;

function openWhere(kind: OpenItemKind, state: Pick<OpenItemListState, "q" | "filters">, today: string) {
  return and(
    eq(t.status, "pending"),
    eq(t.type, typeOf(kind)),
    // Unpaid salaries are the employees' (issue 36): listed under them by age, never among the suppliers' payables.
    kind === "payable" ? sql`not ${SALARY_ROW}` : undefined,
    searchAny(state.q, [t.party, t.description, t.reference]),
    state.filters.age ? sql`${ageBucketSql(today)} = ${state.filters.age}` : undefined,
    state.filters.overdue ? overdueSql(today) : undefined,
  );
}

/** The columns of a row of either table (and of the Settle dialog's item). */
const openItemColumns = (today: string) => ({
  id: t.id,
  date: t.date,
  dueDate: t.dueDate,
  category: t.category,
  description: t.description,
  party: t.party,
  reference: t.reference,
  paymentMethod: t.paymentMethod,
  amount: t.amount,
  settledAmount: t.settledAmount,
  left: sql<string>`${LEFT}::text`,
  age: sql<number>`${ageSql(today)}::int`,
  ageBucket: sql<AgeBucketKey>`${ageBucketSql(today)}`,
  overdue: sql<boolean>`${overdueSql(today)}`,
  salaryMonth: sql<string | null>`(select to_char(pr.period_month, 'YYYY-MM') from ${payslips} ps
    join ${payrollRuns} pr on pr.id = ps.payroll_run_id where ps.transaction_id = transactions.id limit 1)`,
});

/** One page of one table. */
export async function listOpenItems(
  db: DbOrTx,
  kind: OpenItemKind,
  state: OpenItemListState,
  page: number,
  today: string,
): Promise<ListPage<OpenItemRow>> {
  const where = openWhere(kind, state, today);
  const by = state.dir === "asc" ? asc : desc;
  const rows = (limit: number, offset: number) =>
    db
      .select(openItemColumns(today))
      .from(t)
      .where(where)
      .orderBy(...[...SORTS[state.sort], sql`${t.id}`].map((c) => by(c)))
      .limit(limit)
      .offset(offset);
  const pageSize = OPEN_ITEM_LIST.pageSize;
  const total = await db.$count(t, where);
  const pageCount = pageCountOf(total, pageSize);
  const shown = clampPage(page, pageCount);
  const found = await rows(pageSize, offsetOf(shown, pageSize));
  return {
    rows: found.map((r) => ({ ...r, age: Number(r.age) })),
    total,
    totalCapped: false,
    page: shown,
    pageCount,
    pageSize,
  };
}

/**
 * The screen's ageing (issue 36): every customer, supplier and employee by age (partyAgeing, read from the ledger), and
 * the two tables' summaries from them: a receivable's is the customers', a payable's the suppliers' (an unpaid salary
 * is an employee's, never a payable's). Each total outstanding is the accounts' balance to the paisa; what the open
 * documents do not explain is on account.
 */
export async function openItemAgeing(
  db: DbOrTx,
  today: string,
): Promise<{ totals: Record<OpenItemKind, AgeingTotals>; parties: Record<PartyKind, PartyAgeing> }> {
  const [customer, supplier, employee] = await Promise.all(
    PARTY_KINDS.map((kind) => partyAgeing(db, kind, today, { limit: PARTY_AGEING_SHOWN })),
  );
  const roles = await db
    .select({ role: accountRoles.role, name: chartOfAccounts.name })
    .from(accountRoles)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, accountRoles.accountId))
    .where(inArray(accountRoles.role, ["payable", "receivable"]));
  // Tax invoices post to the receivable too (issue 22): what they still owe is part of the open receivables.
  const [owed] = await queryRows<{ due: string }>(
    db,
    sql`select round(coalesce(sum(${invoiceDueSql()}), 0), 2)::text as due from ${invoices} where ${invoices.status} = 'issued'`,
  );
  const totalsOf = (kind: OpenItemKind, ageing: PartyAgeing): AgeingTotals => {
    const byBucket = Object.fromEntries(AGE_BUCKET_KEYS.map((key) => [key, ageing.totals[key]])) as Record<
      AgeBucketKey,
      string
    >;
    return {
      ...byBucket,
      documents: fromPaisa(sumPaisa(AGE_BUCKET_KEYS.map((key) => toPaisa(ageing.totals[key])))),
      onAccount: ageing.totals.onAccount,
      invoices: kind === "receivable" ? fromPaisa(toPaisa(owed?.due ?? "0")) : "0.00",
      ledger: ageing.totals.total,
      accountName: roles.find((r) => r.role === kind)?.name ?? ACCOUNT_ROLES[kind].label,
    };
  };
  return {
    totals: { payable: totalsOf("payable", supplier!), receivable: totalsOf("receivable", customer!) },
    parties: { customer: customer!, supplier: supplier!, employee: employee! },
  };
}

/** A pending payable or receivable, for its Settle dialog; null for a malformed or unknown id or one not pending. */
export async function loadOpenItem(db: DbOrTx, id: string, today: string): Promise<OpenItemView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ...openItemColumns(today), type: t.type })
    .from(t)
    .where(and(eq(t.id, id.toLowerCase()), eq(t.status, "pending")));
  if (!row) return null;
  const { type, ...rest } = row;
  return { ...rest, age: Number(row.age), kind: type === "income" ? "receivable" : "payable" };
}
