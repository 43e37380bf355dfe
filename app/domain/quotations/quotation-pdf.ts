// What the quotation PDF prints besides the quotation's own data, kept apart from the renderer so the
// screens can show the same terms (browser-safe).

/** The terms printed under every quotation. */
export const QUOTATION_TERMS = [
  "Booking: the equipment is reserved for the event's dates only once this quotation is approved, subject to " +
    "availability on those dates.",
  "Payment: an advance of 50% of the total confirms the booking; the balance is due on or before the event date.",
  "Cancellation: cancelled 7 days or more before the event, the advance is refunded less 10%; cancelled later, " +
    "the advance is not refunded.",
  "Damage and loss: the customer is responsible for the equipment from delivery until collection; damage " +
    "beyond normal wear, or loss, is charged at the cost of repair or replacement.",
  "Prices include delivery, setup and collection within Dhaka city; transport outside Dhaka is charged at cost.",
  "Prices are valid until the date shown above; after it, a new quotation is needed.",
] as const;

/** "15.00" → "15", "7.50" → "7.5": a VAT rate as people write it. */
export function formatPercent(rate: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new Error(`not a percentage: ${rate}`);
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return `${BigInt(match[1]!).toString()}${fraction ? `.${fraction}` : ""}%`;
}
