// Mushak-6.3 as a Bangladeshi tax invoice must be (issue 37): each line's unit of supply and supplementary duty (SD)
// rate and amount are stored and printed, the SD posted to SD payable and VAT charged on the value and the SD; a
// credit note takes the SD back; issuing an invoice or a credit note without the company's BIN is refused, pointing
// to Settings > Company, and writes nothing; the signatory printed is Settings > Accounting's, frozen at issue.
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import {
  account,
  ACTOR,
  approvedQuotation,
  balanceOf,
  RECEIVABLE,
  RENTAL_INCOME,
  seedBooks,
  SELLER_BIN,
  VAT_PAYABLE,
  WRITTEN_TABLES,
} from "../../../tests/support/invoice-fixtures";
import { getDb } from "~/db/client.server";
import {
  accountingSettings,
  companySettings,
  creditNotes,
  invoiceLines,
  invoices,
  journalLines,
  taxRecords,
} from "~/db/schema";
import { invalidatePublicData } from "~/lib/cache.server";
import { INVOICE_MESSAGES } from "./invoice-forms";
import { loadIssuePreview } from "./invoice-list.server";
import { creditNotePdfInput, invoicePdfInput } from "./invoice-pdf-input.server";
import { issueCreditNote } from "./issue-credit-note.server";
import { issueInvoice } from "./issue-invoice.server";

const SD_PAYABLE = account("2130");

async function setBin(bin: string) {
  await getDb().update(companySettings).set({ vatRegistrationNumber: bin }).where(eq(companySettings.id, 1));
  invalidatePublicData();
}

const issue = (quotationId: string) => issueInvoice(getDb(), ACTOR, { quotationId, kind: "full", advancePercent: "" });

async function issued(quotationId: string) {
  const result = await issue(quotationId);
  if (!result.ok) throw new Error(`expected an invoice: ${result.message}`);
  const [row] = await getDb().select().from(invoices).where(eq(invoices.id, result.id));
  return row!;
}

beforeAll(async () => {
  await seedBooks();
});

afterEach(async () => {
  await setBin(SELLER_BIN);
});

describe("supplementary duty on a tax invoice", () => {
  it("stores each line's unit and SD, posts the SD to SD payable, VAT on value + SD; a credit note takes it back", async () => {
    const before = { sd: await balanceOf(SD_PAYABLE), vat: await balanceOf(VAT_PAYABLE) };
    const q = await approvedQuotation([
      ["LED wall", 2, "1000.00", 1, { priceUnit: "sqm/day", sdRatePercent: "10.00" }],
      ["Sound system", 1, "2500.55", undefined, { priceUnit: "event", sdRatePercent: "0.00" }],
    ]);
    const invoice = await issued(q.id);
    // SD 10% of ৳2,000 = ৳200; VAT 15% of ৳4,700.55 = 705.0825 → ৳705.08.
    expect(invoice).toMatchObject({
      netAmount: "4500.55",
      sdAmount: "200.00",
      vatAmount: "705.08",
      total: "5405.63",
    });
    const lines = await getDb()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.lineNo));
    expect(lines.map((l) => [l.unitOfSupply, l.value, l.sdRatePercent, l.sdAmount, l.vatAmount])).toEqual([
      ["sqm/day", "2000.00", "10.00", "200.00", "330.00"],
      ["event", "2500.55", "0.00", "0.00", "375.08"],
    ]);
    const entry = await getDb()
      .select({ accountId: journalLines.accountId, debit: journalLines.debit, credit: journalLines.credit })
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, invoice.journalEntryId))
      .orderBy(asc(journalLines.lineNo));
    expect(entry).toEqual([
      { accountId: RECEIVABLE, debit: "5405.63", credit: "0.00" },
      { accountId: RENTAL_INCOME, debit: "0.00", credit: "4500.55" },
      { accountId: SD_PAYABLE, debit: "0.00", credit: "200.00" },
      { accountId: VAT_PAYABLE, debit: "0.00", credit: "705.08" },
    ]);
    // The output VAT row: the VAT is on the value and the SD.
    const [tax] = await getDb().select().from(taxRecords).where(eq(taxRecords.journalEntryId, invoice.journalEntryId));
    expect(tax).toMatchObject({ kind: "output_vat", taxableAmount: "4700.55", taxAmount: "705.08" });
    // What the PDF prints: the lines' units and SD, the invoice's SD.
    const pdf = (await invoicePdfInput(getDb(), invoice.id))!;
    expect(pdf.invoice.sdAmount).toBe("200.00");
    expect(pdf.lines.map((l) => [l.unitOfSupply, l.sdRatePercent, l.sdAmount])).toEqual([
      ["sqm/day", "10.00", "200.00"],
      ["event", "0.00", "0.00"],
    ]);

    const note = await issueCreditNote(getDb(), ACTOR, {
      invoiceId: invoice.id,
      scope: "whole",
      amount: "",
      reason: "Event cancelled",
    });
    expect(note).toMatchObject({ ok: true });
    if (!note.ok) return;
    const [row] = await getDb().select().from(creditNotes).where(eq(creditNotes.id, note.id));
    expect(row).toMatchObject({ netAmount: "4500.55", sdAmount: "200.00", vatAmount: "705.08", total: "5405.63" });
    expect((await creditNotePdfInput(getDb(), note.id))!.lines[0]).toMatchObject({ sdAmount: "200.00" });
    // SD payable and VAT payable back where they were.
    expect({ sd: await balanceOf(SD_PAYABLE), vat: await balanceOf(VAT_PAYABLE) }).toEqual(before);
  });
});

describe("the company's BIN", () => {
  it("is required to issue a tax invoice: refused, pointing to Settings > Company, nothing written", async () => {
    const q = await approvedQuotation([["Truss", 2, "700"]]);
    await setBin("  ");
    const before = await tableFingerprint(WRITTEN_TABLES);
    const result = await issue(q.id);
    expect(result).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: INVOICE_MESSAGES.sellerBinMissing("tax invoice") },
    });
    if (!result.ok)
      expect(result.message).toBe(INVOICE_MESSAGES.issueFailed(INVOICE_MESSAGES.sellerBinMissing("tax invoice")));
    expect(INVOICE_MESSAGES.sellerBinMissing("tax invoice")).toContain("Settings > Company");
    // Not even the quotation's customer record is made.
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
    // The Issue invoice dialog says so before anyone tries.
    expect(await loadIssuePreview(getDb(), q.id)).toMatchObject({
      blocked: INVOICE_MESSAGES.sellerBinMissing("tax invoice"),
      sellerBinMissing: true,
    });

    await setBin(SELLER_BIN);
    expect(await loadIssuePreview(getDb(), q.id)).toMatchObject({ blocked: null, sellerBinMissing: false });
    const invoice = await issued(q.id);
    expect(invoice.seller.vatRegistrationNumber).toBe(SELLER_BIN);
  });

  it("is required to issue a credit note too", async () => {
    const invoice = await issued((await approvedQuotation([["Truss", 2, "700"]])).id);
    await setBin("");
    const before = await tableFingerprint(WRITTEN_TABLES);
    const result = await issueCreditNote(getDb(), ACTOR, {
      invoiceId: invoice.id,
      scope: "whole",
      amount: "",
      reason: "Returned",
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: INVOICE_MESSAGES.sellerBinMissing("credit note") },
    });
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
  });
});

describe("the signatory", () => {
  it("is Settings > Accounting's, kept on the invoice as issued; blank there, the issuing user", async () => {
    await getDb()
      .update(accountingSettings)
      .set({ invoiceSignatoryName: "Farhana Akter", invoiceSignatoryDesignation: "Head of Accounts" });
    try {
      const invoice = await issued((await approvedQuotation([["Truss", 2, "700"]])).id);
      await getDb()
        .update(accountingSettings)
        .set({ invoiceSignatoryName: "Someone Later", invoiceSignatoryDesignation: "Director" });
      expect((await invoicePdfInput(getDb(), invoice.id))!.invoice).toMatchObject({
        signatoryName: "Farhana Akter",
        signatoryDesignation: "Head of Accounts",
      });
      await getDb().update(accountingSettings).set({ invoiceSignatoryName: "", invoiceSignatoryDesignation: "" });
      const unsigned = await issued((await approvedQuotation([["Truss", 2, "700"]])).id);
      expect(unsigned).toMatchObject({ signatoryName: ACTOR.label, signatoryDesignation: "Authorised signatory" });
    } finally {
      await getDb().update(accountingSettings).set({ invoiceSignatoryName: "", invoiceSignatoryDesignation: "" });
    }
  });
});
