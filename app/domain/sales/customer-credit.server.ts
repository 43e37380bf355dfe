import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { customers } from "../../db/schema";
import { fromPaisa, toPaisa } from "../../lib/money";

// A customer's credit (issue 22): what they paid beyond the invoices it settled (an advance before an invoice, an
// overpayment) and what credit notes gave back on invoices already paid, less the credit applied to invoices since.
// It sits on the customer advances account in the books; applying it moves it off the receivable. A voided payment
// (issue 36) counts for nothing: neither what it paid nor what it settled.

/**
 * Locks the customer's row for the rest of the transaction: every document that changes their credit or what they
 * owe (a payment, an invoice taking their credit, a credit note, applying credit) takes it first, so two of them never
 * spend the same credit.
 */
export async function lockCustomer(tx: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
  return !!row;
}

/**
 * The customer's credit as an SQL expression (numeric) for the customer whose id `customerId` is: a bound value or a
 * column (the Customers list computes it per row).
 */
export function customerCreditSql(customerId: SQLWrapper | string): SQL {
  return sql`(
          coalesce((select sum(total) from customer_payments where customer_id = ${customerId} and voided_at is null), 0)
        - coalesce((select sum(a.amount) from invoice_allocations a join customer_payments p on p.id = a.customer_payment_id
                     where p.customer_id = ${customerId} and a.kind = 'payment' and p.voided_at is null), 0)
        + coalesce((select sum(to_credit) from credit_notes where customer_id = ${customerId}), 0)
        - coalesce((select sum(a.amount) from invoice_allocations a join invoices i on i.id = a.invoice_id
                     where i.customer_id = ${customerId} and a.kind = 'credit'), 0)
        )`;
}

/** The customer's credit now, in paisa (0 or more). Read under lockCustomer when it is to be spent. */
export async function customerCreditPaisa(tx: DbOrTx, customerId: string): Promise<bigint> {
  const [row] = await queryRows<{ credit: string }>(
    tx,
    sql`select round(${customerCreditSql(customerId)}, 2)::text as credit`,
  );
  return toPaisa(row?.credit ?? "0");
}

/** The same as a decimal string. */
export async function customerCredit(tx: DbOrTx, customerId: string): Promise<string> {
  return fromPaisa(await customerCreditPaisa(tx, customerId));
}
