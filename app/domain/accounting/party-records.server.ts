import { and, asc, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { customers, suppliers } from "../../db/schema";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { insertSupplier } from "../purchases/suppliers.server";
import type { PartyRef } from "./journal";

// A party named by what was typed (issue 36): a payable's supplier or a receivable's customer, on forms that take a
// name rather than a record. The live record of that name, or a new one added in the caller's transaction.

/**
 * The live customer or supplier named `name` (letter case and surrounding spaces aside; the oldest where two share
 * it), or a new one of that name with its audit line. `name` was checked by the caller's form (nameField). The name
 * is locked for the transaction, so two documents naming a new party at once add one record, not two.
 */
export async function partyNamed(
  tx: DbOrTx,
  actor: AuditActor,
  kind: "customer" | "supplier",
  name: string,
): Promise<PartyRef> {
  const wanted = name.trim();
  const key = wanted.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${key}`}))`);
  const table = kind === "customer" ? customers : suppliers;
  const [found] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(isNull(table.mergedIntoId), sql`lower(btrim(${table.name})) = ${key}`))
    .orderBy(asc(table.createdAt), asc(table.id))
    .limit(1);
  if (found) return { kind, id: found.id };
  if (kind === "supplier") {
    const id = await insertSupplier(tx, actor, { name: wanted });
    return { kind, id };
  }
  const [row] = await tx
    .insert(customers)
    .values({ name: wanted, createdBy: actor.userId })
    .returning({ id: customers.id });
  await recordAudit(tx, actor, {
    action: "customer.created",
    entityType: "customer",
    entityId: row!.id,
    summary: `Added the customer ${wanted} (named on a receivable)`,
    changes: { name: wanted },
  });
  return { kind, id: row!.id };
}
