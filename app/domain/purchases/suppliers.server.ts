import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { journalLines, suppliers, transactions } from "../../db/schema";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { parseMergeForm, type MergeFormValues } from "../sales/customer-form";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { parseSupplierForm, SUPPLIER_MESSAGES, type SupplierFormValues, type SupplierInput } from "./supplier-form";

// Suppliers (issue 36): the records a payable's lines on the ledger name. Added and edited here with an audit line
// each; a bill typed with a new supplier's name finds or adds the record (partyNamed, accounting/party-records).
// Merge: two records of one supplier become one, the duplicate's ledger lines moving to the record kept.

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

/** The details a kept record lacks and takes from the duplicate (its own are never overwritten). */
const FILLED_FROM_DUPLICATE = ["bin", "tin", "phone", "email", "address", "walletNumber", "notes"] as const;

/**
 * Merge (as Customers' mergeCustomers): in one transaction the duplicate is marked merged into the record kept
 * (merged_into_id, merged_at: it leaves the list, its page goes to the kept one), then every journal line naming it
 * names the kept record: the one change a posted line allows besides its posting, and only towards the record its
 * supplier was merged into, once it is marked so (journal_lines_immutable, drizzle/0015_parties.sql). So its
 * payables, their payments and its balance and statement are the kept record's. The kept record takes the details
 * it lacks (the bank's name and account together); an audit line says what moved.
 * The locks follow Settle's order (the payable's row, then the supplier's, which its new line references): first the
 * duplicate's payables (in id order), so a settlement of one waits for the merge and then finds its line naming the
 * kept record, or the merge waits for the settlement and moves its line too; then both records (in id order), so two
 * merges of the same records wait for each other and the second finds the duplicate merged.
 */
export async function mergeSuppliers(db: Db, actor: AuditActor, values: MergeFormValues): Promise<SupplierResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, SUPPLIER_MESSAGES.mergeFailed, errors);
  const parsed = parseMergeForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const { duplicateId, keepId } = parsed.input;
  return db.transaction(async (tx): Promise<SupplierResult> => {
    await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        sql`exists (select 1 from journal_lines jl where jl.journal_entry_id = ${transactions.journalEntryId} and jl.supplier_id = ${duplicateId})`,
      )
      .orderBy(asc(transactions.id))
      .for("update");
    const rows = await tx
      .select()
      .from(suppliers)
      .where(inArray(suppliers.id, [duplicateId, keepId]))
      .orderBy(asc(suppliers.id))
      .for("update");
    const duplicate = rows.find((r) => r.id === duplicateId);
    const keep = rows.find((r) => r.id === keepId);
    const errors: Record<string, string> = {};
    if (!duplicate) errors.duplicateId = SUPPLIER_MESSAGES.notFound;
    else if (duplicate.mergedIntoId) errors.duplicateId = SUPPLIER_MESSAGES.duplicateMerged;
    if (!keep) errors.keepId = SUPPLIER_MESSAGES.notFound;
    else if (keep.mergedIntoId) errors.keepId = SUPPLIER_MESSAGES.keepMerged;
    if (!duplicate || !keep) return failed("not-found", errors);
    if (Object.keys(errors).length > 0) return failed("conflict", errors);

    const now = new Date();
    // Marked merged first: the trigger lets a posted line's supplier move only to the record it was merged into.
    await tx
      .update(suppliers)
      .set({ mergedIntoId: keepId, mergedAt: now, updatedAt: now })
      .where(eq(suppliers.id, duplicateId));
    const ledgerLines = (
      await tx
        .update(journalLines)
        .set({ supplierId: keepId })
        .where(eq(journalLines.supplierId, duplicateId))
        .returning({ id: journalLines.id })
    ).length;
    const filled: Partial<SupplierInput> = {};
    for (const field of FILLED_FROM_DUPLICATE) {
      const theirs = duplicate[field];
      if (!keep[field] && theirs) filled[field] = theirs;
    }
    if (!keep.bankName && !keep.bankAccountNumber && (duplicate.bankName || duplicate.bankAccountNumber)) {
      filled.bankName = duplicate.bankName;
      filled.bankAccountNumber = duplicate.bankAccountNumber;
    }
    if (Object.keys(filled).length > 0)
      await tx
        .update(suppliers)
        .set({ ...filled, updatedAt: now })
        .where(eq(suppliers.id, keepId));
    await recordAudit(tx, actor, {
      action: "supplier.merged",
      entityType: "supplier",
      entityId: keepId,
      summary: `Merged the supplier ${duplicate.name}${duplicate.bin ? ` (BIN ${duplicate.bin})` : ""} into ${keep.name}: ${ledgerLines} ledger ${ledgerLines === 1 ? "line" : "lines"} moved`,
      changes: { duplicateId, keepId, moved: { ledgerLines }, filled },
    });
    return { ok: true, id: keepId, message: SUPPLIER_MESSAGES.merged(duplicate.name, keep.name) };
  });
}
