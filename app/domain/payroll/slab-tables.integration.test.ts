// The income-tax slab tables (issue 25; DESIGN §10) on a real database: a preset put in force from a month on is the
// table payroll uses from that month; every refusal names its field and writes nothing; a table a payroll used is
// kept in force; two changes at once, and a change beside a payroll being processed, leave a consistent book.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb } from "~/db/client.server";
import { auditLog, incomeTaxSlabTables, payrollRuns, payslips } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { SLAB_TABLE_SEEDS } from "~/db/seed/accounting";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "../audit/audit.server";
import { PAYROLL_MESSAGES } from "./payroll-form";
import { payslipFigures } from "./payroll-formula";
import { slabTableInForce } from "./payroll-preview.server";
import { processPayroll } from "./process-payroll.server";
import { SLAB_TABLE_MESSAGES as M } from "./slab-tables-form";
import { putSlabTableInForce } from "./slab-tables-put-in-force.server";
import { withdrawSlabTable } from "./slab-tables-withdraw.server";
import { loadSlabTables } from "./slab-tables.server";

const actor: AuditActor = { userId: null, label: "admin@example.com", ipAddress: null, userAgent: null };
const NOW = new Date("2026-11-27T06:00:00Z");
const TABLES = ["income_tax_slab_tables", "income_tax_slabs", "audit_log", "payroll_runs"] as const;
const SPEC = seedId("tax-slab-table:spec");
const AY_2024 = seedId("tax-slab-table:ay-2024-25");
const AY_2025 = seedId("tax-slab-table:ay-2025-26");
const AY_2026 = seedId("tax-slab-table:ay-2026-27");
const slabsOf = (key: string) =>
  SLAB_TABLE_SEEDS.find((t) => t.key === key)!.slabs.map(([bandAmount, rate]) => ({ bandAmount, rate }));

/** Slabs compared as numbers ("300000.00" as stored, "300000" as seeded). */
const numeric = (slabs: readonly { bandAmount: string | null; rate: string }[]) =>
  slabs.map((s) => ({ bandAmount: s.bandAmount === null ? null : Number(s.bandAmount), rate: Number(s.rate) }));

const inForceId = async (month: string) => (await slabTableInForce(getDb(), month))?.id;

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("income-tax slab tables", () => {
  it("lists the spec's table in force from the start and the three presets, with their bands and sources", async () => {
    const tables = await loadSlabTables(getDb());
    expect(tables.map((t) => [t.id, t.inForceFrom])).toEqual([
      [SPEC, "2000-01-01"],
      [AY_2024, null],
      [AY_2025, null],
      [AY_2026, null],
    ]);
    expect(numeric(tables[0]!.slabs)).toEqual(numeric(slabsOf("spec")));
    expect(numeric(tables[3]!.slabs)).toEqual(numeric(slabsOf("ay-2026-27")));
    expect(tables[3]!.source).toMatch(/Finance Ordinance 2025/);
    expect(await inForceId("2026-11")).toBe(SPEC);
  });

  it("refuses to withdraw the only table in force, writing nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const result = await withdrawSlabTable(getDb(), actor, { tableId: SPEC });
    expect(result).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { tableId: M.onlyOne("Company payroll table") },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it.each([
    [{ tableId: "", month: "2026-07" }, { tableId: M.tableRequired }, "invalid"],
    [{ tableId: "   ", month: "2026-07" }, { tableId: M.tableRequired }, "invalid"],
    [{ tableId: "ay-2026-27", month: "2026-07" }, { tableId: M.tableInvalid }, "invalid"],
    [{ tableId: 42, month: "2026-07" }, { tableId: M.tableRequired }, "invalid"],
    [{ tableId: "7d9c3a3e-0000-4000-8000-000000000000", month: "2026-07" }, { tableId: M.tableNotFound }, "not-found"],
    [{ tableId: AY_2026, month: "" }, { month: PAYROLL_MESSAGES.monthRequired }, "invalid"],
    [{ tableId: AY_2026 }, { month: PAYROLL_MESSAGES.monthRequired }, "invalid"],
    [{ tableId: AY_2026, month: "July 2026" }, { month: PAYROLL_MESSAGES.monthInvalid }, "invalid"],
    [{ tableId: AY_2026, month: "2026-7" }, { month: PAYROLL_MESSAGES.monthInvalid }, "invalid"],
    [{ tableId: AY_2026, month: "2026-07-01" }, { month: PAYROLL_MESSAGES.monthInvalid }, "invalid"],
    [{ tableId: AY_2026, month: "2026-13" }, { month: PAYROLL_MESSAGES.monthInvalid }, "invalid"],
    [{ tableId: AY_2026, month: "2026-00" }, { month: PAYROLL_MESSAGES.monthInvalid }, "invalid"],
    [{ tableId: AY_2026, month: "1999-12" }, { month: PAYROLL_MESSAGES.monthOutOfRange }, "invalid"],
    [{ tableId: AY_2026, month: "2100-01" }, { month: PAYROLL_MESSAGES.monthOutOfRange }, "invalid"],
    [
      { tableId: SPEC, month: "2026-07" },
      { tableId: M.alreadyInForce("Company payroll table", "2000-01-01") },
      "conflict",
    ],
    [{ tableId: AY_2026, month: "2000-01" }, { month: M.monthTaken("Company payroll table", "2000-01") }, "conflict"],
  ])("refuses to put in force %j with the field's message, writing nothing", async (values, errors, refusal) => {
    const before = await tableFingerprint(TABLES);
    const result = await putSlabTableInForce(getDb(), actor, values);
    expect(result).toMatchObject({ ok: false, refusal, errors });
    if (!result.ok) expect(result.message).toBe(M.putInForceFailed(Object.values(errors)[0]!));
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it.each([
    [{ tableId: "" }, { tableId: M.tableRequired }],
    [{}, { tableId: M.tableRequired }],
    [{ tableId: "not-a-uuid" }, { tableId: M.tableInvalid }],
    [{ tableId: "7d9c3a3e-0000-4000-8000-000000000000" }, { tableId: M.tableNotFound }],
    [{ tableId: AY_2024 }, { tableId: M.notInForce("Assessment year 2024-25") }],
  ])("refuses to withdraw %j with the field's message, writing nothing", async (values, errors) => {
    const before = await tableFingerprint(TABLES);
    const result = await withdrawSlabTable(getDb(), actor, values);
    expect(result).toMatchObject({ ok: false, errors });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("puts AY 2026-27 in force from July 2026 with an audit line; payroll from then works tax out with it", async () => {
    const result = await putSlabTableInForce(getDb(), actor, { tableId: AY_2026.toUpperCase(), month: " 2026-07 " });
    expect(result).toMatchObject({ ok: true, message: M.putInForce("Assessment year 2026-27", "2026-07") });
    expect(await inForceId("2000-01")).toBe(SPEC);
    expect(await inForceId("2026-06")).toBe(SPEC);
    expect(await inForceId("2026-07")).toBe(AY_2026);
    expect(await inForceId("2099-12")).toBe(AY_2026);
    const [line] = await getDb().select().from(auditLog).where(eq(auditLog.action, "tax_slabs.in_force"));
    expect(line).toMatchObject({
      entityType: "income_tax_slab_table",
      entityId: AY_2026,
      summary:
        "Put the income-tax slab table Assessment year 2026-27 in force from July 2026 (after Company payroll table)",
      changes: { inForceFrom: { from: null, to: "2026-07-01" } },
    });

    const processed = await processPayroll(getDb(), actor, { month: "2026-08" }, NOW);
    expect(processed).toMatchObject({ ok: true });
    if (!processed.ok) return;
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, processed.runId));
    expect(run!.slabTableId).toBe(AY_2026);
    const slips = await getDb().select().from(payslips).where(eq(payslips.payrollRunId, processed.runId));
    const top = slips.reduce((a, b) => (Number(a.monthlySalary) > Number(b.monthlySalary) ? a : b));
    const days = { daysPaid: top.daysPaid, daysInMonth: top.daysInMonth };
    const withNew = payslipFigures(top.monthlySalary, slabsOf("ay-2026-27"), days);
    const withSpec = payslipFigures(top.monthlySalary, slabsOf("spec"), days);
    expect(top.incomeTax).toBe(withNew.incomeTax);
    expect(top.net).toBe(withNew.net);
    // The two tables tax this salary differently, so the check above tells them apart.
    expect(withNew.incomeTax).not.toBe(withSpec.incomeTax);
    for (const slip of slips)
      expect(slip.incomeTax).toBe(
        payslipFigures(slip.monthlySalary, slabsOf("ay-2026-27"), {
          daysPaid: slip.daysPaid,
          daysInMonth: slip.daysInMonth,
        }).incomeTax,
      );
  });

  it.each([
    ["2026-08", M.processedFrom("2026-08")],
    ["2026-05", M.processedFrom("2026-08")],
    ["2026-07", M.monthTaken("Assessment year 2026-27", "2026-07")],
  ])(
    "refuses a table from %s once August 2026 is processed (or the month is taken), writing nothing",
    async (month, message) => {
      const before = await tableFingerprint(TABLES);
      const result = await putSlabTableInForce(getDb(), actor, { tableId: AY_2025, month });
      expect(result).toMatchObject({ ok: false, refusal: "conflict", errors: { month: message } });
      expect(await tableFingerprint(TABLES)).toEqual(before);
    },
  );

  it("keeps in force a table a payroll used, and the earliest table, writing nothing", async () => {
    const before = await tableFingerprint(TABLES);
    expect(await withdrawSlabTable(getDb(), actor, { tableId: AY_2026 })).toMatchObject({
      ok: false,
      errors: { tableId: M.usedBy("Assessment year 2026-27", "2026-08") },
    });
    expect(await withdrawSlabTable(getDb(), actor, { tableId: SPEC })).toMatchObject({
      ok: false,
      errors: { tableId: M.earliest("Company payroll table", "2026-07-01") },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("of two administrators putting tables in force from one month at once, one succeeds and the other is refused", async () => {
    const results = await Promise.all([
      putSlabTableInForce(getDb(), actor, { tableId: AY_2024, month: "2027-07" }),
      putSlabTableInForce(getDb(), actor, { tableId: AY_2025, month: "2027-07" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    const winner = results.findIndex((r) => r.ok) === 0 ? "Assessment year 2024-25" : "Assessment year 2025-26";
    expect(refused).toMatchObject({ ok: false, errors: { month: M.monthTaken(winner, "2027-07") } });
    // Withdrawn again (no payroll used it), the month falls back to the table before it.
    const winnerId = results.findIndex((r) => r.ok) === 0 ? AY_2024 : AY_2025;
    const withdrawn = await withdrawSlabTable(getDb(), actor, { tableId: winnerId });
    expect(withdrawn).toMatchObject({ ok: true, message: M.withdrawn(winner) });
    expect(await inForceId("2027-07")).toBe(AY_2026);
    const [line] = await getDb().select().from(auditLog).where(eq(auditLog.action, "tax_slabs.withdraw"));
    expect(line).toMatchObject({ entityId: winnerId, changes: { inForceFrom: { from: "2027-07-01", to: null } } });
    const [row] = await getDb().select().from(incomeTaxSlabTables).where(eq(incomeTaxSlabTables.id, winnerId));
    expect(row!.inForceFrom).toBeNull();
  });

  it("a payroll processed while a table is put in force from its month uses the table in force after both", async () => {
    const [processed, put] = await Promise.all([
      processPayroll(getDb(), actor, { month: "2026-10" }, NOW),
      putSlabTableInForce(getDb(), actor, { tableId: AY_2025, month: "2026-10" }),
    ]);
    expect(processed).toMatchObject({ ok: true });
    if (!processed.ok) return;
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, processed.runId));
    // Either the table was put in force first and the payroll used it, or the payroll was first and the table refused.
    expect(run!.slabTableId).toBe(await inForceId("2026-10"));
    if (put.ok) expect(run!.slabTableId).toBe(AY_2025);
    else expect(put).toMatchObject({ errors: { month: M.processedFrom("2026-10") } });
  });
});
