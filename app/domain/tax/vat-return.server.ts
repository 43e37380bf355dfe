import { and, asc, desc, eq, gt, gte, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.server";
import {
  accountingSettings,
  creditNotes,
  customerPayments,
  customers,
  invoices,
  taxDeposits,
  taxRecords,
  vatPeriods,
  chartOfAccounts,
  journalEntries,
  journalLines,
} from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { fromPaisa, toPaisa } from "../../lib/money";
import type { TaxDepositKind } from "../accounting/constants";
import { mushak91, type Mushak91, type Mushak91Inputs } from "./mushak-9-1";
import { periodLabelOf, vatPeriodMonthsOf, type VatPeriod, type VatPeriodMonths } from "./vat-period";

// The VAT return of a period (Mushak-9.1; issue 22, DESIGN §10) and the registers behind it. Output VAT: the output
// VAT rows of the tax register dated in the period (invoices', credit notes' negative ones, and hand-typed ones).
// Input VAT: the input VAT rows. VAT withheld by customers counts only with its certificate (Mushak-6.6): the VDS of
// customer payments whose certificate is dated in the period, plus hand-typed VDS records dated in it (a payment's
// own VDS row is not counted by its date: it waits for the certificate; a voided payment's not at all, issue 36). Net
// payable = output − input − VDS − the credit of earlier returns brought forward (issue 37). A typed
// record reversed (issue 36) counts in none of them; a reversed tax deposit pays nothing.

export interface VatReturnFigures {
  outputVat: string;
  inputVat: string;
  vdsCredit: string;
  /** The credit of earlier returns brought forward (issue 37): what a closed period kept, or what an open one would. */
  carriedIn: string;
  /** Output − input − VDS − the credit brought forward; negative: a credit to carry forward. */
  netPayable: string;
}

/**
 * The credit an open period's return brings forward (issue 37): the net payable below zero of every earlier closed
 * period not carried into a later return yet, as a positive amount; and those periods, to be marked carried when it
 * closes. Read under lockForVatClose when closing.
 */
export async function creditToCarry(
  db: DbOrTx,
  before: string,
): Promise<{ amount: bigint; periods: { id: string; label: string }[] }> {
  const rows = await db
    .select({
      id: vatPeriods.id,
      start: vatPeriods.periodStart,
      end: vatPeriods.periodEnd,
      net: vatPeriods.netPayable,
    })
    .from(vatPeriods)
    .where(and(lt(vatPeriods.periodEnd, before), lt(vatPeriods.netPayable, "0"), isNull(vatPeriods.carriedIntoId)))
    .orderBy(asc(vatPeriods.periodStart));
  return {
    amount: rows.reduce((sum, r) => sum - toPaisa(r.net), 0n),
    periods: rows.map((r) => ({ id: r.id, label: periodLabelOf(r.start, r.end) })),
  };
}

/** vat_period_months of Settings > Accounting (1 when the row is missing). */
export async function vatPeriodMonths(db: DbOrTx): Promise<VatPeriodMonths> {
  const [row] = await db.select({ months: accountingSettings.vatPeriodMonths }).from(accountingSettings).limit(1);
  return vatPeriodMonthsOf(row?.months);
}

/**
 * The register's rows dated in the period that stand: a hand-typed record reversed (issue 36) counts nowhere, neither
 * in its own period nor in its reversal's, as if it had never been typed.
 */
const inPeriod = (period: Pick<VatPeriod, "start" | "end">) =>
  and(
    gte(taxRecords.transactionDate, period.start),
    lte(taxRecords.transactionDate, period.end),
    isNull(taxRecords.reversedAt),
  );

export async function vatReturnFigures(
  db: DbOrTx,
  period: Pick<VatPeriod, "start" | "end">,
): Promise<VatReturnFigures> {
  const [records] = await db
    .select({
      output: sql<string>`coalesce(sum(${taxRecords.taxAmount}) filter (where ${taxRecords.kind} = 'output_vat'), 0)::text`,
      input: sql<string>`coalesce(sum(${taxRecords.taxAmount}) filter (where ${taxRecords.kind} = 'input_vat'), 0)::text`,
      vds: sql<string>`coalesce(sum(${taxRecords.taxAmount}) filter (where ${taxRecords.kind} = 'vat_withheld' and ${taxRecords.sourceType} = 'manual'), 0)::text`,
    })
    .from(taxRecords)
    .where(inPeriod(period));
  const [certified] = await db
    .select({ vds: sql<string>`coalesce(sum(${customerPayments.vdsAmount}), 0)::text` })
    .from(customerPayments)
    .where(
      and(
        gt(customerPayments.vdsAmount, "0"),
        isNull(customerPayments.voidedAt),
        gte(customerPayments.vdsCertificateDate, period.start),
        lte(customerPayments.vdsCertificateDate, period.end),
      ),
    );
  const output = toPaisa(records!.output);
  const input = toPaisa(records!.input);
  const vds = toPaisa(records!.vds) + toPaisa(certified!.vds);
  // A closed period kept what it brought forward; an open one would bring what no return has taken yet.
  const [closed] = await db
    .select({ carriedIn: vatPeriods.carriedIn })
    .from(vatPeriods)
    .where(eq(vatPeriods.periodStart, period.start))
    .limit(1);
  const carriedIn = closed ? toPaisa(closed.carriedIn) : (await creditToCarry(db, period.start)).amount;
  return {
    outputVat: fromPaisa(output),
    inputVat: fromPaisa(input),
    vdsCredit: fromPaisa(vds),
    carriedIn: fromPaisa(carriedIn),
    netPayable: fromPaisa(output - input - vds - carriedIn),
  };
}

/**
 * The return as it is filed (Mushak-9.1 by its parts and notes; issue 37): the register's rows of the period that
 * vatReturnFigures sums, split by rate and by what made them (a credit note, a reversal, anything else), the credit
 * brought forward, and the VAT deposits recorded against the period once closed. Its note 50 is the figures' net.
 */
export async function mushak91Of(
  db: DbOrTx,
  period: Pick<VatPeriod, "start" | "end">,
  figures?: VatReturnFigures,
): Promise<Mushak91> {
  const source = sql<
    "credit_note" | "reversal" | "document"
  >`case when ${taxRecords.sourceType} in ('credit_note', 'reversal') then ${taxRecords.sourceType} else 'document' end`;
  const [rows, closed, returned] = await Promise.all([
    db
      .select({
        kind: taxRecords.kind,
        source,
        rate: sql<string>`${taxRecords.taxRate}::text`,
        value: sql<string>`sum(${taxRecords.taxableAmount})::text`,
        // An invoice's VAT is charged on its value and its SD (issue 37): the SD it printed, and a credit note's.
        sd: sql<string>`coalesce(sum(coalesce(${invoices.sdAmount}, ${creditNotes.sdAmount})), 0)::text`,
        vat: sql<string>`sum(${taxRecords.taxAmount})::text`,
      })
      .from(taxRecords)
      .leftJoin(invoices, and(eq(taxRecords.sourceType, "invoice"), eq(invoices.id, taxRecords.sourceId)))
      .leftJoin(creditNotes, and(eq(taxRecords.sourceType, "credit_note"), eq(creditNotes.id, taxRecords.sourceId)))
      .where(and(inPeriod(period), sql`${taxRecords.kind} in ('output_vat', 'input_vat')`))
      .groupBy(taxRecords.kind, source, taxRecords.taxRate)
      .orderBy(taxRecords.kind, source, taxRecords.taxRate),
    db.select({ id: vatPeriods.id }).from(vatPeriods).where(eq(vatPeriods.periodStart, period.start)).limit(1),
    figures ?? vatReturnFigures(db, period),
  ]);
  const deposits = closed[0]
    ? await db
        .select({ challanNo: taxDeposits.challanNo, date: taxDeposits.date, amount: taxDeposits.amount })
        .from(taxDeposits)
        .where(
          and(eq(taxDeposits.vatPeriodId, closed[0].id), eq(taxDeposits.kind, "vat"), isNull(taxDeposits.reversedAt)),
        )
        .orderBy(asc(taxDeposits.date), asc(taxDeposits.challanNo))
    : [];
  const inputs: Mushak91Inputs = {
    salesByRate: [],
    purchasesByRate: [],
    creditNotesVat: 0n,
    creditNotesSd: 0n,
    outputReversalsVat: 0n,
    inputReversalsVat: 0n,
    vdsCredit: toPaisa(returned.vdsCredit),
    carriedIn: toPaisa(returned.carriedIn),
    deposits: deposits.map((d) => ({ ...d, amount: toPaisa(d.amount) })),
  };
  for (const row of rows) {
    const value = toPaisa(row.value);
    const sd = toPaisa(row.sd);
    const vat = toPaisa(row.vat);
    if (row.kind === "output_vat") {
      if (row.source === "credit_note") {
        inputs.creditNotesVat += vat;
        inputs.creditNotesSd += sd;
      } else if (row.source === "reversal") inputs.outputReversalsVat += vat;
      // The register's taxable amount is the value and the SD: the form prints them apart.
      else inputs.salesByRate.push({ rate: row.rate, value: value - sd, sd, vat });
    } else if (row.source === "reversal") inputs.inputReversalsVat += vat;
    else inputs.purchasesByRate.push({ rate: row.rate, value, vat });
  }
  return mushak91(inputs);
}

/**
 * The period's VDS credit (vatReturnFigures' vdsCredit, the same rows) by the customer who withheld it (issue 36): a
 * payment's customer, and a hand-typed record's as its line on the VDS account names it (null for a record posted
 * before parties, or none). The VAT close credits each customer's VDS receivable with its own share.
 */
export async function vdsCreditByCustomer(
  db: DbOrTx,
  period: Pick<VatPeriod, "start" | "end">,
  vdsAccountId: string,
): Promise<{ customerId: string | null; amount: bigint }[]> {
  const records = await db
    .select({
      customerId: journalLines.customerId,
      amount: sql<string>`sum(${taxRecords.taxAmount})::text`,
    })
    .from(taxRecords)
    .leftJoin(
      journalLines,
      and(
        eq(journalLines.journalEntryId, taxRecords.journalEntryId),
        eq(journalLines.accountId, vdsAccountId),
        gt(journalLines.debit, "0"),
      ),
    )
    .where(and(inPeriod(period), eq(taxRecords.kind, "vat_withheld"), eq(taxRecords.sourceType, "manual")))
    .groupBy(journalLines.customerId);
  const certified = await db
    .select({ customerId: customerPayments.customerId, amount: sql<string>`sum(${customerPayments.vdsAmount})::text` })
    .from(customerPayments)
    .where(
      and(
        gt(customerPayments.vdsAmount, "0"),
        isNull(customerPayments.voidedAt),
        gte(customerPayments.vdsCertificateDate, period.start),
        lte(customerPayments.vdsCertificateDate, period.end),
      ),
    )
    .groupBy(customerPayments.customerId);
  const byCustomer = new Map<string | null, bigint>();
  for (const row of [...records, ...certified])
    byCustomer.set(row.customerId, (byCustomer.get(row.customerId) ?? 0n) + toPaisa(row.amount));
  return [...byCustomer]
    .filter(([, amount]) => amount !== 0n)
    .map(([customerId, amount]) => ({ customerId, amount }))
    .sort((a, b) => (a.customerId ?? "").localeCompare(b.customerId ?? ""));
}

/** A row of the sales register (Mushak-6.2) or the purchase register (Mushak-6.1). */
export interface RegisterRow {
  id: string;
  date: string;
  /** The buyer or the supplier. */
  party: string | null;
  bin: string | null;
  /** The buyer's address (sales only). */
  address: string | null;
  /** The invoice or credit note number; the supplier's invoice or reference. */
  reference: string | null;
  /** Value before VAT, and the VAT; a credit note's are negative. */
  value: string;
  vat: string;
  rate: string;
}

const creditNoteInvoice = alias(invoices, "credit_note_invoice");

/**
 * The sales register: every output VAT row of the period in date order (an invoice's, a credit note's with its
 * negative value and VAT, a hand-typed one), with the buyer's name, BIN and address as the invoice printed them. Its
 * VAT column sums to the return's output VAT.
 */
export async function salesRegister(db: DbOrTx, period: Pick<VatPeriod, "start" | "end">): Promise<RegisterRow[]> {
  return db
    .select({
      id: taxRecords.id,
      date: taxRecords.transactionDate,
      party: sql<string | null>`coalesce(${taxRecords.party}, ${invoices.buyerName}, ${creditNoteInvoice.buyerName})`,
      bin: sql<string | null>`coalesce(${taxRecords.partyBin}, ${invoices.buyerBin}, ${creditNoteInvoice.buyerBin})`,
      address: sql<string | null>`coalesce(${invoices.buyerAddress}, ${creditNoteInvoice.buyerAddress})`,
      reference: sql<string | null>`coalesce(${taxRecords.referenceNo}, ${invoices.number}, ${creditNotes.number})`,
      value: taxRecords.taxableAmount,
      vat: taxRecords.taxAmount,
      rate: taxRecords.taxRate,
    })
    .from(taxRecords)
    .leftJoin(invoices, and(eq(taxRecords.sourceType, "invoice"), eq(invoices.id, taxRecords.sourceId)))
    .leftJoin(creditNotes, and(eq(taxRecords.sourceType, "credit_note"), eq(creditNotes.id, taxRecords.sourceId)))
    .leftJoin(creditNoteInvoice, eq(creditNoteInvoice.id, creditNotes.invoiceId))
    .where(and(eq(taxRecords.kind, "output_vat"), inPeriod(period)))
    .orderBy(asc(taxRecords.transactionDate), asc(taxRecords.createdAt), asc(taxRecords.id));
}

/** The purchase register: the input VAT rows of the period in date order, with the supplier and its BIN. */
export async function purchaseRegister(db: DbOrTx, period: Pick<VatPeriod, "start" | "end">): Promise<RegisterRow[]> {
  return db
    .select({
      id: taxRecords.id,
      date: taxRecords.transactionDate,
      party: taxRecords.party,
      bin: taxRecords.partyBin,
      address: sql<string | null>`null`,
      reference: taxRecords.referenceNo,
      value: taxRecords.taxableAmount,
      vat: taxRecords.taxAmount,
      rate: taxRecords.taxRate,
    })
    .from(taxRecords)
    .where(and(eq(taxRecords.kind, "input_vat"), inPeriod(period)))
    .orderBy(asc(taxRecords.transactionDate), asc(taxRecords.createdAt), asc(taxRecords.id));
}

/** A VDS certificate counted in the period (Mushak-6.6), or a hand-typed VDS record dated in it. */
export interface VdsRow {
  id: string;
  date: string;
  customer: string | null;
  certificateNo: string | null;
  amount: string;
}

export async function vdsCertificates(db: DbOrTx, period: Pick<VatPeriod, "start" | "end">): Promise<VdsRow[]> {
  const [payments, typed] = await Promise.all([
    db
      .select({
        id: customerPayments.id,
        date: sql<string>`${customerPayments.vdsCertificateDate}`,
        customer: customers.name,
        certificateNo: customerPayments.vdsCertificateNo,
        amount: customerPayments.vdsAmount,
      })
      .from(customerPayments)
      .innerJoin(customers, eq(customers.id, customerPayments.customerId))
      .where(
        and(
          gt(customerPayments.vdsAmount, "0"),
          isNull(customerPayments.voidedAt),
          gte(customerPayments.vdsCertificateDate, period.start),
          lte(customerPayments.vdsCertificateDate, period.end),
        ),
      ),
    db
      .select({
        id: taxRecords.id,
        date: taxRecords.transactionDate,
        customer: taxRecords.party,
        certificateNo: taxRecords.referenceNo,
        amount: taxRecords.taxAmount,
      })
      .from(taxRecords)
      .where(and(eq(taxRecords.kind, "vat_withheld"), eq(taxRecords.sourceType, "manual"), inPeriod(period))),
  ]);
  return [...payments, ...typed].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
}

/** The register's totals: Σ value, Σ VAT. */
export function registerTotals(rows: readonly Pick<RegisterRow, "value" | "vat">[]): { value: string; vat: string } {
  let value = 0n;
  let vat = 0n;
  for (const row of rows) {
    value += toPaisa(row.value);
    vat += toPaisa(row.vat);
  }
  return { value: fromPaisa(value), vat: fromPaisa(vat) };
}

/** A closed VAT period with its figures as closed and the deposits that paid it. */
export interface ClosedVatPeriod extends VatReturnFigures {
  id: string;
  start: string;
  end: string;
  label: string;
  closedAt: Date;
  journalEntryId: string | null;
  /** Σ VAT deposits recorded against it, less those reversed. */
  deposited: string;
  /** A credit carried forward: the label of the later period whose return took it in (issue 37). */
  carriedInto: string | null;
}

const carriedInto = alias(vatPeriods, "carried_into");

export async function closedVatPeriods(db: DbOrTx, limit = 24): Promise<ClosedVatPeriod[]> {
  // Joined, not a correlated subquery: in a one-table select the columns print unqualified, and "id" inside the
  // subquery would be the deposit's own.
  const paid = db
    .select({
      periodId: taxDeposits.vatPeriodId,
      total: sql<string>`sum(${taxDeposits.amount})`.as("total"),
    })
    .from(taxDeposits)
    .where(isNull(taxDeposits.reversedAt))
    .groupBy(taxDeposits.vatPeriodId)
    .as("paid");
  const rows = await db
    .select({
      id: vatPeriods.id,
      start: vatPeriods.periodStart,
      end: vatPeriods.periodEnd,
      outputVat: vatPeriods.outputVat,
      inputVat: vatPeriods.inputVat,
      vdsCredit: vatPeriods.vdsCredit,
      carriedIn: vatPeriods.carriedIn,
      netPayable: vatPeriods.netPayable,
      closedAt: vatPeriods.closedAt,
      journalEntryId: vatPeriods.journalEntryId,
      deposited: sql<string>`coalesce(${paid.total}, 0)::text`,
      carriedIntoStart: carriedInto.periodStart,
      carriedIntoEnd: carriedInto.periodEnd,
    })
    .from(vatPeriods)
    .leftJoin(paid, eq(paid.periodId, vatPeriods.id))
    .leftJoin(carriedInto, eq(carriedInto.id, vatPeriods.carriedIntoId))
    .orderBy(desc(vatPeriods.periodStart))
    .limit(limit);
  return rows.map(({ carriedIntoStart, carriedIntoEnd, ...r }) => ({
    ...r,
    deposited: fromPaisa(toPaisa(r.deposited)),
    label: periodLabelOf(r.start, r.end),
    carriedInto: carriedIntoStart && carriedIntoEnd ? periodLabelOf(carriedIntoStart, carriedIntoEnd) : null,
  }));
}

/** The closed period holding `date`, or null. */
export async function closedPeriodOf(
  db: DbOrTx,
  date: string,
): Promise<{ id: string; start: string; end: string } | null> {
  const [row] = await db
    .select({ id: vatPeriods.id, start: vatPeriods.periodStart, end: vatPeriods.periodEnd })
    .from(vatPeriods)
    .where(and(lte(vatPeriods.periodStart, date), gte(vatPeriods.periodEnd, date)))
    .limit(1);
  return row ?? null;
}

export interface TaxDepositRow {
  id: string;
  kind: TaxDepositKind;
  challanNo: string;
  date: string;
  amount: string;
  account: string;
  periodLabel: string | null;
  journalEntryId: string;
  /** Reversed (issue 36): its reversing entry, that entry's date, and why; null while it stands. */
  reversal: { entryId: string; date: string; reason: string } | null;
}

const reversalEntry = alias(journalEntries, "reversal_entry");

export function recentTaxDeposits(db: DbOrTx, limit = 20): Promise<TaxDepositRow[]> {
  return taxDepositRows(db, undefined, limit);
}

/** One deposit as the list shows it (its Reverse dialog, issue 36); null for a malformed or unknown id. */
export async function loadTaxDeposit(db: DbOrTx, id: string): Promise<TaxDepositRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await taxDepositRows(db, eq(taxDeposits.id, id.toLowerCase()), 1);
  return row ?? null;
}

async function taxDepositRows(db: DbOrTx, where: SQL | undefined, limit: number): Promise<TaxDepositRow[]> {
  const rows = await db
    .select({
      id: taxDeposits.id,
      kind: taxDeposits.kind,
      challanNo: taxDeposits.challanNo,
      date: taxDeposits.date,
      amount: taxDeposits.amount,
      account: sql<string>`${chartOfAccounts.code} || ' ' || ${chartOfAccounts.name}`,
      periodStart: vatPeriods.periodStart,
      periodEnd: vatPeriods.periodEnd,
      journalEntryId: taxDeposits.journalEntryId,
      reversalEntryId: taxDeposits.reversalEntryId,
      reversalDate: reversalEntry.entryDate,
      reversalReason: taxDeposits.reversalReason,
    })
    .from(taxDeposits)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, taxDeposits.moneyAccountId))
    .leftJoin(vatPeriods, eq(vatPeriods.id, taxDeposits.vatPeriodId))
    .leftJoin(reversalEntry, eq(reversalEntry.id, taxDeposits.reversalEntryId))
    .where(where)
    .orderBy(desc(taxDeposits.date), desc(taxDeposits.createdAt), desc(taxDeposits.id))
    .limit(limit);
  return rows.map(({ periodStart, periodEnd, reversalEntryId, reversalDate, reversalReason, ...r }) => ({
    ...r,
    periodLabel: periodStart && periodEnd ? periodLabelOf(periodStart, periodEnd) : null,
    reversal:
      reversalEntryId && reversalDate && reversalReason
        ? { entryId: reversalEntryId, date: reversalDate, reason: reversalReason }
        : null,
  }));
}
