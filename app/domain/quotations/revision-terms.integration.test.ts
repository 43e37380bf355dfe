// The company's terms on quotations (issue 20): a sent revision stores the terms Settings held when it was sent,
// prints them on its PDF, in its e-mail and on the customer's pages; a later change in Settings never alters an
// old revision, only the next one.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfWords } from "../../../tests/support/pdf-text";
import { insertItem, insertQuotation, panelValues } from "../../../tests/support/quotation-fixtures";
import { getDb } from "~/db/client.server";
import { emailOutbox, quotationRevisions } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { loadAttachments } from "~/domain/email/outbox.server";
import { loadCompanySettingsForm, updateCompanySettings } from "~/domain/settings/update-company-settings.server";
import { DEFAULT_QUOTATION_TERMS, quotationTermsList } from "~/domain/settings/quotation-terms";
import { getCustomerQuotation, getQuotationByLink } from "./customer-quotations.server";
import { sendQuotation } from "./price-quotation.server";
import { quotationRevisionPdf } from "./revision-pdf.server";

const staff: AuditActor = { userId: null, label: "sales@example.com", ipAddress: "127.0.0.1", userAgent: "test" };

beforeAll(async () => {
  await seedDatabase(getDb());
});

async function send(id: string, price: string) {
  // The panel as it opens, every line at `price`.
  const values = await panelValues(id);
  const lines = values.lines.map((line) => ({ ...line, unitPrice: price }));
  const result = await sendQuotation(getDb(), { ...values, lines }, staff);
  expect(result).toMatchObject({ ok: true });
}

/** Settings > Company saved with these terms, everything else as stored. */
async function saveTerms(terms: Partial<typeof DEFAULT_QUOTATION_TERMS>) {
  const { values } = await loadCompanySettingsForm(getDb());
  const result = await updateCompanySettings(getDb(), { ...values, ...terms }, staff);
  expect(result).toMatchObject({ ok: true });
}

async function revisionTerms(id: string) {
  const rows = await getDb()
    .select({ revision: quotationRevisions.revision, terms: quotationRevisions.terms })
    .from(quotationRevisions)
    .where(eq(quotationRevisions.quotationId, id))
    .orderBy(asc(quotationRevisions.revision));
  return rows.map((r) => r.terms);
}

async function sentEmails(id: string) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.relatedId, id)).orderBy(asc(emailOutbox.createdAt));
}

async function pdfOf(id: string, revision: number): Promise<string> {
  const pdf = await quotationRevisionPdf(getDb(), id, revision);
  return pdfWords(pdf!.content);
}

const numbered = (terms: readonly string[]) => terms.map((term, i) => `${i + 1}. ${term}`);

describe("the terms a revision is sent with", { timeout: 60_000 }, () => {
  it("are stored with it and printed on its PDF, e-mail and pages; a later change in Settings reaches only the next", async () => {
    const item = await insertItem("Terms Test Truss", 10, "4000");
    const q = await insertQuotation("pending", "terms.buyer@example.com", [[item, 2, "4000"]]);
    const before = quotationTermsList(DEFAULT_QUOTATION_TERMS);

    // Revision 1, with the terms Settings hold now.
    await send(q.id, "4000");
    expect(await revisionTerms(q.id)).toEqual([before]);
    const [firstEmail] = await sentEmails(q.id);
    expect(firstEmail!.subject).not.toContain("revision");
    expect(firstEmail!.textBody).toContain(`Terms and conditions\n${numbered(before).join("\n")}\n`);
    // The PDF attached to the e-mail, and the one downloaded later, print the same terms.
    const [attached] = await loadAttachments(getDb(), firstEmail!.id);
    expect(pdfWords(attached!.content)).toContain(numbered(before).join(" "));
    const firstPdf = await pdfOf(q.id, 1);
    expect(firstPdf).toContain(numbered(before).join(" "));

    // Settings change: a new cancellation term.
    const cancellation = "Cancellation: cancelled 14 days or more before the event, the advance is refunded in full.";
    await saveTerms({ termsCancellation: cancellation });

    // Revision 1 is unchanged: its row, its PDF (byte for byte the same words), its page.
    expect(await revisionTerms(q.id)).toEqual([before]);
    expect(await pdfOf(q.id, 1)).toBe(firstPdf);
    expect(await pdfOf(q.id, 1)).not.toContain(cancellation);
    expect((await getCustomerQuotation(getDb(), { email: "terms.buyer@example.com" }, q.id))!.prices!.terms).toEqual(
      before,
    );

    // Revision 2 takes the terms Settings hold at its sending.
    await send(q.id, "3800");
    const after = quotationTermsList({ ...DEFAULT_QUOTATION_TERMS, termsCancellation: cancellation });
    expect(await revisionTerms(q.id)).toEqual([before, after]);
    const secondPdf = await pdfOf(q.id, 2);
    expect(secondPdf).toContain(numbered(after).join(" "));
    expect(secondPdf).not.toContain(DEFAULT_QUOTATION_TERMS.termsCancellation);
    expect(await pdfOf(q.id, 1)).toContain(DEFAULT_QUOTATION_TERMS.termsCancellation);
    const [, secondEmail] = await sentEmails(q.id);
    expect(secondEmail!.subject).toMatch(/ \(revision 2\)$/);
    expect(secondEmail!.textBody).toContain(`4. ${cancellation}`);
    expect(secondEmail!.textBody).not.toContain(DEFAULT_QUOTATION_TERMS.termsCancellation);

    // The portal's page and the e-mailed link's page show the revision last sent, with its terms.
    const portal = await getCustomerQuotation(getDb(), { email: "Terms.Buyer@example.com" }, q.id);
    expect(portal!.prices).toMatchObject({ revision: 2, terms: after });
    const token = /\/customer\/link\/([A-Za-z0-9]+)/.exec(secondEmail!.textBody)![1]!;
    const linked = await getQuotationByLink(getDb(), token);
    expect(linked.state === "open" && linked.quotation.prices!.terms).toEqual(after);

    await saveTerms(DEFAULT_QUOTATION_TERMS);
  });

  it("are refused by the database when blank: every revision states its terms", async () => {
    const q = await insertQuotation("pending", "blank.terms@example.com", []);
    const revision = {
      quotationId: q.id,
      revision: 1,
      lines: [],
      subtotal: "0",
      discount: "0",
      vatRatePercent: "15",
      vatAmount: "0",
      total: "0",
      eventDate: "2027-03-13",
      rentalEndDate: "2027-03-13",
      validUntil: new Date(),
      sentByLabel: "sales@example.com",
    };
    await expect(
      getDb()
        .insert(quotationRevisions)
        .values({ ...revision, terms: [] }),
    ).rejects.toMatchObject({
      cause: { constraint: "quotation_revisions_terms_check" },
    });
  });
});
