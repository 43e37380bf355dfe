// The short reference people see for a quotation (backoffice.md §7: "Short quotation id shown: 8 characters"):
// the portal's list and page (#7f3a9c2e...), the customer's e-mails and the PDF's number all use this one.

export const QUOTATION_REFERENCE_LENGTH = 8;

/** "7f3a9c2e": the first 8 characters of the quotation's id. */
export function quotationReference(id: string): string {
  return id.slice(0, QUOTATION_REFERENCE_LENGTH).toLowerCase();
}
