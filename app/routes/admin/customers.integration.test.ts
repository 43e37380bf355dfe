// Customers and Payments screens (issue 22): the list and the detail with and without the money (staff see customers
// but no money; the accountant sees it), New customer and Merge through the actions, Record payment opened by the URL
// (customer chooser, the customer's open invoices, ?invoice= typing its due in), a payment and a VDS certificate
// recorded through the actions, refusals answered in the dialog, and who may do what.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { customerPayments, customers, invoices } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { CUSTOMER_MESSAGES, type CustomerFormValues } from "~/domain/sales/customer-form";
import { CUSTOMER_PAYMENT_MESSAGES } from "~/domain/sales/customer-payment-form";
import { todayInDhaka } from "~/lib/dhaka-time";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertIssuedInvoice, type InvoiceFixture } from "../../../tests/support/sales-document-fixtures";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { action as customerAction, loader as customerLoader } from "./customer";
import { action as paymentsAction, loader as paymentsLoader } from "./customer-payments";
import { action as customersAction, loader as customersLoader } from "./customers";

const BANK = seedId("account:1100");
const TODAY = todayInDhaka();
let admin: TestUser;
let accountant: TestUser;
let staff: TestUser;
let invoice: InvoiceFixture;

type Loaded<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;

const loadCustomers = (query = "", as = admin) =>
  callRoute(customersLoader, `/admin/customers${query}`, { as }) as Promise<Loaded<typeof customersLoader>>;
const loadCustomer = (id: string, query = "", as = admin) =>
  callRoute(customerLoader, `/admin/customers/${id}${query}`, { as, params: { id } }) as Promise<
    Loaded<typeof customerLoader>
  >;
const loadPayments = (query = "", as = admin) =>
  callRoute(paymentsLoader, `/admin/payments${query}`, { as }) as Promise<Loaded<typeof paymentsLoader>>;
const postPayments = (form: Record<string, string | string[]>, as = admin, query = "?new=1") =>
  callRoute(paymentsAction, `/admin/payments${query}`, { as, form });

beforeAll(async () => {
  await seedDatabase(getDb());
  [admin, accountant, staff] = await Promise.all([
    signedInUser("admin"),
    signedInUser("accountant"),
    signedInUser("staff"),
  ]);
  invoice = await insertIssuedInvoice(`screen-${Date.now()}@example.com`, { buyerName: "Shapla Events" });
  await getDb()
    .update(customers)
    .set({ name: "Shapla Events", vatWithholding: true })
    .where(eq(customers.id, invoice.customerId));
});

describe("/admin/customers", () => {
  it("lists customers with their money for the accountant and without it for staff", async () => {
    const asAccountant = await loadCustomers("?q=Shapla", accountant);
    expect(asAccountant.page.rows).toHaveLength(1);
    expect(asAccountant.page.rows[0]!.money).toEqual({ invoiced: "69000.00", owes: "69000.00", credit: "0.00" });
    expect(asAccountant.canManage).toBe(false);
    const asStaff = await loadCustomers("?q=Shapla", staff);
    expect(asStaff.page.rows[0]!.money).toBeNull();
    expect(asStaff.withMoney).toBe(false);
    expect(asStaff.canManage).toBe(true);
  });

  it("opens New customer and Merge by the URL (only for those who may), merge preselecting the duplicate", async () => {
    expect((await loadCustomers("?new=1", staff)).dialog?.kind).toBe("create");
    expect((await loadCustomers("?new=1", accountant)).dialog).toBeNull();
    const merge = await loadCustomers(`?merge=1&duplicate=${invoice.customerId}`, staff);
    expect(merge.dialog).toEqual({ kind: "merge", values: { duplicateId: invoice.customerId, keepId: "" } });
    expect(merge.choices?.choices.some((c) => c.id === invoice.customerId)).toBe(true);
  });

  it("Merge's pickers: a search narrows them server-side, at most 50, the preselected ones always offered", async () => {
    const rows = await getDb()
      .insert(customers)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          name: `Picker Bulk ${String(i + 1).padStart(2, "0")}`,
          email: `picker-${i + 1}-${Date.now()}@example.com`,
        })),
      )
      .returning({ id: customers.id, name: customers.name });
    const last = rows.find((r) => r.name === "Picker Bulk 55")!;
    const first = rows.find((r) => r.name === "Picker Bulk 01")!;

    // Unsearched: the first 50 by name, and a note that there are more.
    const all = await loadCustomers("?merge=1", staff);
    expect(all.choices).toMatchObject({ find: "", more: true });
    expect(all.choices!.choices).toHaveLength(50);

    // A search narrows on the server (name, organisation, e-mail or phone); the list's own q is left alone.
    const shapla = await loadCustomers("?q=Bulk&merge=1&find=shapla", staff);
    expect(shapla.choices).toEqual({
      find: "shapla",
      more: false,
      choices: [expect.objectContaining({ id: invoice.customerId, name: "Shapla Events" })],
    });
    expect(shapla.state.q).toBe("Bulk");
    const bulk = await loadCustomers("?merge=1&find=%20Picker%20%20Bulk%20", staff);
    expect(bulk.choices).toMatchObject({ find: "Picker Bulk", more: true });
    expect(bulk.choices!.choices.map((c) => c.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Picker Bulk ${String(i + 1).padStart(2, "0")}`),
    );
    expect((await loadCustomers("?merge=1&find=picker-55-", staff)).choices!.choices.map((c) => c.id)).toEqual([
      last.id,
    ]);
    expect((await loadCustomers("?merge=1&find=100%25_", staff)).choices!.choices).toEqual([]);

    // The preselected duplicate and kept record are offered whatever the search, first; the dialog has them chosen.
    const preselected = await loadCustomers(`?merge=1&find=Shapla&duplicate=${last.id}&keep=${first.id}`, staff);
    expect(preselected.dialog).toEqual({ kind: "merge", values: { duplicateId: last.id, keepId: first.id } });
    expect(preselected.choices!.choices.map((c) => c.id)).toEqual([first.id, last.id, invoice.customerId]);
    const beyond = await loadCustomers(`?merge=1&find=Picker%20Bulk&duplicate=${last.id}`, staff);
    expect(beyond.choices!.choices).toHaveLength(51);
    expect(beyond.choices!.choices[0]!.id).toBe(last.id);
    expect(new Set(beyond.choices!.choices.map((c) => c.id)).size).toBe(51);

    // The payments' chooser narrows the same way.
    const chooser = await loadPayments("?new=1&find=Shapla", accountant);
    if (chooser.dialog?.kind !== "choose") throw new Error("no chooser");
    expect(chooser.dialog.choices.choices.map((c) => c.id)).toEqual([invoice.customerId]);
    const unsearched = await loadPayments("?new=1", accountant);
    if (unsearched.dialog?.kind !== "choose") throw new Error("no chooser");
    expect(unsearched.dialog.choices).toMatchObject({ find: "", more: true });
    expect(unsearched.dialog.choices.choices).toHaveLength(50);
  });

  it("adds a customer and opens its page; a refusal answers in the dialog with the field's message", async () => {
    const email = `new-${Date.now()}@example.com`;
    const response = (await callRoute(customersAction, "/admin/customers?new=1", {
      as: staff,
      form: { intent: "create", name: "Mitu Rahman", email, bin: "123-456-789" },
    })) as Response;
    const [row] = await getDb().select().from(customers).where(eq(customers.email, email));
    expect(row).toMatchObject({ name: "Mitu Rahman", bin: "123456789" });
    expect(response.headers.get("location")).toBe(`/admin/customers/${row!.id}`);
    expect(flashToast(response)).toEqual({ type: "success", message: CUSTOMER_MESSAGES.created });

    const before = await tableFingerprint(["customers", "audit_log"]);
    const refused = answerOf<{ errors: Record<string, string> }>(
      await callRoute(customersAction, "/admin/customers?new=1", {
        as: staff,
        form: { intent: "create", name: "Mitu Again", email: email.toUpperCase() },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ email: CUSTOMER_MESSAGES.emailTaken });
    expect(await tableFingerprint(["customers", "audit_log"])).toEqual(before);
  });

  it("merges through the action and opens the kept record", async () => {
    const [keep] = await getDb().insert(customers).values({ name: "Keep Me" }).returning({ id: customers.id });
    const [dup] = await getDb().insert(customers).values({ name: "Dup Me" }).returning({ id: customers.id });
    const response = (await callRoute(customersAction, "/admin/customers?merge=1", {
      as: staff,
      form: { intent: "merge", duplicateId: dup!.id, keepId: keep!.id },
    })) as Response;
    expect(response.headers.get("location")).toBe(`/admin/customers/${keep!.id}`);
    // The merged record's page goes to the kept one.
    const thrown = await thrownBy(loadCustomer(dup!.id));
    expect(thrown.location).toBe(`/admin/customers/${keep!.id}`);
  });

  it("staff may not merge records with invoices, credit notes or payments: refused in the dialog, naming why", async () => {
    const [keep] = await getDb().insert(customers).values({ name: "Shapla Kept" }).returning({ id: customers.id });
    const before = await tableFingerprint(["customers", "quotations", "invoices", "customer_payments", "audit_log"]);
    const refused = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await callRoute(customersAction, "/admin/customers?merge=1", {
        as: staff,
        form: { intent: "merge", duplicateId: invoice.customerId, keepId: keep!.id },
      }),
    );
    const message = CUSTOMER_MESSAGES.mergeNeedsAccounts(["Shapla Events"]);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual({ form: message });
    expect(refused.body.toast.message).toBe(CUSTOMER_MESSAGES.mergeFailed(message));
    expect(await tableFingerprint(["customers", "quotations", "invoices", "customer_payments", "audit_log"])).toEqual(
      before,
    );
    // The dialog says beforehand who may merge such records; the admin's does not need to.
    expect((await loadCustomers("?merge=1", staff)).mergesMoney).toBe(false);
    expect((await loadCustomers("?merge=1", admin)).mergesMoney).toBe(true);
  });

  it("?sort=owes ranks by what customers owe only for those who see the money; staff get the default sort", async () => {
    const owing = await insertIssuedInvoice(`sortowes-${Date.now()}@example.com`, { buyerName: "Sortowes Zulu" });
    await getDb().update(customers).set({ name: "Sortowes Zulu" }).where(eq(customers.id, owing.customerId));
    const [alpha] = await getDb().insert(customers).values({ name: "Sortowes Alpha" }).returning({ id: customers.id });
    const asAccountant = await loadCustomers("?q=Sortowes&sort=owes", accountant);
    expect(asAccountant.state.sort).toBe("owes");
    expect(asAccountant.page.rows.map((r) => r.id)).toEqual([owing.customerId, alpha!.id]);
    for (const query of ["?q=Sortowes&sort=owes", "?q=Sortowes&sort=owes&dir=desc", "?q=Sortowes&sort=owes&dir=asc"]) {
      const asStaff = await loadCustomers(query, staff);
      expect(asStaff.state).toMatchObject({ sort: "name", dir: "asc" });
      expect(asStaff.page.rows.map((r) => r.id)).toEqual([alpha!.id, owing.customerId]);
    }
    // Reversed by name, the order still tells nothing of the money.
    const reversed = await loadCustomers("?q=Sortowes&sort=name&dir=desc", staff);
    expect(reversed.page.rows.map((r) => r.id)).toEqual([owing.customerId, alpha!.id]);
  });

  it("refuses what a role may not do", async () => {
    expect(
      (
        await thrownBy(
          callRoute(customersAction, "/admin/customers", { as: accountant, form: { intent: "create", name: "X" } }),
        )
      ).status,
    ).toBe(403);
  });
});

describe("/admin/customers/:id", () => {
  it("shows the record and quotations to staff, without the accounts; the accountant sees invoices and money", async () => {
    const asStaff = await loadCustomer(invoice.customerId, "", staff);
    expect(asStaff.customer.accounts).toBeNull();
    expect(asStaff.canRecord).toBe(false);
    expect(asStaff.canEdit).toBe(true);
    const asAccountant = await loadCustomer(invoice.customerId, "", accountant);
    expect(asAccountant.customer.accounts?.invoices.map((i) => i.number)).toEqual([invoice.number]);
    expect(asAccountant.canRecord).toBe(true);
    expect(asAccountant.canEdit).toBe(false);
  });

  it("edits through ?edit=1; staff may, the accountant may not", async () => {
    const opened = await loadCustomer(invoice.customerId, "?edit=1", staff);
    expect(opened.editValues).toMatchObject({ name: "Shapla Events", vatWithholding: "on" });
    const path = `/admin/customers/${invoice.customerId}?edit=1`;
    const refused = answerOf<{ errors: Record<string, string> }>(
      await callRoute(customerAction, path, {
        as: staff,
        params: { id: invoice.customerId },
        form: { ...form(opened.editValues!), bin: "12" },
      }),
    );
    expect(refused.body.errors).toEqual({ bin: CUSTOMER_MESSAGES.binInvalid });
    const done = (await callRoute(customerAction, path, {
      as: staff,
      params: { id: invoice.customerId },
      form: { ...form(opened.editValues!), phone: "01712-345678" },
    })) as Response;
    expect(flashToast(done)).toEqual({ type: "success", message: CUSTOMER_MESSAGES.updated });
    expect(
      (
        await thrownBy(
          callRoute(customerAction, path, {
            as: accountant,
            params: { id: invoice.customerId },
            form: form(opened.editValues!),
          }),
        )
      ).status,
    ).toBe(403);
  });
});

const form = (values: CustomerFormValues): Record<string, string> => ({ intent: "update", ...values });

describe("/admin/payments", () => {
  it("staff may neither see the payments nor record one", async () => {
    expect((await thrownBy(loadPayments("", staff))).status).toBe(403);
    expect((await thrownBy(postPayments({ intent: "create" }, staff))).status).toBe(403);
  });

  it("Record payment: the chooser, then the customer's open invoices with ?invoice= typing its due in", async () => {
    const chooser = await loadPayments("?new=1", accountant);
    expect(chooser.dialog?.kind).toBe("choose");
    const opened = await loadPayments(`?new=1&customer=${invoice.customerId}&invoice=${invoice.id}`, accountant);
    if (opened.dialog?.kind !== "create") throw new Error("no payment form");
    expect(opened.dialog.customer).toMatchObject({ name: "Shapla Events", vatWithholding: true, credit: "0.00" });
    expect(opened.dialog.customer.invoices.map((i) => [i.number, i.due])).toEqual([[invoice.number, "69000.00"]]);
    expect(opened.dialog.values).toMatchObject({
      received: "69000.00",
      moneyAccountId: BANK,
      allocations: [{ invoiceId: invoice.id, amount: "69000.00" }],
    });
    const unknown = await thrownBy(loadPayments("?new=1&customer=00000000-0000-4000-8000-000000000000", accountant));
    expect(unknown.location).toBe("/admin/payments?new=1");
  });

  it("records a payment net of VDS and AIT; a refusal stays in the dialog; the certificate after", async () => {
    const base = {
      intent: "create",
      customerId: invoice.customerId,
      date: TODAY,
      method: "cheque",
      methodReference: "",
      moneyAccountId: BANK,
      received: "57000",
      vdsAmount: "9000",
      aitRate: "5",
      notes: "",
      allocationInvoiceId: [invoice.id],
      allocationAmount: ["69000"],
    };
    const before = await tableFingerprint(["customer_payments", "journal_entries", "audit_log"]);
    const refused = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await postPayments(base, accountant),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ methodReference: "Cheque number is required" });
    expect(refused.body.toast.message).toBe(CUSTOMER_PAYMENT_MESSAGES.failed("Cheque number is required"));
    expect(await tableFingerprint(["customer_payments", "journal_entries", "audit_log"])).toEqual(before);

    const done = (await postPayments({ ...base, methodReference: "CHQ-004512" }, accountant)) as Response;
    expect(done.headers.get("location")).toBe("/admin/payments");
    expect(flashToast(done)).toEqual({
      type: "success",
      message: `Payment of ৳69,000.00 recorded; ${invoice.number} settled`,
    });
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(inv!.paidAmount).toBe("69000.00");

    const list = await loadPayments("?vds=awaiting", accountant);
    expect(list.page.rows.map((r) => [r.customerName, r.total, r.invoiceNumbers])).toEqual([
      ["Shapla Events", "69000.00", [invoice.number]],
    ]);
    const paymentId = list.page.rows[0]!.id;
    expect((await loadPayments(`?q=${invoice.number}`, accountant)).page.rows.map((r) => r.id)).toEqual([paymentId]);
    expect((await loadPayments("?q=CHQ-0045", accountant)).page.rows.map((r) => r.id)).toEqual([paymentId]);

    const certificate = await loadPayments(`?certificate=${paymentId}`, accountant);
    expect(certificate.dialog?.kind).toBe("certificate");
    const saved = (await postPayments(
      { intent: "certificate", id: paymentId, vdsCertificateNo: "M66-1001", vdsCertificateDate: TODAY },
      accountant,
      `?certificate=${paymentId}`,
    )) as Response;
    expect(flashToast(saved)).toEqual({ type: "success", message: CUSTOMER_PAYMENT_MESSAGES.certificateRecorded });
    const [row] = await getDb().select().from(customerPayments).where(eq(customerPayments.id, paymentId));
    expect(row).toMatchObject({ vdsCertificateNo: "M66-1001", vdsCertificateDate: TODAY });
    // Recorded once: the dialog does not open again.
    const again = await thrownBy(loadPayments(`?certificate=${paymentId}`, accountant));
    expect(again.location).toBe("/admin/payments");
    expect((await loadPayments("?vds=certified", accountant)).page.rows.map((r) => r.id)).toEqual([paymentId]);

    const detail = await loadCustomer(invoice.customerId, "", accountant);
    expect(detail.customer.accounts?.money).toEqual({ invoiced: "69000.00", owes: "0.00", credit: "0.00" });
  });
});
