// Settings > Rate structures (issue 19, ADR 0019): add, edit and delete through the route; refused forms and a
// structure in use write nothing; only administrators; items pick a structure in the inventory dialog.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import { insertItem } from "../../../../tests/support/quotation-fixtures";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { auditLog, inventoryItems, rateStructures } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { RATE_STRUCTURE_MESSAGES } from "~/domain/catalogue/rate-structures";
import { action, loader } from "./rate-structures";

const PATH = "/admin/settings/rate-structures";
const TABLES = ["rate_structures", "inventory_items", "audit_log"] as const;
let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  [admin, staff] = await Promise.all([signedInUser("admin"), signedInUser("staff")]);
});

type Fields = Record<string, string>;

function structureFields(name: string, days: number[], extraWeekDays: number, extra: Fields = {}): Fields {
  const fields: Fields = { intent: "create", name, extraWeekDays: String(extraWeekDays) };
  days.forEach((d, i) => (fields[`days${i + 1}`] = String(d)));
  return { ...fields, ...extra };
}

const post = (form: Fields, as: TestUser = admin, path = PATH) => callRoute(action, path, { as, form });

async function structureNamed(name: string) {
  const [row] = await getDb().select().from(rateStructures).where(eq(rateStructures.name, name));
  return row;
}

describe(PATH, () => {
  it("adds a structure, lists it with the built-in default's figures, edits it, and deletes it when unused", async () => {
    const added = (await post(structureFields("Weekend rate", [1, 1, 1, 2, 3, 4, 4], 4))) as Response;
    expect(added.status).toBe(302);
    expect(flashToast(added)).toEqual({ type: "success", message: RATE_STRUCTURE_MESSAGES.created });
    const row = await structureNamed("Weekend rate");
    expect(row).toMatchObject({ daysCharged: [1, 1, 1, 2, 3, 4, 4], extraWeekDays: 4 });

    const page = answerOf<{ structures: { name: string; itemCount: number }[] }>(
      await callRoute(loader, PATH, { as: admin }),
    );
    expect(page.body.structures).toContainEqual(expect.objectContaining({ name: "Weekend rate", itemCount: 0 }));

    const edited = (await post(
      structureFields("Weekend rate", [1, 1, 2, 2, 3, 4, 4], 4, { intent: "update", id: row!.id }),
    )) as Response;
    expect(flashToast(edited)).toEqual({ type: "success", message: RATE_STRUCTURE_MESSAGES.updated });
    expect((await structureNamed("Weekend rate"))!.daysCharged).toEqual([1, 1, 2, 2, 3, 4, 4]);

    const deleted = (await post({ intent: "delete", id: row!.id })) as Response;
    expect(flashToast(deleted)).toEqual({ type: "success", message: RATE_STRUCTURE_MESSAGES.deleted });
    expect(await structureNamed("Weekend rate")).toBeUndefined();
    const actions = await getDb().select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "rate_structure.created",
      "rate_structure.deleted",
      "rate_structure.updated",
    ]);
  });

  it("refuses to delete a structure an item uses, saying so, and deletes nothing", async () => {
    await post(structureFields("Three-day week", [1, 2, 3, 3, 3, 3, 3], 3));
    const structure = await structureNamed("Three-day week");
    const item = await insertItem("Marquee in use", 2, "1000", { rateStructureId: structure!.id });
    const before = await tableFingerprint(TABLES);
    const refused = (await post({ intent: "delete", id: structure!.id })) as Response;
    expect(refused.status).toBe(302);
    expect(flashToast(refused)).toEqual({ type: "error", message: RATE_STRUCTURE_MESSAGES.inUse(1) });
    expect(RATE_STRUCTURE_MESSAGES.inUse(1)).toBe(
      "This rate structure is used by 1 item; choose another structure for it in Inventory first",
    );
    expect(await tableFingerprint(TABLES)).toEqual(before);
    const [stillThere] = await getDb().select().from(inventoryItems).where(eq(inventoryItems.id, item));
    expect(stillThere!.rateStructureId).toBe(structure!.id);
  });

  it.each([
    ["a blank name", structureFields(" ", [1, 2, 3, 4, 5, 6, 7], 7), "name", "Name is required"],
    [
      "a name taken in another case",
      structureFields("DAILY TWIN", [1, 2, 3, 4, 5, 6, 7], 7),
      "name",
      RATE_STRUCTURE_MESSAGES.nameTaken,
    ],
    [
      "more days than rented",
      structureFields("Too many", [1, 3, 3, 3, 3, 3, 3], 3),
      "days.1",
      "Days charged for 2 days must be from 1 to 2",
    ],
    [
      "fewer days for a longer rental",
      structureFields("Shrinking", [1, 2, 3, 2, 3, 3, 3], 3),
      "days.3",
      "Days charged for 4 days cannot be fewer than for 3 days",
    ],
    [
      "a further week of 8 days",
      structureFields("Long week", [1, 2, 3, 4, 5, 6, 7], 8),
      "extraWeekDays",
      "Days charged per further week must be from 1 to 7",
    ],
    [
      "a day count that is not a number",
      structureFields("Letters", [1, 2, 3, 4, 5, 6, 7], 7, { days3: "three" }),
      "days.2",
      "Days charged for 3 days must be a whole number of days",
    ],
  ])("refuses %s with 400 naming the field, and writes nothing", async (_name, form, key, message) => {
    await post(structureFields("Daily twin", [1, 2, 3, 4, 5, 6, 7], 7));
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; values: unknown }>(await post(form));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[key]).toBe(message);
    expect(answer.body.values).toMatchObject({ name: form.name });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("lets only administrators open or change it", async () => {
    expect(await thrownBy(callRoute(loader, PATH, { as: staff }))).toMatchObject({ status: 403 });
    expect(await thrownBy(post(structureFields("Staff made", [1, 2, 3, 4, 5, 6, 7], 7), staff))).toMatchObject({
      status: 403,
    });
    expect(await thrownBy(post(structureFields("Anon made", [1, 2, 3, 4, 5, 6, 7], 7), ANONYMOUS))).toMatchObject({
      status: 401,
    });
    expect(await thrownBy(post({ intent: "rename" }))).toMatchObject({ status: 400 });
    expect(await structureNamed("Staff made")).toBeUndefined();
  });
});
