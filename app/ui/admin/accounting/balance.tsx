import { formatMoney } from "~/lib/format";

/** A balance or amount (a decimal string, maybe negative) as ৳1,234.00 or −৳1,234.00. */
export function formatBalance(amount: string): string {
  return amount.startsWith("-") ? `−${formatMoney(amount.slice(1))}` : formatMoney(amount);
}

/** A balance in a table or a card: tabular figures, red when below zero (an asset overdrawn, say). */
export function Balance({ amount, className = "" }: { amount: string; className?: string }) {
  const negative = amount.startsWith("-") && !/^-0(\.0+)?$/.test(amount);
  return (
    <span className={`whitespace-nowrap tabular-nums ${negative ? "text-red-700" : ""} ${className}`}>
      {formatBalance(negative ? amount : amount.replace(/^-/, ""))}
    </span>
  );
}
