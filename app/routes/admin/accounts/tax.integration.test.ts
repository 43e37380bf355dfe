// Tax Management through its routes (issue 22): the screen (cards, table newest first, the VAT return of the period,
// the dialogs opened by the URL), Add Tax Record, Close and Record deposit through the action, Generate Report's PDF
// and CSV; accountants and administrators may write, staff may not even look. A zero-rated record added without
// posting and listed; a closed period still owing opens Record deposit filled with its period and what is left; a
// negative net shows as carried forward in the report.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
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
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { TAX_RECORD_MESSAGES } from "~/domain/tax/tax-record-form";
import { TAX_DEPOSIT_MESSAGES, VAT_CLOSE_MESSAGES } from "~/domain/tax/tax-filing-form";
import { todayInDhaka } from "~/lib/dhaka-time";
import type { TaxTypeTotals } from "~/domain/tax/tax-list";
import { action, loader } from "./tax";
import { loader as reportLoader } from "./tax-report";
import { loader as returnLoader } from "./tax-return";

const PATH = "/admin/accounts/tax";
const TABLES = ["tax_records", "journal_entries", "audit_log", "vat_periods", "tax_deposits"] as const;
const PAYABLE = seedId("account:2000");
const RECEIVABLE = seedId("account:1300");
const BANK = seedId("account:1100");

let admin: TestUser;
let accountant: TestUser;
let staff: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  [admin, accountant, staff] = await Promise.all([
    signedInUser("admin"),
    signedInUser("accountant"),
    signedInUser("staff"),
  ]);
});

interface Page {
  page: { rows: { reference: string | null; date: string; taxAmount: string }[]; total: number };
  totals: Record<"vat" | "income_tax" | "other", TaxTypeTotals>;
  returnView: { outputVat: string; inputVat: string; closed: boolean; ended: boolean } | null;
  closed: { id: string; label: string; netPayable: string; deposited: string }[];
  deposits: { challanNo: string; kind: string }[];
  dialog: { kind: string; values?: Record<string, string>; bankAccounts?: { id: string }[] } | null;
  periodLabel: string;
}

const load = async (query = "", as: TestUser = accountant) =>
  answerOf<Page>(await callRoute(loader, `${PATH}${query}`, { as })).body;
const post = (form: Record<string, string>, as: TestUser = accountant, query = "") =>
  callRoute(action, `${PATH}${query}`, { as, form });

const INPUT_VAT = {
  intent: "create",
  taxType: "vat",
  kind: "input_vat",
  date: "2025-03-12",
  accountId: PAYABLE,
  taxableAmount: "20000",
  taxRate: "15",
  reference: "BILL-77",
  description: "",
  party: "Sound House Ltd",
  partyBin: "000123456-0101",
};

describe(PATH, () => {
  it("adds a tax record through the dialog and shows it in its period, with the cards and the return", async () => {
    const opened = await load("?new=1");
    expect(opened.dialog?.kind).toBe("create");
    const response = await post(INPUT_VAT, accountant, "?period=2025-03&new=1");
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("location")).toBe(`${PATH}?period=2025-03`);
    expect(flashToast(response as Response)).toEqual({ type: "success", message: TAX_RECORD_MESSAGES.added });
    // A second, older one: the table is newest first.
    await post({ ...INPUT_VAT, date: "2025-03-02", reference: "", taxableAmount: "1000" });

    const march = await load("?period=2025-03");
    expect(march.periodLabel).toBe("March 2025");
    expect(march.page.rows.map((r) => [r.date, r.reference, r.taxAmount])).toEqual([
      ["2025-03-12", "BILL-77", "3000.00"],
      ["2025-03-02", null, "150.00"],
    ]);
    // The VAT card never adds input VAT to output VAT (issue 37): its headline is the net, here a credit.
    expect(march.totals.vat).toEqual({
      headline: "-3150.00",
      count: 2,
      kinds: [
        { kind: "output_vat", taxable: "0.00", tax: "0.00", count: 0 },
        { kind: "input_vat", taxable: "21000.00", tax: "3150.00", count: 2 },
        { kind: "vat_withheld", taxable: "0.00", tax: "0.00", count: 0 },
      ],
    });
    expect(march.totals.income_tax).toMatchObject({ headline: "0.00", count: 0 });
    expect(march.returnView).toMatchObject({ outputVat: "0.00", inputVat: "3150.00", closed: false, ended: true });
    // The current period by default: nothing of March 2025 there.
    const current = await load();
    expect(current.page.rows.find((r) => r.reference === "BILL-77")).toBeUndefined();
    expect((await load("?period=all")).page.total).toBeGreaterThanOrEqual(2);
  });

  it("answers a refused record with the dialog's fields and writes nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{
      errors: Record<string, string>;
      values: { taxRate: string };
      toast: { message: string };
    }>(await post({ ...INPUT_VAT, taxRate: "12" }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors.taxRate).toBe(TAX_RECORD_MESSAGES.rateNotOffered("vat"));
    expect(answer.body.toast.message).toBe(TAX_RECORD_MESSAGES.failed(TAX_RECORD_MESSAGES.rateNotOffered("vat")));
    expect(answer.body.values.taxRate).toBe("12");
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("closes an ended period, then records its deposit; both show on the screen", async () => {
    const dialog = await load("?period=2025-03&close=2025-03");
    expect(dialog.dialog?.kind).toBe("close");
    const closed = await post({ intent: "close", period: "2025-03" });
    expect(flashToast(closed as Response)).toEqual({
      type: "success",
      message: VAT_CLOSE_MESSAGES.closed("March 2025", "-3150.00"),
    });
    const again = answerOf<{ errors: Record<string, string> }>(await post({ intent: "close", period: "2025-03" }));
    expect(again.status).toBe(400);
    expect(again.body.errors.period).toBe(VAT_CLOSE_MESSAGES.alreadyClosed("March 2025"));
    // The current period has not ended.
    const early = answerOf<{ errors: Record<string, string> }>(
      await post({ intent: "close", period: todayInDhaka().slice(0, 7) }),
    );
    expect(early.body.errors.period).toMatch(/has not ended yet/);

    expect((await load("?deposit=1")).dialog?.kind).toBe("deposit");
    const deposit = await post({
      intent: "deposit",
      kind: "vat",
      challanNo: "TR-77",
      date: "2025-04-10",
      amount: "100",
      moneyAccountId: BANK,
      vatPeriodId: "",
      notes: "",
    });
    expect(flashToast(deposit as Response)).toEqual({
      type: "success",
      message: TAX_DEPOSIT_MESSAGES.added("vat", "TR-77"),
    });
    const page = await load("?period=2025-03");
    expect(page.returnView?.closed).toBe(true);
    expect(page.closed.map((p) => [p.label, p.netPayable])).toEqual([["March 2025", "-3150.00"]]);
    expect(page.deposits.map((d) => d.challanNo)).toEqual(["TR-77"]);
  });

  it("adds a zero-rated record without posting, and lists it in its period", async () => {
    const response = await post({
      ...INPUT_VAT,
      kind: "output_vat",
      accountId: RECEIVABLE,
      date: "2025-06-05",
      taxRate: "0",
      taxableAmount: "80000",
      reference: "EXP-1",
      party: "Overseas Client Ltd",
    });
    expect(flashToast(response as Response)).toEqual({ type: "success", message: TAX_RECORD_MESSAGES.addedUnposted });
    const june = await load("?period=2025-06");
    expect(june.page.rows.map((r) => [r.date, r.reference, r.taxAmount])).toEqual([["2025-06-05", "EXP-1", "0.00"]]);
    expect(june.totals.vat).toMatchObject({ headline: "0.00", count: 1 });
    expect(june.totals.vat.kinds[0]).toEqual({ kind: "output_vat", taxable: "80000.00", tax: "0.00", count: 1 });
    expect(june.returnView).toMatchObject({ outputVat: "0.00" });
  });

  it("opens Record deposit from a closed period still owing, filled with the period and what is left", async () => {
    // May 2025: output VAT of ৳6,000.00 less March's credit of ৳3,150.00 brought forward (issue 37), closed: ৳2,850.00
    // to pay; ৳400.00 deposited: ৳2,450.00 left.
    await post({
      ...INPUT_VAT,
      kind: "output_vat",
      accountId: RECEIVABLE,
      date: "2025-05-20",
      taxableAmount: "40000",
      reference: "SALE-5",
      party: "Gulshan Club",
    });
    await post({ intent: "close", period: "2025-05" });
    const may = (await load()).closed.find((p) => p.label === "May 2025")!;
    expect(may).toMatchObject({ outputVat: "6000.00", carriedIn: "3150.00", netPayable: "2850.00", deposited: "0.00" });
    const first = await post({
      intent: "deposit",
      kind: "vat",
      challanNo: "TR-MAY-1",
      date: "2025-06-10",
      amount: "400",
      moneyAccountId: BANK,
      vatPeriodId: may.id,
      notes: "",
    });
    expect(flashToast(first as Response)).toEqual({
      type: "success",
      message: TAX_DEPOSIT_MESSAGES.added("vat", "TR-MAY-1"),
    });
    const page = await load(`?deposit=${may.id}`);
    expect(page.closed.find((p) => p.id === may.id)).toMatchObject({ deposited: "400.00" });
    expect(page.dialog).toMatchObject({
      kind: "deposit",
      values: { kind: "vat", vatPeriodId: may.id, amount: "2450.00", moneyAccountId: BANK, challanNo: "" },
    });
    expect(page.dialog?.bankAccounts?.map((a) => a.id)).toContain(BANK);
    // March carried a credit forward, into May's return: nothing to pay, the dialog opens with its period and no
    // amount.
    const march = page.closed.find((p) => p.label === "March 2025")!;
    expect(march).toMatchObject({ netPayable: "-3150.00", carriedInto: "May 2025" });
    expect((await load(`?deposit=${march.id}`)).dialog).toMatchObject({
      values: { vatPeriodId: march.id, amount: "" },
    });
    // Paying the rest from the filled dialog leaves nothing owing.
    const values = page.dialog!.values!;
    const rest = await post({ intent: "deposit", ...values, challanNo: "TR-MAY-2", date: "2025-06-20" });
    expect(flashToast(rest as Response)).toEqual({
      type: "success",
      message: TAX_DEPOSIT_MESSAGES.added("vat", "TR-MAY-2"),
    });
    expect((await load()).closed.find((p) => p.id === may.id)).toMatchObject({ deposited: "2850.00" });
    // Nothing left: the period's Pay link is gone, so is its amount.
    expect((await load(`?deposit=${may.id}`)).dialog).toMatchObject({ values: { vatPeriodId: may.id, amount: "" } });
  });

  it("records a deposit of income tax withheld from suppliers and employees", async () => {
    // Withheld from a supplier's bill first: the deposit pays it (issue 36).
    await post({
      ...INPUT_VAT,
      taxType: "income_tax",
      kind: "income_tax_withheld",
      date: "2025-06-01",
      taxableAmount: "25000",
      taxRate: "10",
      reference: "BILL-88",
    });
    const response = await post({
      intent: "deposit",
      kind: "withholding_tax",
      challanNo: "TR-MAY-1",
      date: "2025-06-12",
      amount: "2500",
      moneyAccountId: BANK,
      vatPeriodId: "",
      notes: "",
    });
    expect(flashToast(response as Response)).toEqual({
      type: "success",
      message: TAX_DEPOSIT_MESSAGES.added("withholding_tax", "TR-MAY-1"),
    });
    expect((await load()).deposits.find((d) => d.kind === "withholding_tax")?.challanNo).toBe("TR-MAY-1");
  });

  it("generates the report: a PDF of the three parts and each part as CSV", async () => {
    const pdf = (await callRoute(reportLoader, "/admin/accounts/tax/report?period=2025-03&format=pdf", {
      as: accountant,
    })) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain("vat-report-2025-03.pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    const dir = mkdtempSync(path.join(tmpdir(), "tax-report-"));
    writeFileSync(path.join(dir, "report.pdf"), bytes);
    const text = execFileSync("pdftotext", ["-layout", path.join(dir, "report.pdf"), "-"]).toString();
    expect(text).toContain("VAT REPORT");
    expect(text).toContain("Purchase register (Mushak-6.1)");
    expect(text).toMatch(/Sound House Ltd\s+000123456-0101\s+BILL-77/);
    // The return by its notes (Mushak-9.1): March's net is negative, a credit the next return brings in.
    expect(text).toMatch(/14\s+Standard rated goods\/service: local purchase\s+৳?21,000\.00\s+৳?3,150\.00/);
    expect(text).toMatch(/50\s+Net payable VAT for treasury deposit\s+৳?-3,150\.00/);
    expect(text).toMatch(/65\s+Closing balance \(VAT\) \(58 - 50\): a credit the next return brings in\s+৳?3,150\.00/);

    const csv = (await callRoute(reportLoader, "/admin/accounts/tax/report?period=2025-03&format=csv&part=purchases", {
      as: accountant,
    })) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toContain("purchase-register-2025-03.csv");
    const body = await csv.text();
    expect(body).toContain("Sound House Ltd,000123456-0101,BILL-77,2025-03-12,20000.00,15%,3000.00\r\n");
    expect(body).toContain("Total,,,,21000.00,,3150.00\r\n");

    expect(
      await thrownBy(callRoute(reportLoader, "/admin/accounts/tax/report?period=March&format=pdf", { as: accountant })),
    ).toMatchObject({ status: 400 });
  });

  it("shows the return as filed, by its notes, for the period the URL names", async () => {
    const page = (await callRoute(returnLoader, "/admin/accounts/tax/return?period=2025-03", {
      as: accountant,
    })) as Awaited<ReturnType<typeof returnLoader>>;
    expect(page.period.label).toBe("March 2025");
    expect(page.status).toBe("closed");
    const notes = new Map(page.form.parts.flatMap((p) => p.lines).map((l) => [l.note, l.vat]));
    expect(notes.get(14)).toBe("3150.00");
    expect(notes.get(23)).toBe("3150.00");
    expect(notes.get(50)).toBe("-3150.00");
    expect(page.form.closingBalance).toBe("3150.00");
    expect(await thrownBy(callRoute(returnLoader, "/admin/accounts/tax/return", { as: staff }))).toMatchObject({
      status: 403,
    });
  });

  it("is for accountants and administrators: staff and visitors are refused, and nothing is written", async () => {
    expect((await load("", admin)).page).toBeDefined();
    expect(await thrownBy(callRoute(loader, PATH, { as: staff }))).toMatchObject({ status: 403 });
    expect(
      await thrownBy(callRoute(reportLoader, "/admin/accounts/tax/report?period=2025-03", { as: staff })),
    ).toMatchObject({ status: 403 });
    const before = await tableFingerprint(TABLES);
    expect(await thrownBy(post(INPUT_VAT, staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(post({ intent: "close", period: "2025-02" }, staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(post(INPUT_VAT, ANONYMOUS))).toMatchObject({ status: 401 });
    expect(await thrownBy(post({ ...INPUT_VAT, intent: "delete" }))).toMatchObject({ status: 400 });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    const byAdmin = await post({ ...INPUT_VAT, date: "2025-04-12", reference: "BY-ADMIN" }, admin);
    expect(flashToast(byAdmin as Response)).toEqual({ type: "success", message: TAX_RECORD_MESSAGES.added });
  });
});
