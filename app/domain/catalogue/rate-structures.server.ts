import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { inventoryItems, rateStructures } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import {
  parseRateStructureForm,
  RATE_STRUCTURE_MESSAGES,
  type RateStructureDays,
  type RateStructureFormValues,
  type RateStructureInput,
} from "./rate-structures";
import { refuse, type Refusal, type Refused, type UseCaseResult } from "../use-case";

// Settings > Rate structures (issue 19, ADR 0019): the named structures items pick, each with how many items use
// it. A structure in use cannot be deleted (its row is locked, then its items counted; an item saved meanwhile
// holds the row for share, and the foreign key restricts the rest). Every refusal writes nothing.

export interface RateStructureView extends RateStructureDays {
  id: string;
  name: string;
  /** Items (archived ones too) that use it. */
  itemCount: number;
}

/** Every structure by name, with its items' count. */
export async function listRateStructures(db: DbOrTx): Promise<RateStructureView[]> {
  const rows = await db
    .select({
      id: rateStructures.id,
      name: rateStructures.name,
      daysCharged: rateStructures.daysCharged,
      extraWeekDays: rateStructures.extraWeekDays,
      itemCount: sql<number>`(select count(*)::int from ${inventoryItems} where ${inventoryItems.rateStructureId} = ${rateStructures.id})`,
    })
    .from(rateStructures)
    .orderBy(asc(rateStructures.name), asc(rateStructures.id));
  return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount) }));
}

/** The choices of the item dialog: id and name, by name. */
export function rateStructureChoices(db: DbOrTx): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: rateStructures.id, name: rateStructures.name })
    .from(rateStructures)
    .orderBy(asc(rateStructures.name), asc(rateStructures.id));
}

export type RateStructureResult = UseCaseResult<{ id: string }>;

/** The toast names the fields' fault in general, or the one rule that refused (in use, gone). */
function refused(refusal: Refusal, errors: Record<string, string>): Refused {
  const message =
    refusal === "invalid" && Object.keys(errors).some((k) => k !== "form")
      ? RATE_STRUCTURE_MESSAGES.fieldsInvalid
      : (Object.values(errors)[0] ?? "");
  return refuse(refusal, message, errors);
}

async function nameTaken(tx: DbOrTx, name: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: rateStructures.id })
    .from(rateStructures)
    .where(
      and(sql`lower(${rateStructures.name}) = lower(${name})`, exceptId ? ne(rateStructures.id, exceptId) : undefined),
    )
    .limit(1);
  return !!row;
}

const columns = (input: RateStructureInput) => ({
  name: input.name,
  daysCharged: input.daysCharged,
  extraWeekDays: input.extraWeekDays,
});

/** Adds a structure from the form. */
export async function createRateStructure(
  db: Db,
  values: RateStructureFormValues,
  actor: AuditActor,
): Promise<RateStructureResult> {
  const parsed = parseRateStructureForm(values);
  if (!parsed.ok) return refused("invalid", parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<RateStructureResult> => {
      if (await nameTaken(tx, input.name, null)) return refused("invalid", { name: RATE_STRUCTURE_MESSAGES.nameTaken });
      const [row] = await tx.insert(rateStructures).values(columns(input)).returning({ id: rateStructures.id });
      await recordAudit(tx, actor, {
        action: "rate_structure.created",
        entityType: "rate_structure",
        entityId: row!.id,
        summary: `Added the rate structure ${input.name}`,
        changes: columns(input),
      });
      return { ok: true, id: row!.id, message: RATE_STRUCTURE_MESSAGES.created };
    });
  } catch (error) {
    // Two adds of one name at the same moment: the second meets the unique constraint.
    if (isUniqueViolation(error, "rate_structures_name_unique"))
      return refused("invalid", { name: RATE_STRUCTURE_MESSAGES.nameTaken });
    throw error;
  }
}

/** Saves a structure's name and figures. Quotations priced before keep their days until they are priced again. */
export async function updateRateStructure(
  db: Db,
  values: RateStructureFormValues,
  actor: AuditActor,
): Promise<RateStructureResult> {
  const id = isUuid(values.id) ? values.id.toLowerCase() : null;
  if (!id) return refused("not-found", { form: RATE_STRUCTURE_MESSAGES.notFound });
  const parsed = parseRateStructureForm(values);
  if (!parsed.ok) return refused("invalid", parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<RateStructureResult> => {
      const [before] = await tx.select().from(rateStructures).where(eq(rateStructures.id, id)).for("update");
      if (!before) return refused("not-found", { form: RATE_STRUCTURE_MESSAGES.notFound });
      if (await nameTaken(tx, input.name, id)) return refused("invalid", { name: RATE_STRUCTURE_MESSAGES.nameTaken });
      const changes = diffFields(
        { name: before.name, daysCharged: before.daysCharged, extraWeekDays: before.extraWeekDays },
        columns(input),
      );
      if (Object.keys(changes).length === 0) return { ok: true, id, message: RATE_STRUCTURE_MESSAGES.updated };
      await tx
        .update(rateStructures)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(eq(rateStructures.id, id));
      await recordAudit(tx, actor, {
        action: "rate_structure.updated",
        entityType: "rate_structure",
        entityId: id,
        summary: `Updated the rate structure ${input.name}: ${Object.keys(changes).join(", ")}`,
        changes,
      });
      return { ok: true, id, message: RATE_STRUCTURE_MESSAGES.updated };
    });
  } catch (error) {
    if (isUniqueViolation(error, "rate_structures_name_unique"))
      return refused("invalid", { name: RATE_STRUCTURE_MESSAGES.nameTaken });
    throw error;
  }
}

/** Deletes a structure no item uses; one in use is refused with how many items use it. */
export async function deleteRateStructure(db: Db, rawId: unknown, actor: AuditActor): Promise<RateStructureResult> {
  const id = typeof rawId === "string" && isUuid(rawId) ? rawId.toLowerCase() : null;
  if (!id) return refused("not-found", { form: RATE_STRUCTURE_MESSAGES.notFound });
  return db.transaction(async (tx): Promise<RateStructureResult> => {
    const [row] = await tx.select().from(rateStructures).where(eq(rateStructures.id, id)).for("update");
    if (!row) return refused("not-found", { form: RATE_STRUCTURE_MESSAGES.notFound });
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(inventoryItems)
      .where(eq(inventoryItems.rateStructureId, id));
    if (Number(n) > 0) return refused("conflict", { form: RATE_STRUCTURE_MESSAGES.inUse(Number(n)) });
    await tx.delete(rateStructures).where(eq(rateStructures.id, id));
    await recordAudit(tx, actor, {
      action: "rate_structure.deleted",
      entityType: "rate_structure",
      entityId: id,
      summary: `Deleted the rate structure ${row.name}`,
    });
    return { ok: true, id, message: RATE_STRUCTURE_MESSAGES.deleted };
  });
}
