// Sums past numeric(14,2) (issue 38, finding 4): a customer whose payments add up to more than a column holds (rows
// from before the typed bound, written here directly as old data might be) still opens in the Customers list, on
// their page and on their invoice, the credit shown exactly: totals are computed as numeric, never cast to (14,2).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { customerPayments } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { advancePaid } from "../../../tests/support/invoice-fixtures";
import { insertIssuedInvoice, type InvoiceFixture } from "../../../tests/support/sales-document-fixtures";
import { callRoute, signedInUser, type TestUser } from "../../../tests/support/signed-in-request";
import { loader as customerLoader } from "./customer";
import { loader as customersLoader } from "./customers";
import { loader as invoiceLoader } from "./invoice";

const CASH = seedId("account:1000");
const TODAY = todayInDhaka();
let accountant: TestUser;
let invoice: InvoiceFixture;

type Loaded<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;

beforeAll(async () => {
  await seedDatabase(getDb());
  accountant = await signedInUser("accountant");
  invoice = await insertIssuedInvoice(`overflow-${Date.now()}@example.com`, { buyerName: "Padma Mega Events" });
  // One small advance through the ledger gives the rows a journal entry to point at; then the two payments the
  // probe made (৳999,999,999,999.99 and ৳10), straight into the table: 13 digits before the point together.
  await advancePaid(invoice.customerId, "1.00", TODAY);
  const [advance] = await getDb()
    .select({ journalEntryId: customerPayments.journalEntryId })
    .from(customerPayments)
    .where(eq(customerPayments.customerId, invoice.customerId));
  await getDb()
    .insert(customerPayments)
    .values(
      ["999999999999.99", "10.00"].map((amount) => ({
        customerId: invoice.customerId,
        date: TODAY,
        method: "cash" as const,
        moneyAccountId: CASH,
        received: amount,
        total: amount,
        journalEntryId: advance!.journalEntryId,
      })),
    );
});

// ৳1 + ৳999,999,999,999.99 + ৳10, none of it allocated to the invoice; what they owe is the ledger's (the ৳1 advance
// is on it, the rows written directly are not).
const CREDIT = "1000000000010.99";

describe("a customer whose payments sum past numeric(14,2)", () => {
  it("is listed in /admin/customers with the credit exact, not a 500", async () => {
    const list = (await callRoute(customersLoader, "/admin/customers?q=Padma", { as: accountant })) as Loaded<
      typeof customersLoader
    >;
    expect(list.page.rows.map((r) => r.money)).toEqual([{ invoiced: "69000.00", owes: "68999.00", credit: CREDIT }]);
    const sorted = (await callRoute(customersLoader, "/admin/customers?sort=owes", { as: accountant })) as Loaded<
      typeof customersLoader
    >;
    expect(sorted.page.rows.some((r) => r.money?.credit === CREDIT)).toBe(true);
  });

  it("opens on /admin/customers/:id with the credit and each payment", async () => {
    const id = invoice.customerId;
    const page = (await callRoute(customerLoader, `/admin/customers/${id}`, {
      as: accountant,
      params: { id },
    })) as Loaded<typeof customerLoader>;
    expect(page.customer.accounts?.money).toEqual({ invoiced: "69000.00", owes: "68999.00", credit: CREDIT });
    expect(page.customer.accounts?.invoices.map((i) => i.number)).toEqual([invoice.number]);
    expect(page.customer.accounts?.payments.map((p) => [p.total, p.allocated]).sort()).toEqual([
      ["1.00", "0.00"],
      ["10.00", "0.00"],
      ["999999999999.99", "0.00"],
    ]);
  });

  it("opens their invoice, showing the customer's credit", async () => {
    const id = invoice.id;
    const page = (await callRoute(invoiceLoader, `/admin/invoices/${id}`, {
      as: accountant,
      params: { id },
    })) as Loaded<typeof invoiceLoader>;
    expect(page.invoice.customerCredit).toBe(CREDIT);
  });
});
