import { fromPaisa, toPaisa } from "../../lib/money";
import { STANDARD_VAT_RATE } from "./input-vat-claim";

// The VAT return as it is filed (Mushak-9.1, rule 47(1) of the VAT & SD Rules 2016; issue 37), laid out by its parts
// and note numbers from the period's tax register: the same rows, written in each document's own transaction, that
// post the VAT role accounts' lines (only documents post there: DOCUMENTS_ONLY_ROLES), so note 34 is the change in
// VAT payable over the period less the treasury deposits (proved against hledger in mushak-9-1-hledger's test).
// Browser-safe: the screen, the PDF and the CSV print the same parts.
//
// Where each figure comes from:
// - Part 3 (supply, output tax): invoices' and typed output VAT rows by rate: 15% is standard rated (note 4), 0%
//   exempted (note 3), any other rate other than standard (note 7); SD from the invoices' lines.
// - Part 4 (purchase, input tax): purchases' and typed input VAT rows by rate, local purchases (no imports are
//   recorded): standard rated (note 14), others (note 16); note 23 their total VAT.
// - Part 5 (increasing adjustments): purchases reversed after their period (note 27, other adjustments); the company
//   deducts no VAT at source from its suppliers and issues no debit notes (notes 24 and 26 stay zero).
// - Part 6 (decreasing adjustments): VAT withheld by customers with a certificate dated in the period (note 29),
//   credit notes (note 31), and sales taken back by a reversal in the ledger (note 32).
// - Part 7: note 34 = 9C - 23B + 28 - 33; note 52, the closing balance of the last tax period, is the credit
//   brought forward (what earlier returns left to carry); note 35 = 34 - 52; no interest or penalty is recorded, so
//   note 50, the net VAT for treasury deposit, is note 35. Note 36, the SD of the period: the invoices' SD (9B) less
//   what credit notes took back (SD is its own tax: sd.payable, outside the VAT close).
// - Part 9: the period's VAT deposits with their challans (note 58). Part 10: note 65, the closing balance, is
//   58 - 50: positive, a credit the next return brings in; negative, still to deposit.

export type Mushak91Column = "value" | "sd" | "vat";

export interface Mushak91Line {
  note: number;
  label: string;
  /** Decimal strings; a column the part does not have is absent. */
  value?: string;
  sd?: string;
  vat: string;
  /** A total of the part. */
  total?: boolean;
}

export interface Mushak91Deposit {
  challanNo: string;
  date: string;
  amount: string;
}

export interface Mushak91Part {
  part: number;
  title: string;
  columns: readonly Mushak91Column[];
  /** The last column's heading where it is not only VAT (part 7 holds the SD too). */
  vatHeader?: string;
  lines: Mushak91Line[];
}

export interface Mushak91 {
  parts: Mushak91Part[];
  deposits: Mushak91Deposit[];
  /** Notes 34, 35 (= 50), 52, 58 and 65, for the screens' headline figures and the checks. */
  netForPeriod: string;
  closingBalanceOfLastPeriod: string;
  netPayable: string;
  deposited: string;
  closingBalance: string;
}

/** The register's rows of a period, summed by what the return asks. Amounts in paisa, signed as posted. */
export interface Mushak91Inputs {
  /** Invoices' and typed output VAT rows (not credit notes or reversals), by rate. */
  salesByRate: { rate: string; value: bigint; sd: bigint; vat: bigint }[];
  /** Purchases' and typed input VAT rows (not reversals), by rate. */
  purchasesByRate: { rate: string; value: bigint; vat: bigint }[];
  /** Credit notes' output VAT rows (negative as posted), and the SD they took back (positive). */
  creditNotesVat: bigint;
  creditNotesSd: bigint;
  /** Reversals' output and input VAT rows (negative as posted when they take back a positive row). */
  outputReversalsVat: bigint;
  inputReversalsVat: bigint;
  /** VDS with certificates dated in the period. */
  vdsCredit: bigint;
  /** The credit of earlier returns brought forward (positive). */
  carriedIn: bigint;
  deposits: { challanNo: string; date: string; amount: bigint }[];
}

const rateOf = (rate: string) => Number(rate);

function sumBy<T>(rows: readonly T[], pick: (row: T) => bigint): bigint {
  return rows.reduce((sum, row) => sum + pick(row), 0n);
}

function supplyLine(
  note: number,
  label: string,
  rows: readonly { value: bigint; sd?: bigint; vat: bigint }[],
  withSd: boolean,
): Mushak91Line {
  return {
    note,
    label,
    value: fromPaisa(sumBy(rows, (r) => r.value)),
    ...(withSd ? { sd: fromPaisa(sumBy(rows, (r) => r.sd ?? 0n)) } : {}),
    vat: fromPaisa(sumBy(rows, (r) => r.vat)),
  };
}

export function mushak91(inputs: Mushak91Inputs): Mushak91 {
  const standard = (r: { rate: string }) => rateOf(r.rate) === Number(STANDARD_VAT_RATE);
  const exempt = (r: { rate: string }) => rateOf(r.rate) === 0;
  const other = (r: { rate: string }) => !standard(r) && !exempt(r);
  const sales = inputs.salesByRate;
  const purchases = inputs.purchasesByRate;
  const none: { value: bigint; sd: bigint; vat: bigint }[] = [];

  const totalSales = supplyLine(9, "Total sales value and total payable taxes", sales, true);
  const part3: Mushak91Part = {
    part: 3,
    title: "Supply – output tax",
    columns: ["value", "sd", "vat"],
    lines: [
      supplyLine(1, "Zero rated goods/service: direct export", none, true),
      supplyLine(2, "Zero rated goods/service: deemed export", none, true),
      supplyLine(3, "Exempted goods/service", sales.filter(exempt), true),
      supplyLine(4, "Standard rated goods/service", sales.filter(standard), true),
      supplyLine(5, "Goods based on MRP", none, true),
      supplyLine(6, "Goods/service based on specific VAT", none, true),
      supplyLine(7, "Goods/service other than standard rate", sales.filter(other), true),
      supplyLine(8, "Retail/wholesale/trade based supply", none, true),
      { ...totalSales, total: true },
    ],
  };

  const inputTax = sumBy(purchases, (r) => r.vat);
  const part4: Mushak91Part = {
    part: 4,
    title: "Purchase – input tax",
    columns: ["value", "vat"],
    lines: [
      supplyLine(10, "Zero rated goods/service: local purchase", none, false),
      supplyLine(12, "Exempted goods/service: local purchase", purchases.filter(exempt), false),
      supplyLine(14, "Standard rated goods/service: local purchase", purchases.filter(standard), false),
      supplyLine(16, "Goods/service other than standard rate: local purchase", purchases.filter(other), false),
      {
        note: 23,
        label: "Total input tax credit",
        value: fromPaisa(sumBy(purchases, (r) => r.value)),
        vat: fromPaisa(inputTax),
        total: true,
      },
    ],
  };

  // A reversal takes back a row: its VAT as posted is the opposite of the adjustment it makes.
  const increasing = -inputs.inputReversalsVat;
  const part5: Mushak91Part = {
    part: 5,
    title: "Increasing adjustments (VAT)",
    columns: ["vat"],
    lines: [
      { note: 24, label: "VAT deducted at source by the supply receiver", vat: "0.00" },
      { note: 25, label: "Payment not made through a banking channel", vat: "0.00" },
      { note: 26, label: "Issuance of debit notes", vat: "0.00" },
      { note: 27, label: "Any other adjustments: purchases reversed", vat: fromPaisa(increasing) },
      { note: 28, label: "Total increasing adjustment", vat: fromPaisa(increasing), total: true },
    ],
  };

  const creditNotes = -inputs.creditNotesVat;
  const salesReversed = -inputs.outputReversalsVat;
  const decreasing = inputs.vdsCredit + creditNotes + salesReversed;
  const part6: Mushak91Part = {
    part: 6,
    title: "Decreasing adjustments (VAT)",
    columns: ["vat"],
    lines: [
      {
        note: 29,
        label: "VAT deducted at source from the supplies delivered (certificates)",
        vat: fromPaisa(inputs.vdsCredit),
      },
      { note: 30, label: "Advance tax paid at the import stage", vat: "0.00" },
      { note: 31, label: "Issuance of credit notes", vat: fromPaisa(creditNotes) },
      { note: 32, label: "Any other adjustments: sales reversed", vat: fromPaisa(salesReversed) },
      { note: 33, label: "Total decreasing adjustment", vat: fromPaisa(decreasing), total: true },
    ],
  };

  const outputTax = sumBy(sales, (r) => r.vat);
  const netForPeriod = outputTax - inputTax + increasing - decreasing;
  const netPayable = netForPeriod - inputs.carriedIn;
  const netSd = sumBy(sales, (r) => r.sd) - inputs.creditNotesSd;
  const part7: Mushak91Part = {
    part: 7,
    title: "Net tax calculation",
    columns: ["vat"],
    vatHeader: "Amount (tax)",
    lines: [
      { note: 34, label: "Net payable VAT for the tax period (9C - 23B + 28 - 33)", vat: fromPaisa(netForPeriod) },
      { note: 52, label: "Closing balance of the last tax period (VAT)", vat: fromPaisa(inputs.carriedIn) },
      { note: 35, label: "Net payable VAT after adjusting the closing balance (34 - 52)", vat: fromPaisa(netPayable) },
      { note: 36, label: "Net payable SD for the tax period (9B less credit notes' SD)", vat: fromPaisa(netSd) },
      { note: 50, label: "Net payable VAT for treasury deposit", vat: fromPaisa(netPayable), total: true },
    ],
  };

  const deposited = sumBy(inputs.deposits, (d) => d.amount);
  const part9: Mushak91Part = {
    part: 9,
    title: "Treasury deposit (account code 1/1133/0015/0311)",
    columns: ["vat"],
    lines: [{ note: 58, label: "VAT deposit for the current tax period", vat: fromPaisa(deposited), total: true }],
  };
  const closingBalance = deposited - netPayable;
  const part10: Mushak91Part = {
    part: 10,
    title: "Closing balance",
    columns: ["vat"],
    lines: [{ note: 65, label: "Closing balance (VAT) (58 - 50)", vat: fromPaisa(closingBalance), total: true }],
  };

  return {
    parts: [part3, part4, part5, part6, part7, part9, part10],
    deposits: inputs.deposits.map((d) => ({ challanNo: d.challanNo, date: d.date, amount: fromPaisa(d.amount) })),
    netForPeriod: fromPaisa(netForPeriod),
    closingBalanceOfLastPeriod: fromPaisa(inputs.carriedIn),
    netPayable: fromPaisa(netPayable),
    deposited: fromPaisa(deposited),
    closingBalance: fromPaisa(closingBalance),
  };
}

/** What note 65 means: a credit the next return brings in, still to deposit, or nothing left. */
export function closingBalanceText(closingBalance: string): string {
  const paisa = toPaisa(closingBalance);
  return paisa > 0n ? "a credit the next return brings in" : paisa < 0n ? "still to deposit" : "nothing left";
}

export const MUSHAK_91_COLUMN_LABELS: Record<Mushak91Column, string> = {
  value: "Value (a)",
  sd: "SD (b)",
  vat: "VAT",
};

/** The return as CSV rows: part, note, item, value, SD, VAT; then the deposits' challans. */
export function mushak91Rows(form: Mushak91): string[][] {
  const rows: string[][] = [["Part", "Note", "Item", "Value", "SD", "VAT"]];
  for (const part of form.parts)
    for (const line of part.lines)
      rows.push([
        `${part.part}. ${part.title}`,
        String(line.note),
        line.label,
        line.value ?? "",
        line.sd ?? "",
        line.vat,
      ]);
  for (const d of form.deposits)
    rows.push(["9. Treasury deposit", "58", `Challan ${d.challanNo} (${d.date})`, "", "", d.amount]);
  return rows;
}
