import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { desc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { chartOfAccounts, customerPayments, journalEntries, settlements, transactions } from "~/db/schema";
import { fromPaisa, roundedShare, toPaisa } from "~/lib/money";
import type { AuditActor } from "../audit/audit.server";
import { paymentMethodRole } from "./account-roles";
import { balancesAt } from "./balances.server";
import { PAYABLE_CATEGORIES, PAYMENT_METHODS, RECEIVABLE_CATEGORIES } from "./constants";
import { hledgerAccountName, hledgerPartyTag, writeHledgerJournal } from "./hledger.server";
import { hledgerBalances, hledgerPartyBalances, partyBalanceDrift } from "../../../tests/support/report-checks";
import type { EntryLine } from "./journal";
import { postEntry, roleAccounts } from "./ledger.server";
import { createMoneyDocument } from "./create-money-document.server";
import { settleOpenItem } from "./settle-open-item.server";
import { reverseEntry } from "./reverse-entry.server";
import { voidSettlement } from "./void-settlement.server";
import { voidCustomerPayment } from "../sales/void-customer-payment.server";
import { customers, invoices } from "~/db/schema";
import { todayInDhaka } from "~/lib/dhaka-time";
import { quotationInvoices, issueInvoice } from "../sales/issue-invoice.server";
import { issueCreditNote } from "../sales/issue-credit-note.server";
import { applyCustomerCredit } from "../sales/invoice-apply-credit.server";
import { openInvoicesOf, recordCustomerPayment } from "../sales/record-customer-payment.server";
import { paymentFigures } from "../sales/customer-payment-form";
import { customerCreditPaisa } from "../sales/customer-credit.server";
import { approvedQuotation, giveSellerBin } from "../../../tests/support/invoice-fixtures";
import { withFixtureParties } from "../../../tests/support/ledger-parties";

// The book under thousands of random documents (issue 21, "Proof"): completed transactions, receivables and
// payables and their part settlements through the screens' own use cases, manual journals of many lines through the
// core, and reversals (which cancel a document or take a settlement back). Since issue 22 also tax invoices (full,
// advance and final, on quotations with discounts and VAT rates), customer payments (part, whole, over; VDS and AIT
// from withholding customers), credit notes and credit applied, each through its own use case. After
// them the trial balance is zero, every account's balance (month table and lines alike) equals the sum of its lines,
// nothing posted before changed, and Debian's hledger, reading our export, finds every account's balance to the paisa.

const actor: AuditActor = { userId: null, label: "property test", ipAddress: null, userAgent: null };

type Op =
  | {
      kind: "document";
      direction: "income" | "expense";
      completed: boolean;
      category: number;
      method: number;
      amount: bigint;
      day: number;
    }
  | { kind: "settle"; pick: number; share: number; method: number; day: number }
  | { kind: "journal"; lines: { account: number; amount: bigint }[]; day: number }
  | { kind: "reverse"; pick: number; day: number }
  | {
      kind: "sale";
      lines: { quantity: number; price: bigint; days: number }[];
      discountShare: number;
      rate: number;
      withholding: boolean;
      advance: number;
    }
  | { kind: "final"; pick: number }
  | { kind: "receipt"; pick: number; share: number; aitRate: number; method: number }
  | { kind: "credit"; pick: number; share: number }
  | { kind: "apply-credit"; pick: number }
  | { kind: "void"; pick: number; payment: boolean };

const VAT_RATES = ["15.00", "7.50", "0.00", "5.00"];

const amount = fc.bigInt({ min: 1n, max: 5_000_000_00n });
const day = fc.integer({ min: 0, max: 364 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("document" as const),
      direction: fc.constantFrom("income" as const, "expense" as const),
      completed: fc.boolean(),
      category: fc.nat(),
      method: fc.nat(),
      amount,
      day,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("settle" as const),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
      method: fc.nat(),
      day,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("journal" as const),
      lines: fc.array(fc.record({ account: fc.nat(), amount }), { minLength: 1, maxLength: 6 }),
      day,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat(), day }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("sale" as const),
      lines: fc.array(
        fc.record({
          quantity: fc.integer({ min: 1, max: 60 }),
          price: fc.bigInt({ min: 1n, max: 2_000_000n }),
          days: fc.integer({ min: 1, max: 4 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      discountShare: fc.integer({ min: 0, max: 30 }),
      rate: fc.nat(),
      withholding: fc.boolean(),
      // 0: a full invoice; otherwise an advance of this percentage first.
      advance: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 99 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("final" as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("receipt" as const),
      pick: fc.nat(),
      // Of what the invoice owes, in percent: above 100 overpays (the rest is the customer's credit).
      share: fc.integer({ min: 1, max: 130 }),
      aitRate: fc.constantFrom(0, 0, 2, 3, 5, 7.5, 10),
      method: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("credit" as const),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("apply-credit" as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("void" as const), pick: fc.nat(), payment: fc.boolean() }),
  },
);

/** The names a payable's or receivable's party is typed as: several parties of each kind (issue 36). */
const PARTY_NAMES = ["Karim Decorators", "Rahim Light & Sound", "Nadia Events"];

let walletReferences = 0;

/** Quotations with an advance invoice and no final one yet: the "final" operation's choices. */
const awaitingFinal: string[] = [];

const dateOf = (d: number) => {
  const date = new Date(Date.UTC(2025, 6, 1) + d * 86_400_000);
  return date.toISOString().slice(0, 10);
};

let accountIds: string[] = [];
let moneyAccounts: Record<(typeof PAYMENT_METHODS)[number], string>;
const postedIds: string[] = [];

/** Posts one random operation through the screens' own use cases (the manual journal through the core). */
async function apply(o: Op): Promise<void> {
  const db = getDb();
  // Sales documents are dated today (an invoice is issued now); the rest on their random day.
  const date = "day" in o ? dateOf(o.day) : todayInDhaka();
  if (o.kind === "document") {
    const categories = o.direction === "income" ? RECEIVABLE_CATEGORIES : PAYABLE_CATEGORIES;
    const method = PAYMENT_METHODS[o.method % PAYMENT_METHODS.length]!;
    const kind = o.completed ? "transaction" : o.direction === "income" ? "receivable" : "payable";
    const created = await createMoneyDocument(db, actor, kind, {
      date,
      type: o.direction,
      category: categories[o.category % categories.length]!,
      description: `random ${kind}`,
      amount: fromPaisa(o.amount),
      paymentMethod: method,
      moneyAccountId: o.completed ? moneyAccounts[method] : "",
      reference: "",
      status: o.completed ? "completed" : "pending",
      party: o.completed ? "" : PARTY_NAMES[o.category % PARTY_NAMES.length]!,
      dueDate: o.completed ? "" : dateOf(o.day + 30),
    });
    expect(created, JSON.stringify(created)).toMatchObject({ ok: true });
    if (created.ok) postedIds.push(created.entryId);
  } else if (o.kind === "settle") {
    const open = await db
      .select({
        id: transactions.id,
        amount: transactions.amount,
        settled: transactions.settledAmount,
        date: transactions.date,
      })
      .from(transactions)
      .where(eq(transactions.status, "pending"))
      .orderBy(transactions.id);
    if (open.length === 0) return;
    const item = open[o.pick % open.length]!;
    const left = toPaisa(item.amount) - toPaisa(item.settled);
    const paid = (left * BigInt(o.share) + 99n) / 100n;
    const method = PAYMENT_METHODS[o.method % PAYMENT_METHODS.length]!;
    const settled = await settleOpenItem(db, actor, {
      id: item.id,
      date: dateOf(o.day) < item.date ? item.date : dateOf(o.day),
      paymentMethod: method,
      moneyAccountId: moneyAccounts[method],
      amount: fromPaisa(paid),
      reference: "",
    });
    expect(settled, JSON.stringify(settled)).toMatchObject({ ok: true });
    const [entry] = await db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.sourceType, "settlement"))
      .orderBy(desc(journalEntries.createdAt))
      .limit(1);
    postedIds.push(entry!.id);
  } else if (o.kind === "journal") {
    // Each amount debited to one account and credited to the next: balanced by construction, many lines.
    const lines: EntryLine[] = o.lines.flatMap((l, i) => [
      { accountId: accountIds[l.account % accountIds.length]!, debit: l.amount, credit: 0n },
      { accountId: accountIds[(l.account + i + 1) % accountIds.length]!, debit: 0n, credit: l.amount },
    ]);
    await db.transaction(async (tx) => {
      postedIds.push(
        await postEntry(tx, {
          date,
          description: "manual journal",
          source: { type: "manual" },
          lines: await withFixtureParties(tx, lines, o.lines[0]!.account),
          createdBy: null,
        }),
      );
    });
  } else if (o.kind === "void") {
    await applyVoid(o);
  } else if (o.kind !== "reverse") {
    await applySale(o);
  } else {
    if (postedIds.length === 0) return;
    const entryId = postedIds[o.pick % postedIds.length]!;
    // Refused (already reversed, a reversal, dated before) is a fine outcome: the book must stay whole either way.
    const result = await reverseEntry(db, actor, { entryId, date: "2026-07-01" });
    if (result.ok) postedIds.push(result.reversalId);
  }
}

type SaleOp = Exclude<Op, { kind: "document" | "settle" | "journal" | "reverse" | "void" }>;

/**
 * Voids a live customer payment (a bounced cheque) or a payment or receipt of a payable or receivable (issue 36).
 * A refusal (a payment whose credit was since applied, say) is a fine outcome: the book must stay whole either way.
 */
async function applyVoid(o: Extract<Op, { kind: "void" }>): Promise<void> {
  const db = getDb();
  const live = o.payment
    ? await db
        .select({ id: customerPayments.id })
        .from(customerPayments)
        .where(isNull(customerPayments.voidedAt))
        .orderBy(customerPayments.id)
    : await db
        .select({ id: settlements.id })
        .from(settlements)
        .where(isNull(settlements.reversedAt))
        .orderBy(settlements.id);
  if (live.length === 0) return;
  const values = { id: live[o.pick % live.length]!.id, date: todayInDhaka(), reason: "Cheque bounced" };
  const result = o.payment ? await voidCustomerPayment(db, actor, values) : await voidSettlement(db, actor, values);
  if (result.ok) voided++;
}

let voided = 0;

const expectDone = (result: { ok: boolean }) => expect(result, JSON.stringify(result)).toMatchObject({ ok: true });

/** The open invoices of every customer, in a stable order. */
async function openInvoices() {
  return getDb()
    .select({ id: invoices.id, customerId: invoices.customerId })
    .from(invoices)
    .where(
      sql`${invoices.status} = 'issued' and ${invoices.total} - ${invoices.paidAmount} - ${invoices.creditedAmount} > 0`,
    )
    .orderBy(invoices.number);
}

/** One sales operation through the screens' own use cases (issue 22). */
async function applySale(o: SaleOp): Promise<void> {
  const db = getDb();
  if (o.kind === "sale") {
    const lines = o.lines.map(
      (l, i) => [`Item ${i + 1}`, l.quantity, fromPaisa(l.price), l.days] as [string, number, string, number],
    );
    const subtotal = o.lines.reduce((sum, l) => sum + l.price * BigInt(l.quantity) * BigInt(l.days), 0n);
    const quotation = await approvedQuotation(lines, {
      discount: fromPaisa((subtotal * BigInt(o.discountShare)) / 100n),
      rate: VAT_RATES[o.rate % VAT_RATES.length]!,
    });
    const advance = o.advance > 0;
    const issued = await issueInvoice(db, actor, {
      quotationId: quotation.id,
      kind: advance ? "advance" : "full",
      advancePercent: advance ? String(o.advance) : "",
    });
    expectDone(issued);
    if (advance) awaitingFinal.push(quotation.id);
    if (o.withholding) {
      const [invoice] = await db
        .select({ customerId: invoices.customerId })
        .from(invoices)
        .where(eq(invoices.quotationId, quotation.id));
      await db.update(customers).set({ vatWithholding: true }).where(eq(customers.id, invoice!.customerId));
    }
  } else if (o.kind === "final") {
    if (awaitingFinal.length === 0) return;
    const [quotationId] = awaitingFinal.splice(o.pick % awaitingFinal.length, 1);
    // A credit note may have cancelled the advance; then the final is refused, as it should be: skip it.
    const live = (await quotationInvoices(db, quotationId!)).filter((i) => i.status === "issued");
    if (!live.some((i) => i.kind === "advance")) return;
    expectDone(await issueInvoice(db, actor, { quotationId: quotationId!, kind: "final", advancePercent: "" }));
  } else if (o.kind === "receipt") {
    const open = await openInvoices();
    if (open.length === 0) return;
    const { customerId } = open[o.pick % open.length]!;
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    const theirs = await openInvoicesOf(db, customerId);
    const invoice = theirs[o.pick % theirs.length]!;
    const due = toPaisa(invoice.due);
    const allocated = due < (due * BigInt(o.share)) / 100n ? due : (due * BigInt(o.share) + 99n) / 100n;
    const allocations = [{ invoiceId: invoice.id, amount: fromPaisa(allocated) }];
    const aitRate = customer!.vatWithholding ? o.aitRate.toFixed(2) : "0";
    const vds = customer!.vatWithholding
      ? roundedShare(allocated, toPaisa(invoice.vatAmount), toPaisa(invoice.total))
      : 0n;
    const figures = paymentFigures({ received: "0", vdsAmount: fromPaisa(vds), aitRate }, allocations, theirs);
    // Received is what settles the rest, plus the overpayment beyond the due.
    const over = o.share > 100 ? (due * BigInt(o.share - 100)) / 100n : 0n;
    const received = allocated - figures.vds - figures.ait + over;
    const method = ["cash", "bank_transfer", "bkash"][o.method % 3]!;
    const moneyAccountId =
      method === "cash" ? moneyAccounts.cash : method === "bkash" ? moneyAccounts.mobile_banking : moneyAccounts.bank;
    expectDone(
      await recordCustomerPayment(db, actor, {
        customerId,
        date: todayInDhaka(),
        method,
        methodReference: method === "bkash" ? `8N7A${++walletReferences}` : "",
        moneyAccountId,
        received: fromPaisa(received < 0n ? 0n : received),
        vdsAmount: fromPaisa(vds),
        aitRate,
        notes: "",
        allocations,
      }),
    );
  } else if (o.kind === "credit") {
    const issued = await db
      .select({ id: invoices.id, net: invoices.netAmount })
      .from(invoices)
      .where(eq(invoices.status, "issued"))
      .orderBy(invoices.number);
    if (issued.length === 0) return;
    const invoice = issued[o.pick % issued.length]!;
    const whole = o.share === 100;
    const result = await issueCreditNote(db, actor, {
      invoiceId: invoice.id,
      scope: whole ? "whole" : "part",
      amount: whole ? "" : fromPaisa((toPaisa(invoice.net) * BigInt(o.share) + 99n) / 100n),
      reason: "Returned early",
    });
    // Refused as it should be, nothing written: an amount beyond what is left to credit (earlier notes), or an
    // advance whose final invoice already took it off the quotation's total.
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([expect.stringMatching(/^(amount|form)$/)]);
  } else {
    const open = await openInvoices();
    if (open.length === 0) return;
    const { id, customerId } = open[o.pick % open.length]!;
    if ((await customerCreditPaisa(db, customerId)) === 0n) return;
    expectDone(await applyCustomerCredit(db, actor, { invoiceId: id }));
  }
}

let dir: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  await giveSellerBin();
  accountIds = (await getDb().select({ id: chartOfAccounts.id }).from(chartOfAccounts)).map((a) => a.id);
  const roles = await roleAccounts(getDb(), PAYMENT_METHODS.map(paymentMethodRole));
  moneyAccounts = {
    cash: roles["money.cash"],
    bank: roles["money.bank"],
    mobile_banking: roles["money.mobile_banking"],
  };
  dir = mkdtempSync(path.join(os.tmpdir(), "utsab-hledger-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the book under thousands of random documents", () => {
  it("stays balanced, each balance is its lines' sum, nothing posted changes, and hledger agrees", async () => {
    // Every batch checks the book, then the next adds to it: what was posted must never move.
    let before = new Map<string, string>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 20, maxLength: 60 }), async (ops) => {
        for (const o of ops) await apply(o);
        const now = await postedBook();
        for (const [id, row] of before) expect(now.get(id), `posted line ${id}`).toBe(row);
        before = now;
        const [trial] = await queryRows<{ debits: string; credits: string }>(
          getDb(),
          sql`select coalesce(sum(l.debit), 0)::text as debits, coalesce(sum(l.credit), 0)::text as credits
                from journal_lines l join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted'`,
        );
        expect(trial!.debits).toBe(trial!.credits);
      }),
      { numRuns: 40, seed: 2126, endOnFailure: true },
    );
    const [{ entries }] = (await queryRows<{ entries: number }>(
      getDb(),
      sql`select count(*)::int as entries from journal_entries`,
    )) as [{ entries: number }];
    expect(entries).toBeGreaterThan(1000);
    // Voids happened: customer payments and settlements taken back among the rest.
    expect(voided).toBeGreaterThan(10);

    // Each payable's and receivable's settled amount is its live settlements' sum, never more than it.
    const [documents] = await queryRows<{ drift: number; settled: number }>(
      getDb(),
      sql`select count(*) filter (where t.settled_amount <> coalesce(s.sum, 0))::int as drift,
                 count(*) filter (where s.sum > 0)::int as settled
            from transactions t left join (select transaction_id, sum(amount) as sum from settlements
                                            where reversed_at is null group by transaction_id) s on s.transaction_id = t.id`,
    );
    expect(documents).toMatchObject({ drift: 0 });
    expect(documents!.settled).toBeGreaterThan(50);

    // The sales documents agree with the books (issue 22): the receivable is what invoices and pending receivables
    // still owe, customer advances hold every customer's credit (a voided payment counts for nothing, issue 36), the VAT withheld and AIT accounts what payments
    // withheld, VAT payable the output VAT of the tax register.
    const [sales] = await queryRows<{
      invoices: number;
      owed: string;
      receivable: string;
      credit: string;
      advances: string;
      vds: string;
      withheld: string;
      ait: string;
      aitAccount: string;
      outputVat: string;
      vatPayable: string;
    }>(
      getDb(),
      // The documents' own entries only: the random manual journals (and their reversals) post to any account.
      sql`with documents as (select e.id from journal_entries e left join journal_entries o on o.id = e.reverses_id
                              where e.source_type <> 'manual' and coalesce(o.source_type, '') <> 'manual'),
               bal as (select r.role, coalesce(sum(l.debit - l.credit), 0) as b
                         from account_roles r
                         left join journal_lines l on l.account_id = r.account_id
                                                  and l.journal_entry_id in (select id from documents)
                        where r.role in ('receivable', 'customer.advances', 'vat.withheld', 'tax.ait', 'vat.payable')
                        group by r.role)
          select (select count(*)::int from invoices) as invoices,
                 ((select coalesce(sum(total - paid_amount - credited_amount), 0) from invoices)
                   + (select coalesce(sum(amount - settled_amount), 0) from transactions
                       where type = 'income' and status = 'pending'))::text as owed,
                 (select b from bal where role = 'receivable')::text as receivable,
                 ((select coalesce(sum(total), 0) from customer_payments where voided_at is null)
                   - (select coalesce(sum(a.amount), 0) from invoice_allocations a
                        left join customer_payments p on p.id = a.customer_payment_id where p.voided_at is null)
                   + (select coalesce(sum(to_credit), 0) from credit_notes))::text as credit,
                 (select -b from bal where role = 'customer.advances')::text as advances,
                 (select coalesce(sum(vds_amount), 0) from customer_payments where voided_at is null)::text as vds,
                 (select b from bal where role = 'vat.withheld')::text as withheld,
                 (select coalesce(sum(ait_amount), 0) from customer_payments where voided_at is null)::text as ait,
                 (select b from bal where role = 'tax.ait')::text as "aitAccount",
                 (select coalesce(sum(tax_amount), 0) from tax_records where kind = 'output_vat')::text as "outputVat",
                 (select -b from bal where role = 'vat.payable')::text as "vatPayable"`,
    );
    expect(sales!.invoices).toBeGreaterThan(50);
    expect(toPaisa(sales!.receivable)).toBe(toPaisa(sales!.owed));
    expect(toPaisa(sales!.advances)).toBe(toPaisa(sales!.credit));
    expect(toPaisa(sales!.withheld)).toBe(toPaisa(sales!.vds));
    expect(toPaisa(sales!.aitAccount)).toBe(toPaisa(sales!.ait));
    expect(toPaisa(sales!.vatPayable)).toBe(toPaisa(sales!.outputVat));
    const [paid] = await queryRows<{ drift: number; settled: number }>(
      getDb(),
      sql`select count(*) filter (where i.paid_amount <> coalesce(a.sum, 0))::int as drift,
                 count(*) filter (where i.paid_amount + i.credited_amount = i.total)::int as settled
            from invoices i
            left join (select a.invoice_id, sum(a.amount) as sum from invoice_allocations a
                         left join customer_payments p on p.id = a.customer_payment_id
                        where p.voided_at is null group by a.invoice_id) a
              on a.invoice_id = i.id`,
    );
    expect(paid).toMatchObject({ drift: 0 });
    expect(paid!.settled).toBeGreaterThan(10);

    // Each account's balance, from the month table and from the lines, is the sum of its lines.
    const fromLines = await queryRows<{ account_id: string; balance: string }>(
      getDb(),
      sql`select account_id, sum(debit - credit)::text as balance from journal_lines group by account_id`,
    );
    const ours = await balancesAt(getDb(), "all", null);
    const atDate = await balancesAt(getDb(), "all", "2026-06-30");
    for (const row of fromLines) expect(ours.get(row.account_id)).toBe(toPaisa(row.balance));
    // Each party's kept balance on each control account is the sum of its lines (issue 36).
    expect(await partyBalanceDrift(getDb())).toEqual([]);

    // hledger, reading the export, finds the same balance for every account: overall and at a date.
    const file = path.join(dir, "ledger.journal");
    let journal = "";
    await writeHledgerJournal(getDb(), (chunk) => {
      journal += chunk;
    });
    writeFileSync(file, journal);
    const names = new Map(
      (await getDb().select().from(chartOfAccounts)).map((a) => [hledgerAccountName(a.code, a.name), a.id]),
    );
    for (const [end, expected] of [
      [null, ours],
      ["2026-07-01", atDate],
    ] as const) {
      const theirs = hledgerBalances(file, end);
      if (!theirs) return;
      const compared = new Map<string, string>();
      for (const [name, balance] of theirs) compared.set(names.get(name)!, fromPaisa(balance));
      expect(compared.size).toBeGreaterThan(20);
      const expectedText = new Map([...expected].filter(([, b]) => b !== 0n).map(([id, b]) => [id, fromPaisa(b)]));
      expect(new Map([...compared].filter(([, b]) => b !== "0.00"))).toEqual(expectedText);
    }
    // And every party's balance, voided settlements and reversals included (issue 36).
    const parties = await queryRows<{ kind: "customer" | "employee" | "supplier"; id: string; balance: string }>(
      getDb(),
      sql`select case when customer_id is not null then 'customer' when supplier_id is not null then 'supplier'
                      else 'employee' end as kind,
                 coalesce(customer_id, supplier_id, employee_id) as id, sum(debit - credit)::text as balance
            from journal_lines where posted and num_nonnulls(customer_id, supplier_id, employee_id) = 1 group by 1, 2`,
    );
    expect(parties.length).toBeGreaterThan(1);
    const theirParties = hledgerPartyBalances(file)!;
    expect(new Map([...theirParties].filter(([, b]) => b !== 0n))).toEqual(
      new Map(
        parties.map((p) => [hledgerPartyTag(p.kind, p.id), toPaisa(p.balance)] as const).filter(([, b]) => b !== 0n),
      ),
    );
  }, 600_000);
});

/** Every posted line with its entry's date, status and total, by line id: what must never change once posted. */
async function postedBook(): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; row: string }>(
    getDb(),
    sql`select l.id, concat_ws('|', l.journal_entry_id, l.account_id, l.debit, l.credit, l.entry_date, e.entry_date,
                               e.status, e.total, e.description) as row
          from journal_lines l join journal_entries e on e.id = l.journal_entry_id and e.status = 'posted'`,
  );
  return new Map(rows.map((r) => [r.id, r.row]));
}
