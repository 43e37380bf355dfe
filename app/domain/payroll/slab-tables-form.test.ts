import { describe, expect, it } from "vitest";
import { PAYROLL_MESSAGES } from "./payroll-form";
import {
  parsePutInForceForm,
  parseWithdrawForm,
  previousMonth,
  slabBandsText,
  slabTablePeriodText,
  SLAB_TABLE_MESSAGES as M,
  tableInForceFor,
} from "./slab-tables-form";

const ID = "6578d8bb-b9e1-5a21-885c-2a141e701875";

describe("slab tables' words and rules", () => {
  it("says a table's bands in words, as stored", () => {
    expect(
      slabBandsText([
        { bandAmount: "300000.00", rate: "0.00" },
        { bandAmount: "100000.00", rate: "5.00" },
        { bandAmount: null, rate: "25.00" },
      ]),
    ).toBe("first ৳300,000 at 0%, next ৳100,000 at 5%, the rest at 25%");
    expect(
      slabBandsText([
        { bandAmount: "375000", rate: "0" },
        { bandAmount: null, rate: "12.5" },
      ]),
    ).toBe("first ৳375,000 at 0%, the rest at 12.5%");
  });

  it("says when a table is in force, until the month before a later one starts", () => {
    const spec = { inForceFrom: "2000-01-01" };
    const ay = { inForceFrom: "2026-07-01" };
    const preset = { inForceFrom: null };
    const all = [spec, ay, preset];
    expect(slabTablePeriodText(spec, all)).toBe("In force from January 2000 until June 2026");
    expect(slabTablePeriodText(ay, all)).toBe("In force from July 2026");
    expect(slabTablePeriodText(preset, all)).toBe("Preset — not in force");
    expect(slabTablePeriodText({ inForceFrom: "2027-01-01" }, [{ inForceFrom: "2027-01-01" }, ay])).toBe(
      "In force from January 2027",
    );
    expect(slabTablePeriodText(ay, [ay, { inForceFrom: "2027-01-01" }])).toBe(
      "In force from July 2026 until December 2026",
    );
  });

  it("finds the table in force for a month: the latest on or before its first day", () => {
    const tables = [
      { id: "spec", inForceFrom: "2000-01-01" },
      { id: "ay", inForceFrom: "2026-07-01" },
      { id: "preset", inForceFrom: null },
    ];
    expect(tableInForceFor(tables, "2026-06")?.id).toBe("spec");
    expect(tableInForceFor(tables, "2026-07")?.id).toBe("ay");
    expect(tableInForceFor(tables, "2030-01")?.id).toBe("ay");
    expect(tableInForceFor(tables.slice(1), "2026-06")).toBeNull();
    expect(previousMonth("2026-01")).toBe("2025-12");
    expect(previousMonth("2026-10")).toBe("2026-09");
  });

  it("parses the forms, naming each bad field", () => {
    expect(parsePutInForceForm({ tableId: ` ${ID.toUpperCase()} `, month: "2026-07" })).toEqual({
      ok: true,
      tableId: ID,
      month: "2026-07",
    });
    expect(parsePutInForceForm({ tableId: "x", month: "2026-13" })).toEqual({
      ok: false,
      errors: { tableId: M.tableInvalid, month: PAYROLL_MESSAGES.monthInvalid },
    });
    expect(parsePutInForceForm({})).toEqual({
      ok: false,
      errors: { tableId: M.tableRequired, month: PAYROLL_MESSAGES.monthRequired },
    });
    expect(parseWithdrawForm({ tableId: ID })).toEqual({ ok: true, tableId: ID });
    expect(parseWithdrawForm({ tableId: null })).toEqual({ ok: false, errors: { tableId: M.tableRequired } });
  });
});
