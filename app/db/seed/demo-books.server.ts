import { asc, eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../client.server";
import { accountingSettings, companySettings, invoices, quotationLines, quotations } from "../schema";
import { invalidatePublicData } from "../../lib/cache.server";
import type { AuditActor } from "../../domain/audit/audit.server";
import { roleAccounts } from "../../domain/accounting/ledger.server";
import { createJournalEntry } from "../../domain/accounting/create-journal-entry.server";
import { createMoneyDocument } from "../../domain/accounting/create-money-document.server";
import { settleOpenItem } from "../../domain/accounting/settle-open-item.server";
import { reverseEntry } from "../../domain/accounting/reverse-entry.server";
import type { MoneyDocumentKind } from "../../domain/accounting/money-document-form";
import type { UseCaseResult } from "../../domain/use-case";
import { createQuotationRequest } from "../../domain/quotations/create-quotation.server";
import { sendQuotation } from "../../domain/quotations/price-quotation.server";
import { approveQuotation, type StatusActor } from "../../domain/quotations/change-status.server";
import type { CustomerFormValues } from "../../domain/sales/customer-form";
import { type CustomerPaymentFormValues } from "../../domain/sales/customer-payment-form";
import { createCustomer } from "../../domain/sales/customers.server";
import { issueCreditNote } from "../../domain/sales/issue-credit-note.server";
import { issueInvoice } from "../../domain/sales/issue-invoice.server";
import { recordCustomerPayment, recordVdsCertificate } from "../../domain/sales/record-customer-payment.server";
import { createTaxRecord } from "../../domain/tax/create-tax-record.server";
import { dhakaDateTime, todayInDhaka } from "../../lib/dhaka-time";
import { fromPaisa, roundedShare, toPaisa } from "../../lib/money";
import { addDays } from "../../domain/dashboard/periods";
import { seedId } from "./ids";

// `npm run db:seed:demo` (issue 21): about three months of a rental company's books, ending today, posted through
// the same use cases the screens call (createMoneyDocument, settleOpenItem, createJournalEntry, reverseEntry), so
// every accounting screen has something to show and every figure is the ledger's own; since issue 22 also customers,
// quotations, tax invoices, customer payments, a credit note and a tax record (seedDemoSales). Deterministic (a fixed
// pseudo-random sequence). Refuses books that already have entries: demo figures never mix with real ones, and a
// second run would post everything twice.

export const DEMO_BOOKS_MESSAGES = {
  notEmpty: (entries: number) =>
    `The books already have ${entries} journal ${entries === 1 ? "entry" : "entries"}: the demo data goes only into empty books (a fresh database).`,
} as const;

export class DemoBooksRefused extends Error {}

/** The demo company's BIN, made up (13 digits as NBR gives them). */
const DEMO_SELLER_BIN = "000123456-0101";

const actor: AuditActor = { userId: null, label: "demo data (npm run db:seed:demo)", ipAddress: null, userAgent: null };

/** A small deterministic generator (MINSTD, exact in doubles): the same demo books every time. */
function sequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
  return {
    /** An integer from min to max. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!,
  };
}

function done<T extends object>(result: UseCaseResult<T>, what: string): T {
  if (!result.ok) throw new Error(`demo data: ${what} was refused: ${result.message} ${JSON.stringify(result.errors)}`);
  return result;
}

const CUSTOMERS = [
  "Bashundhara Convention Hall",
  "Grameenphone Ltd.",
  "Nadia Rahman",
  "BRAC Bank",
  "Radisson Blu Dhaka",
  "Unilever Bangladesh",
  "Dhaka Fashion Week",
];
const SUPPLIERS = [
  "Rahim Generator Service",
  "Karim Transport",
  "Dhaka Truss Works",
  "Padma Printers",
  "DESCO",
  "Sound Hub BD",
];
const INCOME: [string, string][] = [
  ["Equipment Rental", "LED wall and sound rental"],
  ["Equipment Rental", "Stage lighting rental"],
  ["Service Fee", "Crew and technical service"],
  ["Sales", "Used par cans sold"],
  ["Consulting", "Event production consulting"],
];
const EXPENSES: [string, string][] = [
  ["Maintenance", "Moving head repair"],
  ["Transportation", "Truck hire to venue"],
  ["Utilities", "Warehouse electricity"],
  ["Office Expenses", "Office supplies"],
  ["Marketing", "Facebook ads"],
  ["Other Expenses", "Generator fuel"],
];

export interface DemoBooksResult {
  transactions: number;
  openItems: number;
  settlements: number;
  journals: number;
  reversals: number;
  sales: DemoSalesResult;
  from: string;
  to: string;
}

/** Posts the demo books; throws DemoBooksRefused when the books are not empty. */
export async function seedDemoBooks(db: Db, options: { today?: string } = {}): Promise<DemoBooksResult> {
  const [{ entries }] = (await queryRows<{ entries: number }>(
    db,
    sql`select count(*)::int as entries from journal_entries`,
  )) as [{ entries: number }];
  if (entries > 0) throw new DemoBooksRefused(DEMO_BOOKS_MESSAGES.notEmpty(entries));

  const today = options.today ?? todayInDhaka();
  const from = addDays(today, -90);
  const random = sequence(2126);
  const money = await roleAccounts(db, ["money.cash", "money.bank", "money.mobile_banking"]);
  const accountOf = {
    cash: money["money.cash"],
    bank: money["money.bank"],
    mobile_banking: money["money.mobile_banking"],
  };
  const result: DemoBooksResult = {
    transactions: 0,
    openItems: 0,
    settlements: 0,
    journals: 0,
    reversals: 0,
    sales: { customers: 0, quotations: 0, invoices: 0, payments: 0, creditNotes: 0, taxRecords: 0 },
    from,
    to: today,
  };

  const journal = async (date: string, reference: string, description: string, lines: [string, string, string][]) => {
    const created = done(
      await createJournalEntry(
        db,
        {
          id: "",
          version: "",
          entryDate: date,
          reference,
          description,
          status: "posted",
          lines: lines.map(([code, debit, credit]) => ({
            accountId: seedId(`account:${code}`),
            debit,
            credit,
            description: "",
            party: "",
          })),
        },
        actor,
      ),
      `journal ${reference}`,
    );
    result.journals++;
    return created.id;
  };

  // The customers and their documents first (issue 36): a receivable below that names one of them is theirs, so
  // Customers and Payables & Receivables speak of the same people.
  result.sales = await seedDemoSales(db, from, today, { bank: accountOf.bank, wallet: accountOf.mobile_banking });

  // The owner's capital, paid into the bank on the first day.
  await journal(from, "JV-OPEN", "Owner's capital paid in", [
    ["1100", "2500000.00", "0"],
    ["3000", "0", "2500000.00"],
  ]);

  const document = async (
    kind: MoneyDocumentKind,
    values: {
      date: string;
      type: "income" | "expense";
      category: string;
      description: string;
      amount: number;
      status: "completed" | "pending";
      party?: string;
      dueDate?: string;
    },
  ) => {
    const method = random.pick(["cash", "bank", "bank", "mobile_banking"] as const);
    return done(
      await createMoneyDocument(db, actor, kind, {
        date: values.date,
        type: values.type,
        category: values.category,
        description: values.description,
        amount: `${values.amount}.00`,
        paymentMethod: method,
        moneyAccountId: values.status === "completed" ? accountOf[method] : "",
        reference: "",
        status: values.status,
        party: values.party ?? "",
        dueDate: values.dueDate ?? "",
      }),
      `${kind} ${values.description}`,
    );
  };

  // Completed income and expenses, two or three a week.
  for (let day = 1; day <= 90; day += random.int(2, 4)) {
    const date = addDays(from, day);
    const [incomeCategory, incomeText] = random.pick(INCOME);
    await document("transaction", {
      date,
      type: "income",
      category: incomeCategory,
      description: `${incomeText}: ${random.pick(CUSTOMERS)}`,
      amount: random.int(15, 180) * 1000,
      status: "completed",
    });
    const [expenseCategory, expenseText] = random.pick(EXPENSES);
    await document("transaction", {
      date,
      type: "expense",
      category: expenseCategory,
      description: expenseText,
      amount: random.int(2, 40) * 500,
      status: "completed",
    });
    result.transactions += 2;
  }

  // Receivables and payables, some settled in full, some in part, some still open (a few overdue).
  for (let i = 0; i < 14; i++) {
    const date = addDays(from, 5 + i * 6);
    const income = i % 2 === 0;
    const amount = income ? random.int(60, 400) * 1000 : random.int(10, 120) * 1000;
    const party = income ? random.pick(CUSTOMERS) : random.pick(SUPPLIERS);
    const created = await document(income ? "receivable" : "payable", {
      date,
      type: income ? "income" : "expense",
      category: income
        ? random.pick(["Equipment Rental", "Service Fee"])
        : random.pick(["Maintenance", "Transportation", "Equipment Purchase"]),
      description: income ? "Event invoice" : "Supplier bill",
      amount,
      status: "pending",
      party,
      dueDate: addDays(date, 30),
    });
    result.openItems++;
    const share = i % 3; // 0: open, 1: half, 2: in full
    if (share === 0) continue;
    const method = random.pick(["cash", "bank", "mobile_banking"] as const);
    const paid = share === 2 ? amount : Math.round(amount / 2);
    const paidOn = addDays(date, random.int(7, 25));
    if (paidOn > today) continue;
    done(
      await settleOpenItem(db, actor, {
        id: created.id,
        date: paidOn,
        paymentMethod: method,
        moneyAccountId: accountOf[method],
        amount: `${paid}.00`,
        reference: `PAY-${i + 1}`,
      }),
      `settlement ${i + 1}`,
    );
    result.settlements++;
  }

  // Month-end journals: depreciation, the owner's drawings; and one mistaken entry, reversed.
  for (let month = 1; month <= 3; month++) {
    const date = addDays(from, month * 30 - 1);
    await journal(date, `JV-DEP-${month}`, "Depreciation of rental equipment", [
      ["6800", "45000.00", "0"],
      ["1510", "0", "45000.00"],
    ]);
  }
  await journal(addDays(from, 40), "JV-DRAW", "Owner's drawings", [
    ["3200", "60000.00", "0"],
    ["1100", "0", "60000.00"],
  ]);
  const mistaken = await journal(addDays(from, 50), "JV-RENT", "Warehouse rent booked to office rent by mistake", [
    ["6100", "35000.00", "0"],
    ["1100", "0", "35000.00"],
  ]);
  done(await reverseEntry(db, actor, { entryId: mistaken, date: addDays(from, 52) }), "the reversal");
  result.reversals++;
  await journal(addDays(from, 52), "JV-RENT-2", "Warehouse rent", [
    ["6110", "35000.00", "0"],
    ["1100", "0", "35000.00"],
  ]);

  return result;
}

// ---- Sales and VAT (issue 22): customers, quotations, tax invoices, payments, a credit note, a tax record ----

const staff: StatusActor = { kind: "staff", audit: actor };

/** The instant a document dated `date` is issued: noon in Dhaka. */
const noonInDhaka = (date: string) => dhakaDateTime(`${date}T12:00`)!;

const DEMO_CUSTOMERS = {
  gp: {
    name: "Grameenphone Ltd.",
    organisation: "Grameenphone Ltd.",
    email: "events.gp@example.com",
    phone: "01711000111",
    address: "GP House, Bashundhara, Dhaka 1229",
    bin: "000345678-0101",
    vatWithholding: "on",
    notes: "Deducts VDS and AIT at source; sends Mushak-6.6 a few weeks after paying.",
  },
  wedding: {
    name: "Nadia Rahman",
    organisation: "",
    email: "nadia.arif.wedding@example.com",
    phone: "01819000222",
    address: "House 12, Road 5, Dhanmondi, Dhaka",
    bin: "",
    vatWithholding: "",
    notes: "",
  },
  fashion: {
    name: "Dhaka Fashion Week",
    organisation: "Dhaka Fashion Week Ltd.",
    email: "production.dfw@example.com",
    phone: "01911000333",
    address: "Road 11, Banani, Dhaka 1213",
    bin: "000987654-0203",
    vatWithholding: "",
    notes: "",
  },
} satisfies Record<string, CustomerFormValues>;

export interface DemoSalesResult {
  customers: number;
  quotations: number;
  invoices: number;
  payments: number;
  creditNotes: number;
  taxRecords: number;
}

/**
 * The sales side of the demo books, through the screens' use cases: three customers (one a VAT withholding entity
 * with a BIN), a quotation for each (requested, priced and sent, approved), tax invoices (an advance and the final
 * one, two in full), payments (net of VDS and AIT with the certificate later, a part payment, an overpayment left
 * as credit), a part credit note and a hand-typed input VAT record. Every date between `from` and `today`.
 */
async function seedDemoSales(
  db: Db,
  from: string,
  today: string,
  money: { bank: string; wallet: string },
): Promise<DemoSalesResult> {
  const sales: DemoSalesResult = {
    customers: 0,
    quotations: 0,
    invoices: 0,
    payments: 0,
    creditNotes: 0,
    taxRecords: 0,
  };
  const day = (n: number) => addDays(from, n);
  // Who signs the demo's tax invoices (Settings > Accounting), unless someone already said: without it the printed
  // invoices would name the seeder's audit label.
  await db
    .update(accountingSettings)
    .set({ invoiceSignatoryName: "Farhana Akter", invoiceSignatoryDesignation: "Head of Accounts" })
    .where(eq(accountingSettings.invoiceSignatoryName, ""));
  // The demo company's BIN (Settings > Company), unless one is typed: a tax invoice is refused without it (issue 37).
  await db
    .update(companySettings)
    .set({ vatRegistrationNumber: DEMO_SELLER_BIN })
    .where(eq(companySettings.vatRegistrationNumber, ""));
  invalidatePublicData();

  const customerIds: Record<keyof typeof DEMO_CUSTOMERS, string> = { gp: "", wedding: "", fashion: "" };
  for (const key of Object.keys(DEMO_CUSTOMERS) as (keyof typeof DEMO_CUSTOMERS)[]) {
    customerIds[key] = done(await createCustomer(db, actor, DEMO_CUSTOMERS[key]), `customer ${key}`).id;
    sales.customers++;
  }

  /** A request from the storefront on `requested`, priced and sent, then approved: the quotation's id. */
  const approvedQuotation = async (
    customer: CustomerFormValues,
    request: { requested: string; eventName: string; eventDate: string; rentalEnd?: string; location: string },
    lines: [slug: string, quantity: number][],
    discount = "",
  ) => {
    const created = done(
      await createQuotationRequest(
        db,
        {
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          event_name: request.eventName,
          event_date: request.eventDate,
          event_time: "17:00",
          event_location: request.location,
          notes: "",
          items: lines.map(([slug, quantity]) => ({ productId: seedId(`inventory:${slug}`), quantity })),
          idempotencyKey: seedId(`demo-quotation:${request.eventName}`),
        },
        { today: request.requested },
      ),
      `quotation request ${request.eventName}`,
    );
    const id = created.quotation.id;
    const [quotation] = await db.select().from(quotations).where(eq(quotations.id, id));
    const stored = await db
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, id))
      .orderBy(asc(quotationLines.lineNo));
    const sent = await sendQuotation(
      db,
      {
        id,
        version: quotation!.updatedAt.toISOString(),
        lines: stored.map((l) => ({
          lineId: l.id,
          itemId: l.inventoryItemId ?? "",
          name: l.name,
          quantity: String(l.quantity),
          unitPrice: l.unitPrice,
        })),
        discount,
        rentalEndDate: request.rentalEnd ?? "",
        message: "",
      },
      actor,
    );
    if (!sent.ok) throw new Error(`demo data: sending ${request.eventName} was refused: ${sent.message}`);
    const approved = await approveQuotation(db, id, staff);
    if (!approved.ok) throw new Error(`demo data: approving ${request.eventName} was refused: ${approved.detail}`);
    sales.quotations++;
    return id;
  };

  const invoice = async (quotationId: string, date: string, kind: "full" | "advance" | "final", percent = "") => {
    const issued = done(
      await issueInvoice(db, actor, { quotationId, kind, advancePercent: percent }, noonInDhaka(date)),
      `${kind} invoice on ${date}`,
    );
    sales.invoices++;
    const [row] = await db.select().from(invoices).where(eq(invoices.id, issued.id));
    return row!;
  };

  const payment = async (
    values: Omit<CustomerPaymentFormValues, "notes" | "vdsAmount" | "aitRate"> & Partial<CustomerPaymentFormValues>,
  ) => {
    const recorded = done(
      await recordCustomerPayment(db, actor, { notes: "", vdsAmount: "", aitRate: "", ...values }, today),
      `payment on ${values.date}`,
    );
    sales.payments++;
    return recorded;
  };

  // Grameenphone's annual conference: 50% in advance, the final invoice after the event; paid net of VDS and AIT,
  // the certificate (Mushak-6.6) a few weeks later; the final invoice paid in part.
  const conference = await approvedQuotation(
    DEMO_CUSTOMERS.gp,
    {
      requested: day(3),
      eventName: "GP Annual Partners Conference",
      eventDate: day(20),
      rentalEnd: day(21),
      location: "Radisson Blu Dhaka Water Garden, Ballroom",
    },
    [
      ["led-wall-p3", 32],
      ["line-array-sound", 2],
      ["moving-head-beam", 12],
      ["wireless-mic-kit", 4],
    ],
    "10000",
  );
  const advance = await invoice(conference, day(8), "advance", "50");
  const net = toPaisa(advance.netAmount);
  const total = toPaisa(advance.total);
  const vds = toPaisa(advance.vatAmount);
  const ait = roundedShare(net, 5n, 100n);
  const withheld = await payment({
    customerId: customerIds.gp,
    date: day(15),
    method: "bank_transfer",
    methodReference: "GP-EFT-55012",
    moneyAccountId: money.bank,
    received: fromPaisa(total - vds - ait),
    vdsAmount: fromPaisa(vds),
    aitRate: "5",
    notes: "Advance, net of VDS and 5% AIT",
    allocations: [{ invoiceId: advance.id, amount: advance.total }],
  });
  done(
    await recordVdsCertificate(
      db,
      actor,
      { id: withheld.paymentId, vdsCertificateNo: "GP/VDS/2291", vdsCertificateDate: day(41) },
      today,
    ),
    "the VDS certificate",
  );
  const final = await invoice(conference, day(23), "final");
  await payment({
    customerId: customerIds.gp,
    date: day(58),
    method: "cheque",
    methodReference: "CHQ 0048817",
    moneyAccountId: money.bank,
    received: fromPaisa(toPaisa(final.total) / 2n),
    notes: "Part payment of the final invoice",
    allocations: [{ invoiceId: final.id, amount: fromPaisa(toPaisa(final.total) / 2n) }],
  });

  // A wedding invoiced in full and overpaid by bKash: the rest stays as the customer's credit.
  const wedding = await approvedQuotation(
    DEMO_CUSTOMERS.wedding,
    {
      requested: day(26),
      eventName: "Nadia & Arif Wedding Reception",
      eventDate: day(38),
      location: "Bashundhara Convention Center, Hall 2",
    },
    [
      ["floral-arch-backdrop", 1],
      ["led-par-wash", 24],
      ["luxury-sofa-set", 2],
      ["photo-booth-360", 1],
    ],
  );
  const weddingInvoice = await invoice(wedding, day(33), "full");
  await payment({
    customerId: customerIds.wedding,
    date: day(35),
    method: "bkash",
    methodReference: "BKX7Q2M9LD",
    moneyAccountId: money.wallet,
    received: fromPaisa(toPaisa(weddingInvoice.total) + 10_000_00n),
    notes: "Paid in full and ৳10,000 more for the holud's lights",
    allocations: [{ invoiceId: weddingInvoice.id, amount: weddingInvoice.total }],
  });

  // A fashion show invoiced in full; the air coolers came back unused, so a part credit note; still unpaid.
  const show = await approvedQuotation(
    DEMO_CUSTOMERS.fashion,
    {
      requested: day(55),
      eventName: "Dhaka Fashion Week Finale",
      eventDate: day(68),
      rentalEnd: day(69),
      location: "ICCB Hall 4, Kuril, Dhaka",
    },
    [
      ["modular-stage-deck", 60],
      ["stage-truss-system", 40],
      ["portable-air-cooler", 6],
      ["cold-spark-machine", 4],
    ],
  );
  const showInvoice = await invoice(show, day(70), "full");
  done(
    await issueCreditNote(
      db,
      actor,
      {
        invoiceId: showInvoice.id,
        scope: "part",
        amount: "10000",
        reason: "Air coolers sent back unused: the hall's air conditioning was enough",
      },
      noonInDhaka(day(74)),
    ),
    "the credit note",
  );
  sales.creditNotes++;

  // Input VAT on a supplier's bill, typed by hand (paid from the bank).
  done(
    await createTaxRecord(db, actor, {
      taxType: "vat",
      kind: "input_vat",
      date: day(46),
      accountId: money.bank,
      taxableAmount: "80000",
      taxRate: "15",
      reference: "DTW-2291",
      description: "Truss parts bought from Dhaka Truss Works",
      party: "Dhaka Truss Works",
      partyBin: "000456123-0302",
    }),
    "the input VAT record",
  );
  sales.taxRecords++;
  return sales;
}
