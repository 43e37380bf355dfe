// One range for every business date (issue 38, finding 3): the ledger, documents, payroll, tax and rentals all
// take dates between BUSINESS_DATE_MIN and BUSINESS_DATE_MAX, the years the reports, fiscal years and VAT
// periods are built for. A date outside (9999-12-31, 0000-01-01, +275760-09-13) is refused by the forms, by the
// URL params that pick a date or a month, and by the database checks `<table>_<column>_range` (migration 0027).
// A setting-free constant: browser-safe, shared by the forms, the loaders and the schema.

export const BUSINESS_DATE_MIN = "2000-01-01";
export const BUSINESS_DATE_MAX = "2099-12-31";

/** The longest rental a quotation may span, first to last day inclusive: a year (a leap year's 366 days). */
export const RENTAL_MAX_DAYS = 366;

/** The range as people read it, for messages. */
export const BUSINESS_DATE_RANGE_TEXT = "between 1 Jan 2000 and 31 Dec 2099";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A real date written YYYY-MM-DD (2027-02-30 is not), whatever its year. */
export function isRealDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC reads years 0-99 as 1900-1999; those are outside the range anyway, and the year check below fails them.
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A real YYYY-MM-DD date within the business range, both ends included. */
export function isBusinessDate(value: string): boolean {
  return isRealDate(value) && value >= BUSINESS_DATE_MIN && value <= BUSINESS_DATE_MAX;
}

/** A YYYY-MM month within the business range (?month= of a calendar or availability view). */
export function isBusinessMonth(value: string): boolean {
  return MONTH.test(value) && value >= BUSINESS_DATE_MIN.slice(0, 7) && value <= BUSINESS_DATE_MAX.slice(0, 7);
}

/** "<Field> must be between 1 Jan 2000 and 31 Dec 2099". */
export function businessDateRangeMessage(label: string): string {
  return `${label} must be ${BUSINESS_DATE_RANGE_TEXT}`;
}

/**
 * What is wrong with a typed date, naming the field, or null when it is a business date: `invalid` (default
 * "<Field> must be a date") for what is no date at all, the range message for a real date outside the range.
 */
export function businessDateProblem(label: string, value: string, invalid = `${label} must be a date`): string | null {
  if (!isRealDate(value)) return invalid;
  return isBusinessDate(value) ? null : businessDateRangeMessage(label);
}
