// What the tax invoice (Mushak-6.3) and credit note (Mushak-6.7) PDFs print besides their own figures, kept apart
// from the renderer so the e-mail, the portal and the tests say it the same way (browser-safe).

import { BUSINESS_TIME_ZONE } from "../../lib/dhaka-time";

/** "INV-2026-27-000001.pdf": the document's number is its name. */
export function salesDocumentFilename(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]/g, "_")}.pdf`;
}

const dhakaTime = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** The time of a moment in Dhaka, as a tax invoice prints it: 2027-01-05T08:35Z → "2:35 PM". */
export function documentTime(moment: Date): string {
  return dhakaTime.format(moment).replace(/\u202f/g, " ");
}
