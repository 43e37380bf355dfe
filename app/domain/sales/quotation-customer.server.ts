import { eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { quotations } from "../../db/schema";

// A quotation's customer record (issue 22): made from the quotation's contact on its first approval, or found by the
// contact's e-mail (any case) when the customer approved before. The record takes every quotation of that e-mail not
// yet on one, so the customer's page shows their earlier requests too. Runs in the approval's transaction, so an approval
// and its customer are kept together; the live-e-mail unique index makes two approvals at once find one record.

/** The quotation's customer id, linking (and if need be creating) the record. */
export async function ensureQuotationCustomer(
  tx: DbOrTx,
  quotationId: string,
  createdBy: string | null,
): Promise<string> {
  const [q] = await tx
    .select({
      customerId: quotations.customerId,
      name: quotations.customerName,
      email: quotations.email,
      phone: quotations.phone,
    })
    .from(quotations)
    .where(eq(quotations.id, quotationId));
  if (!q) throw new Error(`quotation ${quotationId} not found`);
  if (q.customerId) return q.customerId;
  const email = q.email.trim();
  await queryRows(
    tx,
    sql`insert into customers (name, email, phone, created_by)
        values (${q.name.trim()}, ${email}, ${q.phone.trim() || null}, ${createdBy})
        on conflict (lower(email)) where email is not null and merged_into_id is null do nothing`,
  );
  const [found] = await queryRows<{ id: string }>(
    tx,
    sql`select id from customers where lower(email) = lower(${email}) and merged_into_id is null`,
  );
  await tx.update(quotations).set({ customerId: found!.id }).where(eq(quotations.id, quotationId));
  await queryRows(
    tx,
    sql`update quotations set customer_id = ${found!.id} where customer_id is null and lower(email) = lower(${email})`,
  );
  return found!.id;
}

/** The live customer record of an e-mail address (any case), as a subquery for an insert: null when there is none. */
export function liveCustomerIdByEmail(email: string): SQL<string | null> {
  return sql<
    string | null
  >`(select id from customers where lower(email) = lower(${email.trim()}) and merged_into_id is null)`;
}
