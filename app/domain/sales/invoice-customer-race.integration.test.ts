// A merge between a document's first read and its locks (issue 22): a credit note and Apply credit read the
// invoice's customer before any lock is held, and an invoice reads its quotation's customer before locking it. Here
// the merge is played by a direct update, in the document's own transaction, at that very moment (a hook on the
// lock, or on the customer's lookup): the credit note and Apply credit are refused ("try again") rather than spend
// one customer's credit under another's lock; the invoice follows the merge to the record kept.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Tx } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { creditNotes, customers, invoiceAllocations, invoices, quotations } from "~/db/schema";
import { todayInDhaka } from "~/lib/dhaka-time";
import {
  ACTOR,
  advancePaid,
  approvedQuotation,
  balances,
  customerOf,
  seedBooks,
} from "../../../tests/support/invoice-fixtures";
import type * as CustomerCredit from "./customer-credit.server";
import { applyCustomerCredit } from "./invoice-apply-credit.server";
import { INVOICE_MESSAGES } from "./invoice-forms";
import { issueCreditNote } from "./issue-credit-note.server";
import { issueInvoice } from "./issue-invoice.server";
import type * as QuotationCustomer from "./quotation-customer.server";

type Hook = ((tx: Tx, id: string) => Promise<void>) | null;
const hooks = vi.hoisted(() => ({ beforeLockCustomer: null as Hook, afterEnsureCustomer: null as Hook }));

vi.mock("./customer-credit.server", async (importOriginal) => {
  const actual = await importOriginal<typeof CustomerCredit>();
  return {
    ...actual,
    lockCustomer: async (tx: Tx, id: string) => {
      const hook = hooks.beforeLockCustomer;
      hooks.beforeLockCustomer = null;
      if (hook) await hook(tx, id);
      return actual.lockCustomer(tx, id);
    },
  };
});

vi.mock("./quotation-customer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof QuotationCustomer>();
  return {
    ...actual,
    ensureQuotationCustomer: async (tx: Tx, quotationId: string, createdBy: string | null) => {
      const id = await actual.ensureQuotationCustomer(tx, quotationId, createdBy);
      const hook = hooks.afterEnsureCustomer;
      hooks.afterEnsureCustomer = null;
      if (hook) await hook(tx, id);
      return id;
    },
  };
});

const TODAY = todayInDhaka();

async function newCustomer(name: string): Promise<string> {
  const [row] = await getDb().insert(customers).values({ name }).returning({ id: customers.id });
  return row!.id;
}

async function invoiceOf(quotationId: string) {
  const result = await issueInvoice(getDb(), ACTOR, { quotationId, kind: "full", advancePercent: "" });
  if (!result.ok) throw new Error(result.message);
  const [row] = await getDb().select().from(invoices).where(eq(invoices.id, result.id));
  return row!;
}

/** A merge's move of the invoice to `keptId`, as it would commit between the document's read and its locks. */
const moveInvoiceTo = (invoiceId: string, keptId: string) => async (tx: Tx) => {
  await tx.update(invoices).set({ customerId: keptId }).where(eq(invoices.id, invoiceId));
};

beforeAll(async () => {
  await seedBooks();
});

beforeEach(() => {
  hooks.beforeLockCustomer = null;
  hooks.afterEnsureCustomer = null;
});

describe("an invoice moved to another customer between the read and the locks", () => {
  it("refuses the credit note: nothing credited, nothing posted", async () => {
    const invoice = await invoiceOf((await approvedQuotation([["Stage", 1, "1000"]])).id);
    const kept = await newCustomer("Kept");
    const before = await balances();
    hooks.beforeLockCustomer = moveInvoiceTo(invoice.id, kept);
    const result = await issueCreditNote(getDb(), ACTOR, {
      invoiceId: invoice.id,
      scope: "whole",
      amount: "",
      reason: "Returned",
    });
    expect(hooks.beforeLockCustomer).toBeNull(); // the move happened
    expect(result).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: INVOICE_MESSAGES.invoiceMoved },
    });
    expect(await getDb().$count(creditNotes, eq(creditNotes.invoiceId, invoice.id))).toBe(0);
    const [row] = await getDb().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: "issued", creditedAmount: "0.00", customerId: kept });
    expect(await balances()).toEqual(before);
    // Tried again, it locks the customer the invoice is now on.
    expect(
      (await issueCreditNote(getDb(), ACTOR, { invoiceId: invoice.id, scope: "whole", amount: "", reason: "Returned" }))
        .ok,
    ).toBe(true);
  });

  it("refuses Apply credit: the first customer's credit is not spent on the kept one's invoice", async () => {
    const q = await approvedQuotation([["Stage", 1, "1000"]]);
    const invoice = await invoiceOf(q.id);
    await advancePaid(invoice.customerId, "500", TODAY);
    const kept = await newCustomer("Kept");
    const before = await balances();
    hooks.beforeLockCustomer = moveInvoiceTo(invoice.id, kept);
    const result = await applyCustomerCredit(getDb(), ACTOR, { invoiceId: invoice.id });
    expect(hooks.beforeLockCustomer).toBeNull();
    expect(result).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: INVOICE_MESSAGES.invoiceMoved },
    });
    expect(await getDb().$count(invoiceAllocations, eq(invoiceAllocations.invoiceId, invoice.id))).toBe(0);
    const [row] = await getDb().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.paidAmount).toBe("0.00");
    expect(await balances()).toEqual(before);
    // Tried again: the kept customer has no credit of their own.
    expect(await applyCustomerCredit(getDb(), ACTOR, { invoiceId: invoice.id })).toMatchObject({
      ok: false,
      errors: { form: INVOICE_MESSAGES.noCredit },
    });
  });
});

describe("a quotation's customer merged between its lookup and its lock", () => {
  it("invoices the record kept, the quotation following it", async () => {
    const q = await approvedQuotation([["Generator", 1, "1000"]]);
    const first = await customerOf(q.id);
    const kept = await newCustomer("Kept Events Ltd");
    hooks.afterEnsureCustomer = async (tx, id) => {
      expect(id).toBe(first);
      await tx.update(quotations).set({ customerId: kept }).where(eq(quotations.customerId, first));
      await tx
        .update(customers)
        .set({ mergedIntoId: kept, mergedAt: sql`now()` })
        .where(eq(customers.id, first));
    };
    const invoice = await invoiceOf(q.id);
    expect(hooks.afterEnsureCustomer).toBeNull();
    expect(invoice).toMatchObject({ customerId: kept, buyerName: "Kept Events Ltd" });
    const [quotation] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(quotation!.customerId).toBe(kept);
  });
});
