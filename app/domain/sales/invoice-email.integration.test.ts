// An issued invoice or credit note goes to the customer through the outbox, in the issuing transaction, with its
// PDF attached: to the customer record's address, else the quotation's; the portal's link only for a portal
// customer. The PDFs are read from the documents' own rows.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfWords } from "../../../tests/support/pdf-text";
import { customerFor, insertCreditNote, insertIssuedInvoice } from "../../../tests/support/sales-document-fixtures";
import { ACTOR, approvedQuotation } from "../../../tests/support/invoice-fixtures";
import { getDb } from "~/db/client.server";
import { companySettings, customers, emailAttachments, emailOutbox } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { getEnv } from "~/lib/env.server";
import { createPasswordUser } from "../auth/users.server";
import { creditNotePdf, invoicePdf } from "./invoice-pdf-input.server";
import { issueCreditNote } from "./issue-credit-note.server";
import { issueInvoice } from "./issue-invoice.server";
import { queueCreditNoteEmail, queueInvoiceEmail } from "./invoice-email.server";

beforeAll(async () => {
  const db = getDb();
  await seedDatabase(db);
  await db.update(companySettings).set({ vatRegistrationNumber: "000123456-0101" });
});

async function messageOf(id: string) {
  const db = getDb();
  const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  const attachments = await db.select().from(emailAttachments).where(eq(emailAttachments.emailId, id));
  return { message: message!, attachments };
}

describe("queueInvoiceEmail", { timeout: 30_000 }, () => {
  it("queues the tax invoice to the customer with its Mushak-6.3 PDF attached and the portal's link", async () => {
    const db = getDb();
    await createPasswordUser(db, {
      name: "Portal Buyer",
      email: "portal.buyer@example.com",
      password: "a-long-password-1",
      role: "customer",
    });
    const invoice = await insertIssuedInvoice("portal.buyer@example.com", {
      buyerName: "Meghna Events Ltd.",
      eventName: "Boishakhi Mela Stage",
      issuedAt: new Date("2027-01-05T08:35:00Z"),
    });
    const queued = await db.transaction((tx) => queueInvoiceEmail(tx, invoice.id));

    const { message, attachments } = await messageOf(queued.id);
    expect(message.toAddress).toBe("portal.buyer@example.com");
    expect(message.subject).toBe(`Tax invoice ${invoice.number} from Utsab Event Technologies`);
    expect(message.kind).toBe("invoice.issued");
    expect(message.relatedType).toBe("invoice");
    expect(message.relatedId).toBe(invoice.id);
    expect(message.status).toBe("pending");
    expect(message.textBody).toContain("Dear Meghna Events Ltd.,");
    expect(message.textBody).toContain(`tax invoice ${invoice.number} for Boishakhi Mela Stage`);
    expect(message.textBody).toContain("Issued: 5 Jan 2027, 2:35 PM");
    // 2 × 3 days × ৳10,000 = ৳60,000; VAT 15% ৳9,000; total ৳69,000.
    expect(message.textBody).toContain("Value before VAT: ৳60,000.00");
    expect(message.textBody).toContain("VAT (15%): ৳9,000.00");
    expect(message.textBody).toContain("Total: ৳69,000.00");
    expect(message.textBody).toContain(`${getEnv().publicUrl}/customer/dashboard#invoices`);

    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.filename).toBe(`${invoice.number}.pdf`);
    expect(attachments[0]!.contentType).toBe("application/pdf");
    const bytes = attachments[0]!.content;
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfWords(bytes);
    for (const expected of [
      "Mushak-6.3",
      "TAX INVOICE",
      invoice.number,
      "VAT registration (BIN): 000123456-0101",
      "Meghna Events Ltd.",
      "BIN: 004567891-0203",
      "Date of issue 5 Jan 2027",
      "Time of issue 2:35 PM",
      // The row, its description wrapping in its column.
      "Line Array Sound — 2 3 10,000.00 — 60,000.00 0% 0.00 15% 9,000.00 69,000.00 System",
      "Total including SD and VAT ৳69,000.00",
      "Amount in words: Taka Sixty-Nine Thousand Only",
      "Farhana Akter",
      "Head of Accounts",
    ])
      expect(text).toContain(expected);
    // The same bytes as the download's.
    expect(Buffer.from(bytes).equals(Buffer.from((await invoicePdf(db, invoice.id))!.content))).toBe(true);
  });

  it("writes to the customer record's address when it has one, else the quotation's; no portal link for an address without a portal account", async () => {
    const db = getDb();
    const invoice = await insertIssuedInvoice("quoted@example.com");
    await db.update(customers).set({ email: "accounts@example.com" }).where(eq(customers.id, invoice.customerId));
    const first = await db.transaction((tx) => queueInvoiceEmail(tx, invoice.id));
    const sent = (await messageOf(first.id)).message;
    expect(sent.toAddress).toBe("accounts@example.com");
    expect(sent.textBody).not.toContain("/customer/dashboard");
    expect(sent.textBody).toContain("The tax invoice (Mushak-6.3) is attached as a PDF.");

    await db.update(customers).set({ email: null }).where(eq(customers.id, invoice.customerId));
    const second = await db.transaction((tx) => queueInvoiceEmail(tx, invoice.id));
    expect((await messageOf(second.id)).message.toAddress).toBe("quoted@example.com");
  });

  it("queues nothing when the issuing transaction rolls back", async () => {
    const db = getDb();
    const invoice = await insertIssuedInvoice("rolled.back@example.com");
    await expect(
      db.transaction(async (tx) => {
        await queueInvoiceEmail(tx, invoice.id);
        throw new Error("the issue failed after queueing");
      }),
    ).rejects.toThrow("the issue failed after queueing");
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, invoice.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses an invoice that is not there, naming it", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    await expect(getDb().transaction((tx) => queueInvoiceEmail(tx, missing))).rejects.toThrow(
      `invoice ${missing} cannot be read back to e-mail it`,
    );
  });
});

describe("queueCreditNoteEmail", { timeout: 30_000 }, () => {
  it("queues the credit note with its Mushak-6.7 PDF: the original invoice, the reason, the figures", async () => {
    const db = getDb();
    const invoice = await insertIssuedInvoice("credited@example.com", { buyerName: "Padma Traders" });
    const note = await insertCreditNote(invoice, "10000.00", "One speaker pair was not delivered.");
    const queued = await db.transaction((tx) => queueCreditNoteEmail(tx, note.id));

    const { message, attachments } = await messageOf(queued.id);
    expect(message.toAddress).toBe("credited@example.com");
    expect(message.subject).toBe(
      `Credit note ${note.number} from Utsab Event Technologies (tax invoice ${invoice.number})`,
    );
    expect(message.kind).toBe("credit_note.issued");
    expect(message.relatedType).toBe("credit_note");
    expect(message.relatedId).toBe(note.id);
    expect(message.textBody).toContain("Reason: One speaker pair was not delivered.");
    expect(message.textBody).toContain("Total credited: ৳11,500.00");
    expect(attachments.map((a) => a.filename)).toEqual([`${note.number}.pdf`]);
    const text = pdfWords(attachments[0]!.content);
    for (const expected of [
      "Mushak-6.7",
      "CREDIT NOTE",
      note.number,
      invoice.number,
      "Padma Traders",
      "One speaker pair was not delivered.",
      "Total credited ৳11,500.00",
      "Farhana Akter",
    ])
      expect(text).toContain(expected);
  });
});

describe("issuing through the use cases", { timeout: 60_000 }, () => {
  it("queues the invoice's and the credit note's e-mails with their PDFs, in the issuing transaction", async () => {
    const db = getDb();
    const q = await approvedQuotation([["Moving head light", 4, "1500.00", 2]], { email: "issued.buyer@example.com" });
    const issued = await issueInvoice(db, ACTOR, { quotationId: q.id, kind: "full", advancePercent: "" });
    if (!issued.ok) throw new Error(issued.message);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, issued.id));
    expect(mail).toMatchObject({
      toAddress: "issued.buyer@example.com",
      kind: "invoice.issued",
      subject: `Tax invoice ${issued.number} from Utsab Event Technologies`,
    });
    const { attachments } = await messageOf(mail!.id);
    expect(attachments.map((a) => a.filename)).toEqual([`${issued.number}.pdf`]);
    // 4 × 2 days × ৳1,500 = ৳12,000 + 15% = ৳13,800.
    expect(pdfWords(attachments[0]!.content)).toContain("Total including SD and VAT ৳13,800.00");

    const note = await issueCreditNote(db, ACTOR, {
      invoiceId: issued.id,
      scope: "whole",
      amount: "",
      reason: "The event was called off",
    });
    if (!note.ok) throw new Error(note.message);
    const [noteMail] = await db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, note.id));
    expect(noteMail).toMatchObject({ toAddress: "issued.buyer@example.com", kind: "credit_note.issued" });
    const noteAttachments = (await messageOf(noteMail!.id)).attachments;
    expect(noteAttachments.map((a) => a.filename)).toEqual([`${note.number}.pdf`]);
    const text = pdfWords(noteAttachments[0]!.content);
    expect(text).toContain("The event was called off");
    expect(text).toContain(issued.number);
    expect(text).toContain("Total credited ৳13,800.00");
  });
});

describe("invoicePdf and creditNotePdf", () => {
  it("answer null for an unknown or malformed id", async () => {
    const db = getDb();
    expect(await invoicePdf(db, "not-a-uuid")).toBeNull();
    expect(await invoicePdf(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await creditNotePdf(db, "x")).toBeNull();
    expect(await creditNotePdf(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    // A customer record alone is not an invoice.
    expect(await invoicePdf(db, await customerFor(db, "nobody@example.com"))).toBeNull();
  });
});
