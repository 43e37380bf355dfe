import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { customers, employees, suppliers } from "../../db/schema";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { insertSupplier } from "../purchases/suppliers.server";
import type { ControlPartyKind } from "./constants";
import type { PartyRef } from "./journal";

// A party named by what was typed (issue 36): a payable's supplier or a receivable's customer, on forms that take a
// name rather than a record. The live record of that name, or a new one added in the caller's transaction.

/** The live records named `key` (lower case, trimmed) or whose e-mail address it is, letter case and spaces aside. */
export function liveNamed(table: typeof customers | typeof suppliers, key: string): SQL | undefined {
  return and(
    isNull(table.mergedIntoId),
    or(sql`lower(btrim(${table.name})) = ${key}`, sql`lower(btrim(${table.email})) = ${key}`),
  );
}

/**
 * The BIN on the record of the supplier named `name` (the one partyNamed would name; nothing is added), or null when
 * there is no such supplier or it has no BIN: a purchase's input VAT is claimed with it when none is typed (issue 37).
 */
export async function supplierBinNamed(tx: DbOrTx, name: string): Promise<string | null> {
  const key = name.trim().toLowerCase();
  if (!key) return null;
  const [found] = await tx
    .select({ bin: suppliers.bin })
    .from(suppliers)
    .where(liveNamed(suppliers, key))
    .orderBy(asc(suppliers.createdAt), asc(suppliers.id))
    .limit(1);
  return found?.bin ?? null;
}

/**
 * The live customer or supplier named `name`, or whose e-mail address it is (letter case and surrounding spaces
 * aside; the oldest where two share it), or a new one of that name with its audit line. `name` was checked by the caller's form (nameField). The name
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
    .where(liveNamed(table, key))
    .orderBy(asc(table.createdAt), asc(table.id))
    .limit(1);
  if (found) {
    // Held until the document is written: a merge of this record (which locks it FOR UPDATE) waits for the document
    // and then moves its lines too; one that committed first is followed to the record kept.
    const [held] = await tx
      .select({ mergedIntoId: table.mergedIntoId })
      .from(table)
      .where(eq(table.id, found.id))
      .for("share");
    return { kind, id: held?.mergedIntoId ?? found.id };
  }
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

/**
 * The party a typed name stands for on a control account of `kind` (a hand-typed tax record's party): a customer or
 * supplier as partyNamed finds or adds it; an employee only as one exists of that name (an employee is never added
 * by a name typed elsewhere), else null. On an account kept by any party (withholding tax payable) the name is an
 * employee's where one has it, else a supplier's: tax is withheld from the people the company pays.
 */
export async function partyNamedFor(
  tx: DbOrTx,
  actor: AuditActor,
  kind: ControlPartyKind,
  name: string,
): Promise<PartyRef | null> {
  if (kind === "customer" || kind === "supplier") return partyNamed(tx, actor, kind, name);
  const [employee] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(sql`lower(btrim(${employees.name})) = ${name.trim().toLowerCase()}`)
    .orderBy(asc(employees.createdAt), asc(employees.id))
    .limit(1);
  if (employee) return { kind: "employee", id: employee.id };
  return kind === "any" ? partyNamed(tx, actor, "supplier", name) : null;
}
