import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { chartOfAccounts, customerPayments as p, customers } from "../../db/schema";
import type { ListPage } from "../../lib/list-params";
import { containsPattern, listOrder, pageOf } from "../../lib/list-query.server";
import { CUSTOMER_PAYMENT_LIST, type CustomerPaymentListState, type CustomerPaymentRow } from "./customer-payment-list";

// The payments screen's list (issue 22): one page of customer payments with the customer, the account, what each
// settled on which invoices and whether its VDS certificate has come in; a voided one (issue 36) with the void's date
// and reason.

/** The payment's id, qualified for the subqueries (a bare column in a select's sql is written unqualified). */
const P_ID = sql`${p.id}`;

const SORTS: Record<CustomerPaymentListState["sort"], SQL[]> = {
  date: [sql`${p.date}`, sql`${p.createdAt}`],
  total: [sql`${p.total}`],
};

function whereOf(state: CustomerPaymentListState): SQL | undefined {
  const q = state.q ? containsPattern(state.q) : null;
  return and(
    q
      ? sql`(exists (select 1 from ${customers} c where c.id = ${sql`${p.customerId}`}
                      and (c.name ilike ${q} or c.organisation ilike ${q} or c.email ilike ${q}))
             or ${p.methodReference} ilike ${q} or ${p.vdsCertificateNo} ilike ${q}
             or exists (select 1 from invoice_allocations a join invoices i on i.id = a.invoice_id
                         where a.customer_payment_id = ${P_ID} and i.number ilike ${q}))`
      : undefined,
    // A voided payment's VDS is taken back (issue 36): no certificate is awaited for it.
    state.filters.vds === "awaiting"
      ? sql`${p.vdsAmount} > 0 and ${p.vdsCertificateNo} is null and ${p.voidedAt} is null`
      : state.filters.vds === "certified"
        ? sql`${p.vdsCertificateNo} is not null`
        : undefined,
  );
}

const columns = {
  id: p.id,
  date: p.date,
  customerId: p.customerId,
  customerName: customers.name,
  method: p.method,
  methodReference: p.methodReference,
  accountCode: chartOfAccounts.code,
  accountName: chartOfAccounts.name,
  received: p.received,
  vdsAmount: p.vdsAmount,
  aitRatePercent: p.aitRatePercent,
  aitAmount: p.aitAmount,
  total: p.total,
  allocated: sql<string>`round(coalesce((select sum(a.amount) from invoice_allocations a where a.customer_payment_id = ${P_ID}), 0), 2)::text`,
  invoiceNumbers: sql<string[]>`coalesce((select array_agg(i.number order by i.number) from invoice_allocations a
        join invoices i on i.id = a.invoice_id where a.customer_payment_id = ${P_ID}), '{}')`,
  vdsCertificateNo: p.vdsCertificateNo,
  vdsCertificateDate: p.vdsCertificateDate,
  voidDate: p.voidDate,
  voidReason: p.voidReason,
};

export function listCustomerPayments(
  db: DbOrTx,
  state: CustomerPaymentListState,
): Promise<ListPage<CustomerPaymentRow>> {
  const where = whereOf(state);
  return pageOf(db, CUSTOMER_PAYMENT_LIST, state, {
    from: p,
    where,
    rows: (limit, offset) =>
      db
        .select(columns)
        .from(p)
        .innerJoin(customers, eq(customers.id, p.customerId))
        .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, p.moneyAccountId))
        .where(where)
        .orderBy(...listOrder(SORTS[state.sort], state.dir, p.id))
        .limit(limit)
        .offset(offset),
  });
}

/** One payment as the certificate dialog shows it, or null. */
export async function loadCustomerPayment(db: DbOrTx, id: string): Promise<CustomerPaymentRow | null> {
  const [row] = await db
    .select(columns)
    .from(p)
    .innerJoin(customers, eq(customers.id, p.customerId))
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, p.moneyAccountId))
    .where(eq(p.id, id));
  return row ?? null;
}
