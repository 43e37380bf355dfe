import { DOCUMENT_SERIES_PREFIX, type DocumentSeries } from "./constants";

// Bangladesh's fiscal year runs July to June; it is named by the calendar year it starts in (2026 is July 2026 to
// June 2027) and printed "2026-27" (DESIGN §10). Browser-safe.

/** The fiscal year a YYYY-MM-DD day falls in. */
export function fiscalYearOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month >= 7 ? year : year - 1;
}

/** 2026 → "2026-27". */
export function fiscalYearLabel(fiscalYear: number): string {
  return `${fiscalYear}-${String((fiscalYear + 1) % 100).padStart(2, "0")}`;
}

/** The first and last day of a fiscal year. */
export function fiscalYearRange(fiscalYear: number): { start: string; end: string } {
  return { start: `${fiscalYear}-07-01`, end: `${fiscalYear + 1}-06-30` };
}

/** INV-2026-27-000123: the series' prefix, the fiscal year, the number in six digits (more when it outgrows them). */
export function documentNumber(series: DocumentSeries, fiscalYear: number, sequence: number): string {
  return `${DOCUMENT_SERIES_PREFIX[series]}-${fiscalYearLabel(fiscalYear)}-${String(sequence).padStart(6, "0")}`;
}
