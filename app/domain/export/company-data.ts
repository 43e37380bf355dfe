// The company-data export's names (issue 39), browser-safe: the audit action of a download and the file's name.

/** The audit log's action for a download of the company's data. */
export const COMPANY_DATA_EXPORTED = "company_data.exported";

/** The file's name: the company's data on a day in Dhaka ("utsab-data-2026-12-08.zip"). */
export function companyDataFileName(dhakaDay: string): string {
  return `utsab-data-${dhakaDay}.zip`;
}
