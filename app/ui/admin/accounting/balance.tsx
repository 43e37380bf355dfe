import { formatSignedMoney } from "~/lib/format";

/** A balance in a table or a card: tabular figures, red when below zero (an asset overdrawn, say). */
export function Balance({ amount, className = "" }: { amount: string; className?: string }) {
  const negative = amount.startsWith("-") && !/^-0(\.0+)?$/.test(amount);
  return (
    <span className={`whitespace-nowrap tabular-nums ${negative ? "text-red-700" : ""} ${className}`}>
      {formatSignedMoney(negative ? amount : amount.replace(/^-/, ""))}
    </span>
  );
}
