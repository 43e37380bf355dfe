// The invoices' screens (issue 22): the list (search by number or customer, the state filter, paging in the URL), the
// Issue invoice dialog by ?issue=<quotation id> with its figures and refusals, an invoice's page with its lines,
// balance, allocations and credit notes, its actions (credit note, apply credit, resend), the quotation panel's
// invoices, and who may do what: staff (no accounts.view) is refused every one of them.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import {
  advancePaid,
  approvedQuotation,
  customerOf,
  seedBooks,
  WRITTEN_TABLES,
} from "../../../tests/support/invoice-fixtures";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { emailOutbox, invoices } from "~/db/schema";
import { INVOICE_KIND_MESSAGES } from "~/domain/sales/invoice-arithmetic";
import { INVOICE_MESSAGES } from "~/domain/sales/invoice-forms";
import { INVOICE_LIST } from "~/domain/sales/invoice-list";
import { todayInDhaka } from "~/lib/dhaka-time";
import { action as detailAction, loader as detailLoader } from "./invoice";
import { action as listAction, loader as listLoader } from "./invoices";
import { loader as quotationsLoader } from "./quotations";

let admin: TestUser;
let accountant: TestUser;
let staff: TestUser;

const list = (query = "", as: TestUser = admin) => callRoute(listLoader, `/admin/invoices${query}`, { as });
const issue = (form: Record<string, string>, as: TestUser = admin) =>
  callRoute(listAction, `/admin/invoices?issue=${form.quotationId}`, { as, form: { intent: "issue", ...form } });
const detail = (id: string, as: TestUser = admin, query = "") =>
  callRoute(detailLoader, `/admin/invoices/${id}${query}`, { as, params: { id } });
const act = (id: string, form: Record<string, string>, as: TestUser = admin) =>
  callRoute(detailAction, `/admin/invoices/${id}`, { as, params: { id }, form });

async function issueVia(quotationId: string, kind = "full", advancePercent = "", as: TestUser = admin) {
  const response = (await issue({ quotationId, kind, advancePercent }, as)) as Response;
  expect(response.status).toBe(302);
  const id = response.headers.get("location")!.replace("/admin/invoices/", "");
  const [row] = await getDb().select().from(invoices).where(eq(invoices.id, id));
  expect(flashToast(response)).toEqual({ type: "success", message: INVOICE_MESSAGES.issued(row!.number) });
  return row!;
}

beforeAll(async () => {
  await seedBooks();
  [admin, accountant, staff] = await Promise.all([
    signedInUser("admin"),
    signedInUser("accountant"),
    signedInUser("staff"),
  ]);
});

describe("Issue invoice", () => {
  it("opens by ?issue= with the quotation's figures, the kinds allowed and the terms' advance", async () => {
    const q = await approvedQuotation([["LED wall", 2, "1500"]], {
      terms: ["Booking: an advance of 40% of the total confirms the booking."],
    });
    const { preview } = await list(`?issue=${q.id}`);
    expect(preview).toMatchObject({
      quotationId: q.id,
      blocked: null,
      defaultPercent: "40",
      refused: { final: INVOICE_KIND_MESSAGES.finalWithoutAdvance },
      revision: { number: 1, total: "3450.00", vatRatePercent: "15.00" },
    });
    // An unknown or malformed quotation: back to the list with the reason.
    for (const bad of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const thrown = await thrownBy(list(`?issue=${bad}`));
      expect(thrown.status).toBe(302);
    }
    // Not approved: the dialog says why and offers nothing.
    const sent = await approvedQuotation([["Truss", 1, "10"]], { status: "sent" });
    expect((await list(`?issue=${sent.id}`)).preview?.blocked).toBe(INVOICE_MESSAGES.notApproved("sent"));
  });

  it("issues an advance then the final, each opening the invoice's page; a refusal answers 409 and writes nothing", async () => {
    const q = await approvedQuotation([["LED wall", 2, "1500"]]);
    const advance = await issueVia(q.id, "advance", "50");
    expect(advance.total).toBe("1725.00");
    const before = await tableFingerprint(WRITTEN_TABLES);
    const refused = answerOf<{ errors: Record<string, string> }>(await issue({ quotationId: q.id, kind: "full" }));
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ kind: INVOICE_KIND_MESSAGES.fullAfterInvoice });
    const invalid = answerOf<{ errors: Record<string, string> }>(
      await issue({ quotationId: q.id, kind: "advance", advancePercent: "abc" }),
    );
    expect(invalid.status).toBe(400);
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
    const final = await issueVia(q.id, "final", "", accountant);
    expect(final.total).toBe("1725.00");
    const { preview } = await list(`?issue=${q.id}`);
    expect(preview!.refused).toMatchObject({ final: INVOICE_KIND_MESSAGES.finalTwice });
  });
});

describe("the list", () => {
  it("searches by number and customer, filters by state and pages in the URL", async () => {
    const due = await issueVia((await approvedQuotation([["Stage", 1, "1000"]])).id);
    const paidQ = await approvedQuotation([["Stage", 1, "1000"]]);
    await advancePaid(await customerOf(paidQ.id), "1150", todayInDhaka());
    const paid = await issueVia(paidQ.id);
    expect(paid.paidAmount).toBe("1150.00");

    expect((await list(`?q=${due.number}`)).page.rows.map((r) => r.id)).toEqual([due.id]);
    expect((await list(`?q=${encodeURIComponent(due.buyerName)}`)).page.rows.map((r) => r.id)).toEqual([due.id]);
    const dueRows = (await list("?state=due")).page.rows;
    expect(dueRows.map((r) => r.id)).toContain(due.id);
    expect(dueRows.map((r) => r.id)).not.toContain(paid.id);
    const paidRows = (await list("?state=paid")).page.rows;
    expect(paidRows.map((r) => r.id)).toEqual([paid.id]);
    expect(paidRows[0]).toMatchObject({ due: "0.00", total: "1150.00" });

    // Paging: enough invoices for two pages.
    const { page } = await list();
    for (let n = page.total; n <= INVOICE_LIST.pageSize; n++)
      await issueVia((await approvedQuotation([["Chair", 1, `${n + 1}`]])).id);
    const first = await list();
    const second = await list("?page=2");
    expect(first.page.pageCount).toBeGreaterThanOrEqual(2);
    expect(second.page.page).toBe(2);
    expect(second.page.rows[0]!.id).not.toBe(first.page.rows[0]!.id);
    // Newest first by default.
    expect(first.page.rows[0]!.number > first.page.rows[1]!.number).toBe(true);
    // A page and more of invoices issued one by one: past 30 s on a busy machine (PostgreSQL stage of CI).
  }, 120_000);
});

describe("an invoice's page", () => {
  it("shows the invoice as printed with its balance; credit note, apply credit and resend work from it", async () => {
    const q = await approvedQuotation([["Chairs", 100, "33.33"]]);
    const invoice = await issueVia(q.id);
    const { invoice: shown, creditNoteOpen } = await detail(invoice.id, admin, "?credit-note=1");
    expect(creditNoteOpen).toBe(true);
    expect(shown).toMatchObject({
      number: invoice.number,
      total: "3832.95",
      due: "3832.95",
      netLeft: "3333.00",
      customerCredit: "0.00",
      lines: [{ lineNo: 1, description: "Chairs", quantity: 100, unitPrice: "33.33", value: "3333.00" }],
      creditNotes: [],
      allocations: [],
    });
    expect(shown.emails).toHaveLength(1);

    // A refused credit note: 400 with the field's message, nothing written.
    const before = await tableFingerprint(WRITTEN_TABLES);
    const refused = answerOf<{ errors: Record<string, string> }>(
      await act(invoice.id, { intent: "credit-note", scope: "part", amount: "100", reason: "" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ reason: INVOICE_MESSAGES.reasonRequired });
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);

    const noted = (await act(invoice.id, {
      intent: "credit-note",
      scope: "part",
      amount: "333.00",
      reason: "Ten chairs broken",
    })) as Response;
    expect(flashToast(noted)).toMatchObject({ type: "success", message: expect.stringContaining(invoice.number) });
    const afterNote = (await detail(invoice.id)).invoice;
    expect(afterNote).toMatchObject({ netLeft: "3000.00", creditedAmount: "382.95", due: "3450.00" });
    expect(afterNote.creditNotes).toMatchObject([{ reason: "Ten chairs broken", total: "382.95" }]);

    // The customer pays an advance later: Apply credit.
    await advancePaid(invoice.customerId, "500", todayInDhaka());
    expect((await detail(invoice.id)).invoice.customerCredit).toBe("500.00");
    const applied = (await act(invoice.id, { intent: "apply-credit" })) as Response;
    expect(flashToast(applied)).toEqual({
      type: "success",
      message: INVOICE_MESSAGES.creditApplied("500.00", invoice.number),
    });
    const afterApply = (await detail(invoice.id)).invoice;
    expect(afterApply).toMatchObject({ due: "2950.00", paidAmount: "500.00", customerCredit: "0.00" });
    expect(afterApply.allocations).toMatchObject([{ kind: "credit", amount: "500.00" }]);
    const again = (await act(invoice.id, { intent: "apply-credit" })) as Response;
    expect(flashToast(again)).toEqual({
      type: "error",
      message: INVOICE_MESSAGES.applyCreditFailed(INVOICE_MESSAGES.noCredit),
    });

    const resent = (await act(invoice.id, { intent: "resend" })) as Response;
    expect(flashToast(resent)).toMatchObject({ type: "success", message: expect.stringContaining("again") });
    const emails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.relatedId, invoice.id));
    expect(emails).toHaveLength(2);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await thrownBy(detail("00000000-0000-4000-8000-000000000000"))).status).toBe(404);
    expect((await thrownBy(detail("INV-1"))).status).toBe(404);
  });
});

describe("the quotation panel", () => {
  it("lists the quotation's invoices for those who see the books, not for staff", async () => {
    const q = await approvedQuotation([["Stage", 1, "800"]]);
    const invoice = await issueVia(q.id);
    const { panel } = await callRoute(quotationsLoader, `/admin/quotations?view=${q.id}`, { as: admin });
    expect(panel).toMatchObject({ canIssueInvoice: true, invoices: [{ id: invoice.id, number: invoice.number }] });
    const forStaff = await callRoute(quotationsLoader, `/admin/quotations?view=${q.id}`, { as: staff });
    expect(forStaff.panel).toMatchObject({ canIssueInvoice: false, invoices: null });
  });
});

describe("who may", () => {
  it("refuses staff (no accounts.view) the list, the page and every action (403), writing nothing", async () => {
    const q = await approvedQuotation([["Stage", 1, "800"]]);
    const invoice = await issueVia(q.id);
    expect((await thrownBy(list("", staff))).status).toBe(403);
    expect((await thrownBy(detail(invoice.id, staff))).status).toBe(403);
    const before = await tableFingerprint(WRITTEN_TABLES);
    const other = await approvedQuotation([["Stage", 1, "800"]]);
    const afterFixture = await tableFingerprint(WRITTEN_TABLES);
    expect(afterFixture).not.toEqual(before);
    expect((await thrownBy(issue({ quotationId: other.id, kind: "full" }, staff))).status).toBe(403);
    for (const intent of ["credit-note", "apply-credit", "resend"])
      expect((await thrownBy(act(invoice.id, { intent, scope: "whole", reason: "x" }, staff))).status).toBe(403);
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(afterFixture);
  });
});
