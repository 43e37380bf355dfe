// Run by scripts/e2e.mjs before the shared e2e server starts (DATA_DIR, ADMIN_* in the environment):
// migrate, seed, then add the fixtures of fixtures.ts.
import { eq } from "drizzle-orm";
import { openDatabase } from "../../../app/db/client.server";
import { runMigrations } from "../../../app/db/migrate.server";
import {
  companySettings,
  contactMessages,
  customers,
  emailOutbox,
  events,
  inventoryItems,
  jobLines,
  jobMovements,
  jobs,
  quotationLines,
  quotationRevisions,
  quotations,
} from "../../../app/db/schema";
import type { QuotationRevisionLine } from "../../../app/domain/quotations/constants";
import { hashLinkToken } from "../../../app/domain/quotations/link-token";
import { DEFAULT_QUOTATION_TERMS, quotationTermsList } from "../../../app/domain/settings/quotation-terms";
import { seedDatabase } from "../../../app/db/seed/seed.server";
import { seedDemoBooks } from "../../../app/db/seed/demo-books.server";
import { seedId } from "../../../app/db/seed/ids";
import { createMoneyDocument } from "../../../app/domain/accounting/create-money-document.server";
import { settleOpenItem } from "../../../app/domain/accounting/settle-open-item.server";
import { loadEnv } from "../../../app/lib/env.server";
import { createPasswordUser } from "../../../app/domain/auth/users.server";
import { issueInvoice } from "../../../app/domain/sales/issue-invoice.server";
import { openInvoicesOf, recordCustomerPayment } from "../../../app/domain/sales/record-customer-payment.server";
import { fromPaisa, toPaisa } from "../../../app/lib/money";
import {
  fixtureDate,
  E2E_COMPANY_BIN,
  E2E_CUSTOMER_RECORD,
  E2E_JOB,
  E2E_INBOX_MESSAGE,
  E2E_OPEN_PAYABLE,
  E2E_OUTBOX_EMAIL,
  E2E_PART_RECEIVED,
  E2E_PORTAL_MUST_CHANGE,
  E2E_PORTAL_QUOTATIONS,
  E2E_SPARE_USERS,
  E2E_USERS,
  UPCOMING_EVENTS,
} from "./fixtures";

const env = loadEnv();
const database = await openDatabase(env);
try {
  await runMigrations(database);
  // Seeded as of 1 January 2024: the sample events keep the spec's own 2023-2024 dates (all past now), and
  // the upcoming events the specs need come from the fixtures below. A fresh install's own dating is
  // tested in events.spec.ts with a server of its own.
  await seedDatabase(database.db, {
    adminEmail: env.adminEmail,
    adminPassword: env.adminPassword,
    today: "2024-01-01",
  });
  // The company's BIN, as an administrator types it in Settings > Company: tax invoices are refused without it.
  await database.db.update(companySettings).set({ vatRegistrationNumber: E2E_COMPANY_BIN });
  // `LOOK_DEMO_BOOKS=1 npm run look -- ...`: screenshots of the accounting screens with three months of books.
  if (process.env.LOOK_DEMO_BOOKS === "1") await seedDemoBooks(database.db);
  await database.db
    .insert(events)
    .values(
      UPCOMING_EVENTS.map((e) => ({
        slug: e.slug,
        title: e.title,
        description: e.description,
        date: fixtureDate(e.daysFromNow),
        time: e.time,
        location: e.location,
        imageUrl: e.image,
        images: [...e.images],
        status: "upcoming" as const,
        capacity: e.capacity,
      })),
    )
    .onConflictDoNothing();
  for (const role of ["staff", "accountant", "customer"] as const) {
    await createPasswordUser(database.db, { ...E2E_USERS[role], role });
  }
  await createPasswordUser(database.db, { ...E2E_SPARE_USERS.mustChange, role: "staff", mustChangePassword: true });
  await createPasswordUser(database.db, { ...E2E_SPARE_USERS.twoSessions, role: "staff" });

  // The customer portal (customer-portal.spec.ts).
  await createPasswordUser(database.db, { ...E2E_PORTAL_MUST_CHANGE, role: "customer", mustChangePassword: true });
  const { pending, sent, other, approved } = E2E_PORTAL_QUOTATIONS;
  const quotation = (q: (typeof E2E_PORTAL_QUOTATIONS)[keyof typeof E2E_PORTAL_QUOTATIONS]) => ({
    id: q.id,
    customerName: q === other ? "Someone Else" : E2E_USERS.customer.name,
    email: q.email,
    phone: "01711000000",
    eventName: q.eventName,
    eventDate: fixtureDate(q.daysFromNow),
    eventTime: "18:30",
    eventLocation: "Gulshan Avenue, Dhaka",
  });
  await database.db.insert(quotations).values([
    // A two-day rental: the panel charges its lines priced per day for 2 days (ADR 0019).
    {
      ...quotation(pending),
      rentalEndDate: fixtureDate(pending.daysFromNow + 1),
      notes: "Stage ready by 4 pm, please.",
    },
    {
      ...quotation(sent),
      status: "sent" as const,
      revision: 1,
      total: "66125.00",
      discount: "1000.00",
      vatRatePercent: "15.00",
      sentAt: new Date(),
      secureLinkTokenHash: hashLinkToken(sent.linkToken),
      secureLinkExpiresAt: new Date(Date.now() + 7 * 86_400_000),
    },
    quotation(other),
  ]);
  // The pending request's lines are of the seeded items, as a visitor's would be (the panel prices them).
  const itemId = async (slug: string) =>
    (await database.db.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.slug, slug)))[0]!
      .id;
  await database.db.insert(quotationLines).values([
    {
      quotationId: pending.id,
      inventoryItemId: await itemId("led-wall-p3"),
      name: "LED Wall P3",
      size: "12 x 8 ft",
      quantity: 1,
      unitPrice: "0",
      priceUnit: "sqm/day",
      days: 1,
      total: "0",
      lineNo: 0,
    },
    {
      quotationId: pending.id,
      inventoryItemId: await itemId("moving-head-beam"),
      name: "Moving Head Beam",
      quantity: 8,
      unitPrice: "1500.00",
      priceUnit: "unit/day",
      days: 1,
      total: "12000.00",
      lineNo: 1,
    },
    {
      quotationId: sent.id,
      name: "Line Array Speaker",
      quantity: 4,
      unitPrice: "12500.00",
      total: "50000.00",
      lineNo: 0,
    },
    {
      quotationId: sent.id,
      name: "Aluminium Truss",
      size: "10 m",
      quantity: 1,
      unitPrice: "8500.00",
      total: "8500.00",
      lineNo: 1,
    },
    { quotationId: other.id, name: "Fog Machine", quantity: 2, unitPrice: "0", total: "0", lineNo: 0 },
  ]);
  await database.db.insert(quotationRevisions).values({
    quotationId: sent.id,
    revision: 1,
    lines: [
      {
        inventoryItemId: null,
        name: "Line Array Speaker",
        size: null,
        quantity: 4,
        unitPrice: "12500.00",
        total: "50000.00",
      },
      {
        inventoryItemId: null,
        name: "Aluminium Truss",
        size: "10 m",
        quantity: 1,
        unitPrice: "8500.00",
        total: "8500.00",
      },
    ],
    subtotal: "58500.00",
    discount: "1000.00",
    vatRatePercent: "15.00",
    vatAmount: "8625.00",
    total: "66125.00",
    eventDate: fixtureDate(sent.daysFromNow),
    rentalEndDate: fixtureDate(sent.daysFromNow),
    validUntil: new Date(Date.now() + 7 * 86_400_000),
    terms: quotationTermsList(DEFAULT_QUOTATION_TERMS),
    sentByLabel: E2E_USERS.admin.email,
  });

  // The approved one (screen-fit.spec.ts): long names and seven-figure amounts, charged by the day.
  const approvedLines: QuotationRevisionLine[] = [
    {
      inventoryItemId: null,
      name: "Outdoor LED Video Wall P3.9 with Processor, Rigging and Operator",
      size: "24 x 12 ft",
      quantity: 288,
      unitPrice: "1500.00",
      priceUnit: "sqm/day",
      days: 3,
      total: "1296000.00",
    },
    {
      inventoryItemId: null,
      name: "Line Array Speaker System (Main and Delay Towers)",
      size: null,
      quantity: 16,
      unitPrice: "12500.00",
      priceUnit: "unit/day",
      days: 3,
      total: "600000.00",
    },
    {
      inventoryItemId: null,
      name: "Crystal Chandelier Centrepiece",
      size: "1.8 m",
      quantity: 6,
      unitPrice: "8500.00",
      total: "51000.00",
    },
  ];
  const approvedEventDate = fixtureDate(approved.daysFromNow);
  const approvedEndDate = fixtureDate(approved.daysFromNow + 2);
  await database.db.insert(quotations).values({
    ...quotation(approved),
    rentalEndDate: approvedEndDate,
    status: "approved" as const,
    revision: 1,
    total: "2185000.00",
    discount: "47000.00",
    vatRatePercent: "15.00",
    sentAt: new Date(),
    respondedAt: new Date(),
  });
  await database.db.insert(quotationLines).values(
    approvedLines.map((line, lineNo) => ({
      ...line,
      quotationId: approved.id,
      size: line.size ?? undefined,
      lineNo,
    })),
  );
  await database.db.insert(quotationRevisions).values({
    quotationId: approved.id,
    revision: 1,
    lines: approvedLines,
    subtotal: "1947000.00",
    discount: "47000.00",
    vatRatePercent: "15.00",
    vatAmount: "285000.00",
    total: "2185000.00",
    eventDate: approvedEventDate,
    rentalEndDate: approvedEndDate,
    validUntil: new Date(Date.now() + 7 * 86_400_000),
    terms: quotationTermsList(DEFAULT_QUOTATION_TERMS),
    sentByLabel: E2E_USERS.admin.email,
  });

  // A message in the inbox, and the sent quotation's e-mail in the outbox (its figures in taka), failed.
  await database.db.insert(contactMessages).values({
    ...E2E_INBOX_MESSAGE,
    phone: "+880 1711-000333",
    message:
      "We are planning a three-day trade fair for about 2,000 visitors and need stage lighting, a line-array system, " +
      "wireless microphones and an LED wall for the main hall. Could you send us a quotation?",
  });
  // Written out rather than built by the e-mail's own module, so the fixture does not follow its wording.
  await database.db.insert(emailOutbox).values({
    id: E2E_OUTBOX_EMAIL.id,
    toAddress: sent.email,
    subject: `Your quotation from Utsab Event Rentals: ${sent.eventName}`,
    textBody: [
      `Dear ${E2E_USERS.customer.name},`,
      "",
      `Thank you for your request. Here is our quotation for ${sent.eventName}.`,
      "",
      "1. Line Array Speaker: 4 × ৳12,500.00 = ৳50,000.00",
      "2. Aluminium Truss (10 m): 1 × ৳8,500.00 = ৳8,500.00",
      "",
      "Subtotal: ৳58,500.00",
      "Discount: -৳1,000.00",
      "VAT (15%): ৳8,625.00",
      "Total: ৳66,125.00",
      "",
      "Open the quotation to approve it, reject it or ask us to negotiate (no password needed):",
      `${env.publicUrl}/customer/link/${sent.linkToken}`,
    ].join("\n"),
    kind: "quotation.sent",
    relatedType: "quotation",
    relatedId: sent.id,
    status: "failed",
    attempts: 8,
    lastError: "connect ECONNREFUSED 127.0.0.1:2525",
  });
  // An open payable, posted as the screen posts one (tests/e2e/support/fixtures.ts E2E_OPEN_PAYABLE).
  const payable = await createMoneyDocument(
    database.db,
    { userId: null, label: "e2e fixtures", ipAddress: null, userAgent: null },
    "payable",
    {
      ...E2E_OPEN_PAYABLE,
      date: fixtureDate(-40),
      dueDate: fixtureDate(-10),
      type: "expense",
      paymentMethod: "bank",
      moneyAccountId: seedId("account:1100"),
      status: "pending",
    },
  );
  if (!payable.ok) throw new Error(`the e2e open payable was refused: ${payable.message}`);
  // A receivable with part of it received (fixtures.ts E2E_PART_RECEIVED): a settlement to void.
  const receivable = await createMoneyDocument(
    database.db,
    { userId: null, label: "e2e fixtures", ipAddress: null, userAgent: null },
    "receivable",
    {
      party: E2E_PART_RECEIVED.party,
      category: E2E_PART_RECEIVED.category,
      description: E2E_PART_RECEIVED.description,
      amount: E2E_PART_RECEIVED.amount,
      reference: E2E_PART_RECEIVED.reference,
      date: fixtureDate(-20),
      dueDate: fixtureDate(10),
      type: "income",
      paymentMethod: "bank",
      moneyAccountId: "",
      status: "pending",
    },
  );
  if (!receivable.ok) throw new Error(`the e2e receivable was refused: ${receivable.message}`);
  const received = await settleOpenItem(
    database.db,
    { userId: null, label: "e2e fixtures", ipAddress: null, userAgent: null },
    {
      id: receivable.id,
      date: fixtureDate(-5),
      paymentMethod: "bank",
      moneyAccountId: seedId("account:1100"),
      amount: E2E_PART_RECEIVED.received,
      reference: "",
    },
  );
  if (!received.ok) throw new Error(`the e2e receipt was refused: ${received.message}`);

  // The customer's record, their approved quotation's tax invoice and a part payment with VDS and AIT, through the
  // use cases (tests/e2e/support/fixtures.ts E2E_CUSTOMER_RECORD).
  const fixtures = { userId: null, label: "e2e fixtures", ipAddress: null, userAgent: null };
  await database.db.insert(customers).values({
    id: E2E_CUSTOMER_RECORD.id,
    name: E2E_USERS.customer.name,
    organisation: E2E_CUSTOMER_RECORD.organisation,
    email: E2E_USERS.customer.email,
    phone: "01711000000",
    address: E2E_CUSTOMER_RECORD.address,
    bin: E2E_CUSTOMER_RECORD.bin,
    vatWithholding: true,
  });
  const invoice = await issueInvoice(database.db, fixtures, {
    quotationId: approved.id,
    kind: "full",
    advancePercent: "",
  });
  if (!invoice.ok) throw new Error(`the e2e invoice was refused: ${invoice.message}`);
  const [open] = await openInvoicesOf(database.db, E2E_CUSTOMER_RECORD.id);
  const { settles, vds, aitRate, reference } = E2E_CUSTOMER_RECORD.payment;
  // Received = what it settles less the VDS and the AIT (2% of the settled part's value before VAT, half up).
  const base = (toPaisa(settles) * toPaisa(open!.netAmount) * 2n + toPaisa(open!.total)) / (2n * toPaisa(open!.total));
  const ait = (base * BigInt(aitRate) * 2n + 100n) / 200n;
  const payment = await recordCustomerPayment(database.db, fixtures, {
    customerId: E2E_CUSTOMER_RECORD.id,
    date: fixtureDate(0),
    method: "bank_transfer",
    methodReference: reference,
    moneyAccountId: seedId("account:1100"),
    received: fromPaisa(toPaisa(settles) - toPaisa(vds) - ait),
    vdsAmount: vds,
    aitRate,
    notes: "",
    allocations: [{ invoiceId: open!.id, amount: settles }],
  });
  if (!payment.ok) throw new Error(`the e2e customer payment was refused: ${payment.message}`);

  // The approved quotation's job (fixtures.ts E2E_JOB): its lines name no item, so the job is written out with the
  // seed's items, part of it sent and some of that back. Its period is still to come, so no stock is moved today.
  await database.db.insert(jobs).values({
    id: E2E_JOB.id,
    quotationId: approved.id,
    customerId: E2E_CUSTOMER_RECORD.id,
    customerName: E2E_USERS.customer.name,
    phone: "01711000000",
    email: E2E_USERS.customer.email,
    title: approved.eventName,
    startDate: approvedEventDate,
    endDate: approvedEndDate,
    eventTime: "18:30",
    location: "International Convention City Bashundhara, Hall 4, Purbachal Expressway, Dhaka",
    status: "out",
  });
  const item = (slug: string) => seedId(`inventory:${slug}`);
  const [deck, kit, wash] = await database.db
    .insert(jobLines)
    .values([
      {
        jobId: E2E_JOB.id,
        inventoryItemId: item("modular-stage-deck"),
        name: "Modular Stage Deck",
        category: "stage",
        quantity: 24,
        dispatched: 24,
        returned: 6,
        lineNo: 0,
      },
      {
        jobId: E2E_JOB.id,
        inventoryItemId: item("rigging-cable-kit"),
        name: "Rigging & Cable Kit",
        category: "accessories",
        quantity: 2,
        isPackage: true,
        lineNo: 1,
      },
      {
        jobId: E2E_JOB.id,
        inventoryItemId: item("led-par-wash"),
        name: "LED Par Wash Light",
        category: "lighting",
        quantity: 48,
        dispatched: 20,
        lineNo: 3,
      },
    ])
    .returning({ id: jobLines.id, isPackage: jobLines.isPackage });
  await database.db.insert(jobLines).values({
    jobId: E2E_JOB.id,
    inventoryItemId: item("fog-hazer"),
    packageLineId: kit!.id,
    name: "Haze Machine",
    category: "lighting",
    quantity: 4,
    lineNo: 2,
  });
  await database.db.insert(jobMovements).values([
    { jobId: E2E_JOB.id, jobLineId: deck!.id, kind: "dispatched", quantity: 24, actorLabel: E2E_USERS.admin.email },
    { jobId: E2E_JOB.id, jobLineId: wash!.id, kind: "dispatched", quantity: 20, actorLabel: E2E_USERS.admin.email },
    { jobId: E2E_JOB.id, jobLineId: deck!.id, kind: "returned", quantity: 6, actorLabel: E2E_USERS.admin.email },
  ]);
} finally {
  await database.close();
}
