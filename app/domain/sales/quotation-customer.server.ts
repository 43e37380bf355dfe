import { eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { quotations } from "../../db/schema";

// A quotation's customer record (issue 22): made from the quotation's contact on its first approval, or found by the
// contact's e-mail (any case) when the customer approved before. The record takes every quotation of that e-mail not
// yet on one, so the customer's page shows their earlier requests too. Runs in the approval's transaction, so an
// approval and its customer are kept together; the live-e-mail unique index makes two approvals at once find one
// record. A merged record stands for the one it was merged into (following merges of merges): its e-mail, or a
// quotation still pointing at it, leads there, so a merge sticks.

/** The kept record of the customers matching `where`: a live one itself first, else where a merged one leads. */
function keptCustomer(where: SQL): SQL<string | null> {
  return sql<string | null>`(with recursive chain(id, next, depth) as (
      select id, merged_into_id, 0 from customers where ${where}
      union all
      select c.id, c.merged_into_id, chain.depth + 1 from customers c join chain on c.id = chain.next)
    select id from chain where next is null order by depth limit 1)`;
}

const byEmail = (email: string) => keptCustomer(sql`lower(email) = lower(${email.trim()})`);

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
  const email = q.email.trim();
  if (q.customerId) {
    const [kept] = await queryRows<{ id: string }>(tx, sql`select ${keptCustomer(sql`id = ${q.customerId}`)} as id`);
    if (kept!.id !== q.customerId)
      await tx.update(quotations).set({ customerId: kept!.id }).where(eq(quotations.id, quotationId));
    return kept!.id;
  }
  let [found] = await queryRows<{ id: string | null }>(tx, sql`select ${byEmail(email)} as id`);
  if (!found?.id) {
    await queryRows(
      tx,
      sql`insert into customers (name, email, phone, created_by)
          values (${q.name.trim()}, ${email}, ${q.phone.trim() || null}, ${createdBy})
          on conflict (lower(email)) where email is not null and merged_into_id is null do nothing`,
    );
    [found] = await queryRows<{ id: string | null }>(tx, sql`select ${byEmail(email)} as id`);
  }
  const customerId = found!.id!;
  await tx.update(quotations).set({ customerId }).where(eq(quotations.id, quotationId));
  // The contact's other quotations, skipping any another transaction holds: that one may be an approval of the same
  // contact waiting on a stock row this approval holds, and waiting for it here would deadlock. A skipped quotation
  // is linked by its own approval (above), or by the contact's next one.
  await queryRows(
    tx,
    sql`update quotations set customer_id = ${customerId}
        where id in (select id from quotations
                     where customer_id is null and lower(email) = lower(${email}) and id <> ${quotationId}
                     for update skip locked)`,
  );
  return customerId;
}

/** The customer record of an e-mail address (any case; a merged one leads to the kept one), as a subquery for an insert: null when there is none. */
export function liveCustomerIdByEmail(email: string): SQL<string | null> {
  return byEmail(email);
}
