// Exact money for quotations: amounts are decimal strings with at most 2 places (numeric(14,2)); all
// arithmetic happens in integer paisa (BigInt), never in floating point (DESIGN §5).

export function toPaisa(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a money amount: ${amount}`);
  const [, sign, whole, fraction = ""] = match;
  const paisa = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign ? -paisa : paisa;
}

export function fromPaisa(paisa: bigint): string {
  const negative = paisa < 0n;
  const abs = negative ? -paisa : paisa;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

export interface PricedLine {
  unitPrice: string;
  quantity: number;
  total: string;
}

/** Each line's total is unit price × quantity; the quotation's total is their sum. */
export function priceLines(lines: { unitPrice: string; quantity: number }[]): { lines: PricedLine[]; total: string } {
  let sum = 0n;
  const priced = lines.map((line) => {
    const total = toPaisa(line.unitPrice) * BigInt(line.quantity);
    sum += total;
    return { unitPrice: fromPaisa(toPaisa(line.unitPrice)), quantity: line.quantity, total: fromPaisa(total) };
  });
  return { lines: priced, total: fromPaisa(sum) };
}
