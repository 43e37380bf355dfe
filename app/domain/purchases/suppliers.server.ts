import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { suppliers } from "../../db/schema";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { parseSupplierForm, SUPPLIER_MESSAGES, type SupplierFormValues, type SupplierInput } from "./supplier-form";

// Suppliers (issue 36): the records a payable's lines on the ledger name. Added and edited here with an audit line
// each; a bill typed with a new supplier's name finds or adds the record (partyNamed, accounting/party-records).

export type SupplierResult = UseCaseResult<{ id: string }>;

/** Add a supplier. */
export async function createSupplier(db: Db, actor: AuditActor, values: SupplierFormValues): Promise<SupplierResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, SUPPLIER_MESSAGES.createFailed, errors);
  const parsed = parseSupplierForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  return db.transaction(async (tx): Promise<SupplierResult> => {
    const id = await insertSupplier(tx, actor, input);
    return { ok: true, id, message: SUPPLIER_MESSAGES.created };
  });
}

/** Writes a supplier (what is not given left empty) and its audit line, in the caller's transaction. */
export async function insertSupplier(
  tx: DbOrTx,
  actor: AuditActor,
  input: Pick<SupplierInput, "name"> & Partial<SupplierInput>,
): Promise<string> {
  const [row] = await tx
    .insert(suppliers)
    .values({ ...input, createdBy: actor.userId })
    .returning({ id: suppliers.id });
  await recordAudit(tx, actor, {
    action: "supplier.created",
    entityType: "supplier",
    entityId: row!.id,
    summary: `Added the supplier ${input.name}`,
    changes: { ...input },
  });
  return row!.id;
}

/** Edit a live supplier's record. */
export async function updateSupplier(
  db: Db,
  actor: AuditActor,
  id: string,
  values: SupplierFormValues,
): Promise<SupplierResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, SUPPLIER_MESSAGES.updateFailed, errors);
  const parsed = parseSupplierForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  return db.transaction(async (tx): Promise<SupplierResult> => {
    const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for("update");
    if (!before) return failed("not-found", { form: SUPPLIER_MESSAGES.notFound });
    if (before.mergedIntoId) return failed("conflict", { form: SUPPLIER_MESSAGES.mergedAway });
    const changes = diffFields(before, input);
    if (Object.keys(changes).length > 0) {
      await tx
        .update(suppliers)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(suppliers.id, id));
      await recordAudit(tx, actor, {
        action: "supplier.updated",
        entityType: "supplier",
        entityId: id,
        summary: `Updated the supplier ${input.name}`,
        changes,
      });
    }
    return { ok: true, id, message: SUPPLIER_MESSAGES.updated };
  });
}
