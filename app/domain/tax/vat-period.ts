import { formatMonthYear } from "../../lib/format";

// The VAT return's periods (issue 22; backoffice.md §2 Tax Management): a month, or a quarter where the law allows it
// (Settings > Accounting, vat_period_months = 3). Quarters follow Bangladesh's fiscal year (July to June): July to
// September, October to December, January to March, April to June, which are also the calendar's quarters. A period
// is named in URLs by its first month ("2026-04"); any month inside a quarter names that quarter. Browser-safe.

export type VatPeriodMonths = 1 | 3;

export interface VatPeriod {
  /** The first month, "2026-04": the URL's `period`. */
  key: string;
  /** First and last days, both included. */
  start: string;
  end: string;
  months: VatPeriodMonths;
  /** "April 2026", or "Apr – Jun 2026" for a quarter. */
  label: string;
}

/** "2026-04": a month as the URL names a period. */
export const PERIOD_KEY_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])$/;

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function lastDayOf(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}`;

/** The period of `months` holding the month of `date` ("2026-05-14" or "2026-05"). */
export function vatPeriodOf(date: string, months: VatPeriodMonths): VatPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const first = months === 3 ? month - ((month - 1) % 3) : month;
  const last = first + months - 1;
  const key = monthKey(year, first);
  return {
    key,
    start: `${key}-01`,
    end: lastDayOf(year, last),
    months,
    label: months === 1 ? formatMonthYear(key) : `${SHORT_MONTHS[first - 1]} – ${SHORT_MONTHS[last - 1]} ${year}`,
  };
}

/** The period a URL names, or null when `key` is not a month. */
export function vatPeriodFromKey(key: string | null | undefined, months: VatPeriodMonths): VatPeriod | null {
  return key && PERIOD_KEY_PATTERN.test(key) ? vatPeriodOf(key, months) : null;
}

/** The period before `period`. */
export function previousVatPeriod(period: VatPeriod): VatPeriod {
  const year = Number(period.key.slice(0, 4));
  const month = Number(period.key.slice(5, 7)) - period.months;
  return month >= 1
    ? vatPeriodOf(monthKey(year, month), period.months)
    : vatPeriodOf(monthKey(year - 1, month + 12), period.months);
}

/** The period holding today and the `count - 1` before it, newest first: the period picker's choices. */
export function recentVatPeriods(today: string, months: VatPeriodMonths, count = 13): VatPeriod[] {
  const periods = [vatPeriodOf(today, months)];
  while (periods.length < count) periods.push(previousVatPeriod(periods[periods.length - 1]!));
  return periods;
}

/** Whether a period is over (its last day is before today): only such a period can be closed. */
export function hasEnded(period: Pick<VatPeriod, "end">, today: string): boolean {
  return period.end < today;
}

/** A stored period (vat_periods' start and end) named as the screens name it. */
export function periodLabelOf(start: string, end: string): string {
  const months =
    (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
    Number(end.slice(5, 7)) -
    Number(start.slice(5, 7)) +
    1;
  return vatPeriodOf(start, months === 3 ? 3 : 1).label;
}

/** vat_period_months as stored (1 or 3), anything else read as a month. */
export function vatPeriodMonthsOf(value: number | null | undefined): VatPeriodMonths {
  return value === 3 ? 3 : 1;
}
