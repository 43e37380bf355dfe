import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfFile, pdfPageCount, pdfText, pdfWords } from "../../../tests/support/pdf-text";
import { getDb } from "~/db/client.server";
import { companySettings, employees, payrollRuns, payslips } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { sumPaisa, toPaisa } from "~/lib/money";
import { invalidatePublicData } from "~/lib/cache.server";
import type { AuditActor } from "../audit/audit.server";
import { myPayslips } from "./my-payslips.server";
import { PAYSLIP_ROUNDING_NOTE, payslipFigures } from "./payroll-formula";
import { payrollRegister, payrollRegisterCsv, renderPayrollRegisterPdf } from "./payroll-register.server";
import { payslipDocument, payslipFileName, renderPayslipPdf } from "./payslip-pdf.server";
import { processPayroll } from "./process-payroll.server";

// Generate Report and payslips (issue 25) on a real database: a processed month's register (PDF and CSV) shows every
// payslip's figures and the run's totals; a payslip PDF shows its figures, the days of a part month and why, whether
// it is paid, the rounding rule and the slab table; My account lists the linked employee's payslips.
// PAYROLL_PDF_DIR=<dir> keeps the PDFs there, to render and look at.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const NOW = new Date("2026-11-27T06:00:00Z");
const SPEC_SLABS = [
  { bandAmount: "300000", rate: "0" },
  { bandAmount: "100000", rate: "5" },
  { bandAmount: "300000", rate: "10" },
  { bandAmount: "400000", rate: "15" },
  { bandAmount: "500000", rate: "20" },
  { bandAmount: null, rate: "25" },
];
const JOINER = "b6a1e7c2-1111-4c55-9a10-000000000016";
const LEAVER = "b6a1e7c2-2222-4c55-9a10-000000000020";
const TANVIR = seedId("employee:tanvir-rahman");

const keep = (name: string, bytes: Uint8Array) => {
  const dir = process.env.PAYROLL_PDF_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
};

let runId = "";

beforeAll(async () => {
  await seedDatabase(getDb());
  await getDb()
    .insert(employees)
    .values([
      {
        id: JOINER,
        name: "Joynal Abedin",
        email: "joynal@example.com",
        position: "Technician",
        department: "Operations",
        joiningDate: "2026-11-16",
        salary: "30000",
        salaryPaymentMethod: "bkash",
      },
      {
        id: LEAVER,
        name: "Lipi Akter",
        email: "lipi@example.com",
        position: "Designer",
        department: "Creative",
        joiningDate: "2024-01-01",
        leavingDate: "2026-11-20",
        salary: "50000",
        status: "inactive",
        salaryPaymentMethod: "cash",
      },
    ]);
  const result = await processPayroll(getDb(), actor, { month: "2026-11" }, NOW);
  if (!result.ok) throw new Error(`could not process November: ${JSON.stringify(result)}`);
  runId = result.runId;
});

const slipOf = async (employeeId: string) => {
  const [slip] = await getDb()
    .select()
    .from(payslips)
    .where(and(eq(payslips.payrollRunId, runId), eq(payslips.employeeId, employeeId)));
  return slip!;
};

describe("a payslip's PDF", () => {
  it("prints a whole month's figures, the method, the status, the rounding rule and the slab table", async () => {
    const slip = await slipOf(TANVIR);
    const doc = await payslipDocument(getDb(), slip.id);
    expect(doc).toMatchObject({ month: "2026-11", employeeName: "Tanvir Rahman", daysPaid: 30, status: "pending" });
    const figures = payslipFigures("120000", SPEC_SLABS, { daysPaid: 30, daysInMonth: 30 });
    const bytes = await renderPayslipPdf(doc!, NOW);
    keep("payslip-whole-month.pdf", bytes);
    const text = pdfWords(bytes);
    expect(text).toContain("Payslip — November 2026");
    expect(text).toMatch(/Employee Tanvir Rahman/);
    expect(text).toContain("Manager");
    expect(text).toContain("Operations");
    expect(text).toMatch(/Payment method Bank transfer|Payment method Bank/);
    expect(text).toContain("Paid for the whole month (30 days)");
    const money = (v: string) => `৳${Number(v).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(text).toContain(`Basic salary ${money(figures.basic)}`);
    expect(text).toContain(`House rent allowance (50% of basic) ${money(figures.houseRent)}`);
    expect(text).toContain(`Medical allowance (10% of basic) ${money(figures.medical)}`);
    expect(text).toContain(`Transport allowance ${money(figures.transport)}`);
    expect(text).toContain(`Gross salary ${money(figures.gross)}`);
    expect(text).toContain(`Provident fund (10% of basic) ${money(figures.providentFund)}`);
    expect(text).toContain(`Income tax ${money(figures.incomeTax)}`);
    expect(text).toContain(`Total deductions ${money(figures.totalDeductions)}`);
    expect(text).toContain(`Net payable ${money(figures.net)}`);
    expect(text).toContain("Status Pending");
    expect(text).toContain(PAYSLIP_ROUNDING_NOTE);
    expect(text).toContain("Company payroll table");
    expect(pdfPageCount(pdfFile(bytes))).toBe(1);
    expect(payslipFileName(doc!)).toBe("payslip-2026-11-tanvir-rahman.pdf");

    // Frozen when processed (issue 37): a company renamed in Settings later does not change the payslip.
    const name = doc!.seller.name;
    await getDb().update(companySettings).set({ name: "Renamed Later Ltd" }).where(eq(companySettings.id, 1));
    invalidatePublicData();
    try {
      const again = (await payslipDocument(getDb(), slip.id))!;
      expect(again.seller.name).toBe(name);
      expect(pdfWords(await renderPayslipPdf(again, NOW))).not.toContain("Renamed Later Ltd");
    } finally {
      await getDb().update(companySettings).set({ name }).where(eq(companySettings.id, 1));
      invalidatePublicData();
    }
  });

  it("says the days of a part month and why: joined, or left", async () => {
    const joiner = (await payslipDocument(getDb(), (await slipOf(JOINER)).id))!;
    expect(joiner).toMatchObject({ daysPaid: 15, daysInMonth: 30, paymentMethod: "bkash" });
    const joinerPdf = await renderPayslipPdf(joiner, NOW);
    keep("payslip-joined.pdf", joinerPdf);
    const figures = payslipFigures("30000", SPEC_SLABS, { daysPaid: 15, daysInMonth: 30 });
    const text = pdfWords(joinerPdf);
    expect(text).toContain("Paid for 15 of 30 days (joined 16 Nov 2026)");
    expect(text).toContain("bKash");
    expect(text).toContain(`Basic salary ৳${Number(figures.basic).toLocaleString("en-US")}.00`);

    const leaver = (await payslipDocument(getDb(), (await slipOf(LEAVER)).id))!;
    const leaverPdf = await renderPayslipPdf(leaver, NOW);
    keep("payslip-left.pdf", leaverPdf);
    expect(pdfWords(leaverPdf)).toContain("Paid for 20 of 30 days (left 20 Nov 2026)");
  });

  it("says when and from which account a paid one was paid, and marks an undone one", async () => {
    const slip = await slipOf(seedId("employee:nusrat-jahan"));
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, runId));
    const doc = (await payslipDocument(getDb(), slip.id))!;
    // As a disbursement leaves it (its entry, the account, the moment): printed, not stored, so the row is untouched.
    const paid = await renderPayslipPdf(
      { ...doc, status: "paid", paidOn: "2026-11-30", paidFrom: "1100 Bank account" },
      NOW,
    );
    keep("payslip-paid.pdf", paid);
    expect(pdfWords(paid)).toContain("Status Paid on 30 Nov 2026 from 1100 Bank account");
    const undone = await renderPayslipPdf({ ...doc, status: "reversed", runStatus: "reversed" }, NOW);
    keep("payslip-undone.pdf", undone);
    expect(pdfWords(undone)).toContain("UNDONE: the payroll of November 2026 was undone");
    expect(pdfWords(undone)).toContain("Status Undone");
    expect(run?.status).toBe("processed");
  });

  it("is none for an unknown id or one that is no id", async () => {
    expect(await payslipDocument(getDb(), "not-an-id")).toBeNull();
    expect(await payslipDocument(getDb(), crypto.randomUUID())).toBeNull();
  });
});

describe("the month's register", () => {
  it("holds a row per payslip with every figure and totals equal to the run's", async () => {
    const register = (await payrollRegister(getDb(), "2026-11"))!;
    const slips = await getDb().select().from(payslips).where(eq(payslips.payrollRunId, runId));
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, runId));
    expect(register).toMatchObject({ runId, status: "processed", slabTableName: "Company payroll table" });
    expect(register.lines).toHaveLength(slips.length);
    expect(register.totals).toMatchObject({
      gross: run!.totalGross,
      totalDeductions: run!.totalDeductions,
      net: run!.totalNet,
    });
    const sum = (pick: (s: (typeof slips)[number]) => string) =>
      sumPaisa(slips.map((s) => toPaisa(pick(s)))).toString();
    expect(toPaisa(register.totals.incomeTax).toString()).toBe(sum((s) => s.incomeTax));
    expect(toPaisa(register.totals.basic).toString()).toBe(sum((s) => s.basic));
    expect(await payrollRegister(getDb(), "2026-10")).toBeNull();
  });

  it("as CSV: a BOM, the header, a row per payslip with amounts as numbers, and the totals", async () => {
    const register = (await payrollRegister(getDb(), "2026-11"))!;
    const csv = payrollRegisterCsv(register);
    expect(csv.startsWith("\uFEFFEmployee,Position,Department,Payment method,Days paid,Days in month,Basic,")).toBe(
      true,
    );
    const joiner = payslipFigures("30000", SPEC_SLABS, { daysPaid: 15, daysInMonth: 30 });
    expect(csv).toContain(
      `Joynal Abedin,Technician,Operations,bKash,15,30,${joiner.basic},${joiner.houseRent},${joiner.medical},${joiner.transport},${joiner.gross},${joiner.providentFund},${joiner.incomeTax},0.00,${joiner.totalDeductions},${joiner.net},Pending\r\n`,
    );
    const t = register.totals;
    expect(csv).toContain(
      `Total,,,,,,${t.basic},${t.houseRent},${t.medical},${t.transport},${t.gross},${t.providentFund},${t.incomeTax},${t.otherDeductions},${t.totalDeductions},${t.net},"Processed, not yet paid"\r\n`,
    );
    expect(csv.trimEnd().split("\r\n")).toHaveLength(register.lines.length + 2);
  });

  it("as PDF: every employee's row, the totals, the status and the slab table", async () => {
    const register = (await payrollRegister(getDb(), "2026-11"))!;
    const bytes = await renderPayrollRegisterPdf(getDb(), register, NOW);
    keep("payroll-register.pdf", bytes);
    const file = pdfFile(bytes);
    const text = pdfText(file);
    const words = text.replace(/\s+/g, " ");
    expect(words).toContain("Payroll register — November 2026");
    expect(words).toContain("Status: Processed, not yet paid");
    expect(words).toContain('income tax by the slab table "Company payroll table"');
    const amount = (v: string) => Number(v).toLocaleString("en-US", { minimumFractionDigits: 2 });
    for (const line of register.lines) {
      expect(words).toContain(line.employeeName);
      expect(text).toMatch(
        new RegExp(
          `${line.daysPaid}/${line.daysInMonth} ${amount(line.basic)} ${amount(line.houseRent)} ${amount(line.medical)} ${amount(line.transport)} ${amount(line.gross)} ${amount(line.providentFund)} ${amount(line.incomeTax)} ${amount(line.net)} Pending`,
        ),
      );
    }
    const t = register.totals;
    expect(text).toContain(
      `Total ${amount(t.basic)} ${amount(t.houseRent)} ${amount(t.medical)} ${amount(t.transport)} ${amount(t.gross)} ${amount(t.providentFund)} ${amount(t.incomeTax)} ${amount(t.net)}`,
    );
    expect(words).toContain(`Net payable ৳${amount(t.net)}`);
  });
});

describe("a long or undone register", () => {
  it("runs onto more pages with the header again, and an undone month is marked so", async () => {
    await getDb()
      .insert(employees)
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          name: `Crew Member ${String(i + 1).padStart(2, "0")}`,
          email: `crew-${i + 1}@example.com`,
          position: "Crew",
          department: "Operations",
          joiningDate: "2026-01-01",
          leavingDate: "2026-09-30",
          salary: String(20000 + i * 1000),
          status: "inactive" as const,
        })),
      );
    const september = await processPayroll(getDb(), actor, { month: "2026-09" }, NOW);
    if (!september.ok) throw new Error(JSON.stringify(september));
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, september.runId));
    // Undone as Undo leaves it (its mirror entry stood in for by the run's own, the check asks for one).
    await getDb()
      .update(payrollRuns)
      .set({
        status: "reversed",
        reversedAt: new Date("2026-11-20T06:00:00Z"),
        reversalEntryId: run!.journalEntryId,
        reversalReason: "Wrong month",
      })
      .where(eq(payrollRuns.id, september.runId));
    await getDb().update(payslips).set({ status: "reversed" }).where(eq(payslips.payrollRunId, september.runId));

    const register = (await payrollRegister(getDb(), "2026-09"))!;
    expect(register).toMatchObject({ status: "reversed", reversedOn: "2026-11-20" });
    expect(register.lines.length).toBeGreaterThan(45);
    const bytes = await renderPayrollRegisterPdf(getDb(), register, NOW);
    keep("payroll-register-long-undone.pdf", bytes);
    const file = pdfFile(bytes);
    const pages = pdfPageCount(file);
    expect(pages).toBeGreaterThan(1);
    expect(pdfText(file, 1)).toContain("UNDONE on 20 Nov 2026");
    for (let page = 2; page <= pages; page++) {
      expect(pdfText(file, page)).toMatch(/Employee Days Basic House rent Medical Transport Gross PF Tax Net Status/);
    }
    const words = pdfText(file).replace(/\s+/g, " ");
    expect(words).toContain("Crew Member 45");
    expect(words).toContain(
      `Net payable ৳${Number(register.totals.net).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
    );
    expect(payrollRegisterCsv(register)).toContain(`,${register.totals.net},Undone\r\n`);
  });
});

describe("my payslips", () => {
  it("lists the linked employee's payslips, newest first; null for a user who is no employee", async () => {
    const [user] = await getDb().select({ userId: employees.userId }).from(employees).where(eq(employees.id, TANVIR));
    const slip = await slipOf(TANVIR);
    const mine = await myPayslips(getDb(), user!.userId!);
    expect(mine).toEqual([
      {
        id: slip.id,
        month: "2026-11",
        net: slip.net,
        status: "pending",
        paidOn: null,
        daysPaid: 30,
        daysInMonth: 30,
      },
    ]);
    expect(await myPayslips(getDb(), crypto.randomUUID())).toBeNull();
  });
});
