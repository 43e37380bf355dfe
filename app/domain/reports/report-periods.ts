import { addDays } from "../dashboard/periods";

// The reports' calendar (issue 24): fiscal years that start in a chosen month (July by default, Settings >
// Accounting), named by the calendar year they start in (2026 is July 2026 to June 2027, "2026-27"); a report's
// period is a month, a quarter or a year of a fiscal year, or a date range; each compares with the period just
// before it and with the same period a year earlier. Dates are YYYY-MM-DD calendar dates. Browser-safe.

export const REPORT_PERIOD_KINDS = ["monthly", "quarterly", "yearly", "range"] as const;
export type ReportPeriodKind = (typeof REPORT_PERIOD_KINDS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriodKind, string> = {
  monthly: "Monthly",
  quarterly: "Quarterly",
  yearly: "Yearly",
  range: "Date range",
};

export const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export interface DateRange {
  from: string;
  to: string;
}

export interface ReportPeriod extends DateRange {
  kind: ReportPeriodKind;
  /** The fiscal year the period falls in (of its start, for a range). */
  fiscalYear: number;
  /** "Nov 2026", "Q2 2026-27", "FY 2026-27", "1 Jul 2026 – 15 Aug 2026". */
  label: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The last day of a calendar month (month 1-12). */
function lastDayOf(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first day of the calendar month `offset` months after year-month. */
function monthStart(year: number, month: number, offset = 0): { year: number; month: number } {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The fiscal year a date falls in, for a fiscal year starting in `startMonth` (1-12). */
export function fiscalYearOfDate(isoDate: string, startMonth: number): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month >= startMonth ? year : year - 1;
}

/** A fiscal year's first and last day. */
export function fiscalYearRange(fiscalYear: number, startMonth: number): DateRange {
  const end = monthStart(fiscalYear, startMonth, 11);
  return { from: `${fiscalYear}-${pad(startMonth)}-01`, to: lastDayOf(end.year, end.month) };
}

/** 2026 → "2026-27" when the year spans two calendar years, "2026" when it starts in January. */
export function fiscalYearName(fiscalYear: number, startMonth: number): string {
  return startMonth === 1 ? String(fiscalYear) : `${fiscalYear}-${pad((fiscalYear + 1) % 100)}`;
}

/** The twelve months of a fiscal year, in order: each month's first and last day and its label ("Jul 2026"). */
export function fiscalYearMonths(
  fiscalYear: number,
  startMonth: number,
): { from: string; to: string; month: number; label: string }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const m = monthStart(fiscalYear, startMonth, i);
    return {
      from: `${m.year}-${pad(m.month)}-01`,
      to: lastDayOf(m.year, m.month),
      month: m.month,
      label: `${MONTH_NAMES[m.month - 1]} ${m.year}`,
    };
  });
}

function formatDay(isoDate: string): string {
  return `${Number(isoDate.slice(8, 10))} ${MONTH_NAMES[Number(isoDate.slice(5, 7)) - 1]} ${isoDate.slice(0, 4)}`;
}

/** The month holding `isoDate` as a monthly period. */
export function monthPeriod(isoDate: string, startMonth: number): ReportPeriod {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const from = `${year}-${pad(month)}-01`;
  return {
    kind: "monthly",
    from,
    to: lastDayOf(year, month),
    fiscalYear: fiscalYearOfDate(from, startMonth),
    label: `${MONTH_NAMES[month - 1]} ${year}`,
  };
}

/** Quarter 1-4 of a fiscal year (quarter 1 is its first three months). */
export function quarterPeriod(fiscalYear: number, quarter: number, startMonth: number): ReportPeriod {
  const first = monthStart(fiscalYear, startMonth, (quarter - 1) * 3);
  const last = monthStart(first.year, first.month, 2);
  return {
    kind: "quarterly",
    from: `${first.year}-${pad(first.month)}-01`,
    to: lastDayOf(last.year, last.month),
    fiscalYear,
    label: `Q${quarter} ${fiscalYearName(fiscalYear, startMonth)}`,
  };
}

/** The quarter (1-4) of its fiscal year a date falls in. */
export function quarterOfDate(isoDate: string, startMonth: number): number {
  const month = Number(isoDate.slice(5, 7));
  return Math.floor(((((month - startMonth) % 12) + 12) % 12) / 3) + 1;
}

export function yearPeriod(fiscalYear: number, startMonth: number): ReportPeriod {
  return {
    kind: "yearly",
    ...fiscalYearRange(fiscalYear, startMonth),
    fiscalYear,
    label: `FY ${fiscalYearName(fiscalYear, startMonth)}`,
  };
}

export function rangePeriod(from: string, to: string, startMonth: number): ReportPeriod {
  return {
    kind: "range",
    from,
    to,
    fiscalYear: fiscalYearOfDate(from, startMonth),
    label: `${formatDay(from)} – ${formatDay(to)}`,
  };
}

/** Days from `from` to `to`, both included. */
function daysIn(range: DateRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period just before: the previous month, quarter or fiscal year; for a range, as many days before it. */
export function previousPeriod(period: ReportPeriod, startMonth: number): ReportPeriod {
  switch (period.kind) {
    case "monthly":
      return monthPeriod(addDays(period.from, -1), startMonth);
    case "quarterly": {
      const before = addDays(period.from, -1);
      return quarterPeriod(fiscalYearOfDate(before, startMonth), quarterOfDate(before, startMonth), startMonth);
    }
    case "yearly":
      return yearPeriod(period.fiscalYear - 1, startMonth);
    case "range": {
      const to = addDays(period.from, -1);
      return rangePeriod(addDays(to, -(daysIn(period) - 1)), to, startMonth);
    }
  }
}

/** A date a calendar year earlier; 29 February becomes 28 February. */
/** The same day a year earlier (29 Feb: the 28th). */
export function yearEarlier(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4)) - 1;
  const month = Number(isoDate.slice(5, 7));
  const day = Math.min(Number(isoDate.slice(8, 10)), Number(lastDayOf(year, month).slice(8, 10)));
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The same period a year earlier. */
export function samePeriodLastYear(period: ReportPeriod, startMonth: number): ReportPeriod {
  switch (period.kind) {
    case "monthly":
      return monthPeriod(yearEarlier(period.from), startMonth);
    case "quarterly":
      return quarterPeriod(period.fiscalYear - 1, quarterOfDate(period.from, startMonth), startMonth);
    case "yearly":
      return yearPeriod(period.fiscalYear - 1, startMonth);
    case "range":
      return rangePeriod(yearEarlier(period.from), yearEarlier(period.to), startMonth);
  }
}

export const REPORT_PERIOD_MESSAGES = {
  period: "Choose Monthly, Quarterly, Yearly or a date range",
  month: "Choose a month",
  fiscalYear: "Choose a fiscal year between 2000 and 2100",
  quarter: "Choose a quarter from 1 to 4",
  from: "Enter the first day of the range",
  to: "Enter the last day of the range",
  order: "The last day must not be before the first day",
  tooLong: "A date range is at most 5 years long",
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day of the years a report covers (2000 to 2100, as a fiscal year). */
const isDate = (value: string) =>
  ISO_DATE.test(value) &&
  Number(value.slice(0, 4)) >= 2000 &&
  Number(value.slice(0, 4)) <= 2100 &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  addDays(value, 0) === value;

/**
 * The period a report's URL asks for: `period` monthly (`month` YYYY-MM), quarterly (`fy`, `q`), yearly (`fy`) or
 * range (`from`, `to`); what is missing is today's month, quarter or fiscal year. A value that cannot be read is
 * named in `errors` (by its field) and today's month is shown instead.
 */
export function parseReportPeriod(
  params: URLSearchParams,
  today: string,
  startMonth: number,
): { period: ReportPeriod; errors: Record<string, string> } {
  const fallback = monthPeriod(today, startMonth);
  const kind = params.get("period") || "monthly";
  const fail = (field: string, message: string) => ({ period: fallback, errors: { [field]: message } });
  const fiscalYear = () => {
    const raw = params.get("fy");
    if (raw === null || raw === "") return fiscalYearOfDate(today, startMonth);
    const fy = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
    return fy >= 2000 && fy <= 2100 ? fy : null;
  };
  switch (kind) {
    case "monthly": {
      const raw = params.get("month");
      if (raw === null || raw === "") return { period: fallback, errors: {} };
      const year = Number(raw.slice(0, 4));
      if (!/^\d{4}-\d{2}$/.test(raw) || !isDate(`${raw}-01`) || year < 2000 || year > 2100)
        return fail("month", REPORT_PERIOD_MESSAGES.month);
      return { period: monthPeriod(`${raw}-01`, startMonth), errors: {} };
    }
    case "quarterly": {
      const fy = fiscalYear();
      if (fy === null) return fail("fy", REPORT_PERIOD_MESSAGES.fiscalYear);
      const rawQ = params.get("q");
      if (rawQ !== null && rawQ !== "" && !/^[1-4]$/.test(rawQ)) return fail("q", REPORT_PERIOD_MESSAGES.quarter);
      const q = rawQ === null || rawQ === "" ? quarterOfDate(today, startMonth) : Number(rawQ);
      return { period: quarterPeriod(fy, q, startMonth), errors: {} };
    }
    case "yearly": {
      const fy = fiscalYear();
      if (fy === null) return fail("fy", REPORT_PERIOD_MESSAGES.fiscalYear);
      return { period: yearPeriod(fy, startMonth), errors: {} };
    }
    case "range": {
      const from = params.get("from") ?? "";
      const to = params.get("to") ?? "";
      if (!isDate(from)) return fail("from", REPORT_PERIOD_MESSAGES.from);
      if (!isDate(to)) return fail("to", REPORT_PERIOD_MESSAGES.to);
      if (to < from) return fail("to", REPORT_PERIOD_MESSAGES.order);
      if (daysIn({ from, to }) > 5 * 366) return fail("to", REPORT_PERIOD_MESSAGES.tooLong);
      return { period: rangePeriod(from, to, startMonth), errors: {} };
    }
    default:
      return fail("period", REPORT_PERIOD_MESSAGES.period);
  }
}

/** The URL parameters of a period (the inverse of parseReportPeriod). */
export function reportPeriodParams(period: ReportPeriod, startMonth: number): Record<string, string> {
  switch (period.kind) {
    case "monthly":
      return { period: "monthly", month: period.from.slice(0, 7) };
    case "quarterly":
      return { period: "quarterly", fy: String(period.fiscalYear), q: String(quarterOfDate(period.from, startMonth)) };
    case "yearly":
      return { period: "yearly", fy: String(period.fiscalYear) };
    case "range":
      return { period: "range", from: period.from, to: period.to };
  }
}
