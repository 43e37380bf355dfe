// What the quotation PDF prints besides the quotation's own data, kept apart from the renderer so the e-mail
// and the screens print it the same way (browser-safe). The terms are the company's (settings/quotation-terms.ts),
// kept with each revision.

/** "15.00" → "15", "7.50" → "7.5": a VAT rate as people write it. */
export function formatPercent(rate: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new Error(`not a percentage: ${rate}`);
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return `${BigInt(match[1]!).toString()}${fraction ? `.${fraction}` : ""}%`;
}
