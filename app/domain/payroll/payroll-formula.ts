import { fromPaisa, percentOfPaisa, roundedShare, sumPaisa, toPaisa } from "../../lib/money";

// The spec's payroll formula (backoffice.md §9), exact to the paisa. Browser-safe: the Process Payroll dialog's cards
// and the server's payslips are worked out by these functions alone.
//
// Rounding, stated once (and printed on the payslip, PAYSLIP_ROUNDING_NOTE): every figure is rounded half up to the
// paisa, once, from exact amounts. Earnings are worked out from the monthly salary, then each for the days paid
// (days employed in the month / days in the month); the provident fund is 10% of the basic paid; the income tax is
// the annual slab tax on a full month's gross × 12, divided by 12 and taken for the days paid, computed in integers
// and rounded once at the end, so no band's rounding adds up. A part month's tax is the full month's for the days
// paid: annualising a part month's pay would tax a salary as if it were smaller than it is.

export const HOUSE_RENT_PERCENT = "50";
export const MEDICAL_PERCENT = "10";
/** The transport allowance for a full month, in taka. */
export const TRANSPORT_ALLOWANCE = "2500";
export const PROVIDENT_FUND_PERCENT = "10";

export const PAYSLIP_ROUNDING_NOTE =
  "Each figure is rounded half up to the paisa. Income tax is the annual slab tax on a full month's gross × 12, divided by 12.";

/** One slab of a table, in order: `bandAmount` taka of taxable income (null: all the rest) at `rate` per cent. */
export interface TaxSlab {
  bandAmount: string | null;
  rate: string;
}

/**
 * The tax on an annual income by the slabs, exactly, in 1/10,000 of a paisa (the band in paisa × the rate in basis
 * points): kept unrounded so the month's tax is rounded once.
 */
export function annualSlabTaxExact(annualIncomePaisa: bigint, slabs: readonly TaxSlab[]): bigint {
  let left = annualIncomePaisa > 0n ? annualIncomePaisa : 0n;
  let tax = 0n;
  for (const slab of slabs) {
    if (left === 0n) break;
    const band = slab.bandAmount === null ? left : toPaisa(slab.bandAmount);
    const taxed = band < left ? band : left;
    tax += taxed * toPaisa(slab.rate);
    left -= taxed;
  }
  return tax;
}

/** The annual slab tax, rounded half up to the paisa (the tax table's own figure, for Settings' examples). */
export function annualSlabTax(annualIncomePaisa: bigint, slabs: readonly TaxSlab[]): bigint {
  return roundedShare(annualSlabTaxExact(annualIncomePaisa, slabs), 1n, 10_000n);
}

/** The days of `month` (YYYY-MM) the employee was employed: from joining (or the 1st) to leaving (or the last day). */
export function daysEmployed(
  month: string,
  joiningDate: string,
  leavingDate: string | null,
): { daysPaid: number; daysInMonth: number } {
  const [year, monthNo] = month.split("-").map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(year, monthNo, 0)).getUTCDate();
  const first = `${month}-01`;
  const last = `${month}-${String(daysInMonth).padStart(2, "0")}`;
  const from = joiningDate > first ? joiningDate : first;
  const to = leavingDate !== null && leavingDate < last ? leavingDate : last;
  if (from > to) return { daysPaid: 0, daysInMonth };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return { daysPaid: days, daysInMonth };
}

export interface PayslipFigures {
  basic: string;
  houseRent: string;
  medical: string;
  transport: string;
  gross: string;
  providentFund: string;
  incomeTax: string;
  otherDeductions: string;
  totalDeductions: string;
  net: string;
}

/**
 * The month's payslip figures for a monthly salary (taka, "45000" or "45000.50"), paid for `daysPaid` of
 * `daysInMonth` days (a whole month by default), with the slab table in force.
 */
export function payslipFigures(
  monthlySalary: string,
  slabs: readonly TaxSlab[],
  days: { daysPaid: number; daysInMonth: number } = { daysPaid: 1, daysInMonth: 1 },
): PayslipFigures {
  if (!Number.isInteger(days.daysPaid) || !Number.isInteger(days.daysInMonth) || days.daysInMonth < 1)
    throw new RangeError(`payslipFigures: days must be whole, not ${days.daysPaid}/${days.daysInMonth}`);
  if (days.daysPaid < 0 || days.daysPaid > days.daysInMonth)
    throw new RangeError(`payslipFigures: ${days.daysPaid} days paid of ${days.daysInMonth}`);
  const paid = BigInt(days.daysPaid);
  const inMonth = BigInt(days.daysInMonth);
  const salary = toPaisa(monthlySalary);

  const basic = roundedShare(salary, paid, inMonth);
  const houseRent = percentOfPaisa(basic, HOUSE_RENT_PERCENT);
  const medical = percentOfPaisa(basic, MEDICAL_PERCENT);
  const transport = roundedShare(toPaisa(TRANSPORT_ALLOWANCE), paid, inMonth);
  const gross = sumPaisa([basic, houseRent, medical, transport]);

  const providentFund = percentOfPaisa(basic, PROVIDENT_FUND_PERCENT);
  // The annual tax is worked out on a full month's gross (its figures rounded as on a full month's payslip) × 12,
  // exactly; the month's tax is it / 12, for the days paid, rounded once.
  const fullMonthGross = sumPaisa([
    salary,
    percentOfPaisa(salary, HOUSE_RENT_PERCENT),
    percentOfPaisa(salary, MEDICAL_PERCENT),
    toPaisa(TRANSPORT_ALLOWANCE),
  ]);
  const annualTaxExact = annualSlabTaxExact(fullMonthGross * 12n, slabs);
  const incomeTax = roundedShare(annualTaxExact, paid, 10_000n * 12n * inMonth);
  const otherDeductions = 0n;
  const totalDeductions = providentFund + incomeTax + otherDeductions;
  const net = gross - totalDeductions;
  return {
    basic: fromPaisa(basic),
    houseRent: fromPaisa(houseRent),
    medical: fromPaisa(medical),
    transport: fromPaisa(transport),
    gross: fromPaisa(gross),
    providentFund: fromPaisa(providentFund),
    incomeTax: fromPaisa(incomeTax),
    otherDeductions: fromPaisa(otherDeductions),
    totalDeductions: fromPaisa(totalDeductions),
    net: fromPaisa(net),
  };
}
