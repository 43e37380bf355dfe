import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { invoices } from "../../db/schema";

// What an invoice still owes as SQL (issue 22): the same formula as invoiceDuePaisa (invoice-due.ts), total − paid −
// credited, as a numeric expression. Pass an alias (drizzle's alias(invoices, "i")) inside a query naming it so.

export interface InvoiceAmountColumns {
  total: SQLWrapper;
  paidAmount: SQLWrapper;
  creditedAmount: SQLWrapper;
}

/** total − paid − credited, numeric(14,2): `invoiceDueSql()` for the invoices table, or of an alias. */
export function invoiceDueSql(table: InvoiceAmountColumns = invoices): SQL<string> {
  return sql<string>`(${table.total} - ${table.paidAmount} - ${table.creditedAmount})`;
}
