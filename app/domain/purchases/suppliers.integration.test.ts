import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, suppliers } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { emptySupplierForm, SUPPLIER_MESSAGES, type SupplierFormValues } from "./supplier-form";
import { partyNamed } from "../accounting/party-records.server";
import { createSupplier, updateSupplier } from "./suppliers.server";

// Suppliers as records (issue 36): added and edited with an audit line each, refusals naming the field and writing
// nothing, and a bill's typed name finding the record or adding one, once.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: "127.0.0.1", userAgent: "test" };
const TABLES = ["suppliers", "audit_log"];
const form = (change: Partial<SupplierFormValues> = {}): SupplierFormValues => ({
  ...emptySupplierForm(),
  name: "Dhaka Sound Hire",
  ...change,
});

describe("suppliers", () => {
  it("adds a supplier with its audit line; edits it, the audit line naming what changed", async () => {
    const created = await createSupplier(getDb(), actor, form({ bin: "004567891-0203", paymentTermsDays: "15" }));
    expect(created).toMatchObject({ ok: true, message: SUPPLIER_MESSAGES.created });
    if (!created.ok) return;
    const [row] = await getDb().select().from(suppliers).where(eq(suppliers.id, created.id));
    expect(row).toMatchObject({
      name: "Dhaka Sound Hire",
      bin: "0045678910203",
      paymentTermsDays: 15,
      mergedIntoId: null,
    });

    const updated = await updateSupplier(
      getDb(),
      actor,
      created.id,
      form({ bin: "004567891-0203", phone: "01711-000000" }),
    );
    expect(updated).toMatchObject({ ok: true, message: SUPPLIER_MESSAGES.updated });
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created.id))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.action)).toEqual(["supplier.created", "supplier.updated"]);
    expect(audit[1]!.changes).toEqual({
      phone: { from: null, to: "01711-000000" },
      paymentTermsDays: { from: 15, to: null },
    });
  });

  it("refuses a bad form naming the field, and an unknown or merged record, writing nothing", async () => {
    const before = await tableFingerprint(TABLES);
    expect(await createSupplier(getDb(), actor, form({ name: "", tin: "12" }))).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: { name: "Name is required", tin: SUPPLIER_MESSAGES.tinInvalid },
    });
    expect(await updateSupplier(getDb(), actor, crypto.randomUUID(), form())).toMatchObject({
      ok: false,
      refusal: "not-found",
      errors: { form: SUPPLIER_MESSAGES.notFound },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const [kept] = await getDb().insert(suppliers).values({ name: "Kept" }).returning();
    const [merged] = await getDb()
      .insert(suppliers)
      .values({ name: "Merged", mergedIntoId: kept!.id, mergedAt: new Date() })
      .returning();
    const again = await tableFingerprint(TABLES);
    expect(await updateSupplier(getDb(), actor, merged!.id, form())).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: SUPPLIER_MESSAGES.mergedAway },
    });
    expect(await tableFingerprint(TABLES)).toEqual(again);
  });

  it("a bill's typed name finds the live record whatever its case, or adds one once", async () => {
    const [existing] = await getDb().insert(suppliers).values({ name: "Gulshan Generators" }).returning();
    const found = await getDb().transaction((tx) => partyNamed(tx, actor, "supplier", "  gulshan GENERATORS "));
    expect(found).toEqual({ kind: "supplier", id: existing!.id });

    const first = await getDb().transaction((tx) => partyNamed(tx, actor, "supplier", "Banani Trucks"));
    const second = await getDb().transaction((tx) => partyNamed(tx, actor, "supplier", "banani trucks"));
    expect(second).toEqual(first);
    const rows = await getDb().select().from(suppliers).where(eq(suppliers.id, first.id));
    expect(rows).toMatchObject([{ name: "Banani Trucks" }]);
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.entityId, first.id));
    expect(audit.map((a) => a.action)).toEqual(["supplier.created"]);
  });
});
