import { BUSINESS_TIME_ZONE } from "~/lib/dhaka-time";

// Back-office times are shown as Dhaka's clock shows them (DESIGN §5), the same on the server and the browser.
const options = { timeZone: BUSINESS_TIME_ZONE } as const;
const dhakaDate = new Intl.DateTimeFormat("en-US", { ...options, year: "numeric", month: "short", day: "2-digit" });
const dhakaTime = new Intl.DateTimeFormat("en-US", { ...options, hour: "numeric", minute: "2-digit" });
const dhakaTimeSeconds = new Intl.DateTimeFormat("en-US", {
  ...options,
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
});

function asDate(value: Date | string): Date {
  return typeof value === "string" ? new Date(value) : value;
}

/** "Jan 05, 2025" in Dhaka. */
export function formatDhakaDate(value: Date | string): string {
  return dhakaDate.format(asDate(value));
}

/** "3:04 PM" (or "3:04:09 PM") in Dhaka. */
export function formatDhakaTime(value: Date | string, withSeconds = false): string {
  return (withSeconds ? dhakaTimeSeconds : dhakaTime).format(asDate(value));
}

/** "Jan 05, 2025, 3:04 PM" in Dhaka. */
export function formatDhakaDateTime(value: Date | string, withSeconds = false): string {
  return `${formatDhakaDate(value)}, ${formatDhakaTime(value, withSeconds)}`;
}

/**
 * A moment, shown in Dhaka time, with the exact instant in its datetime attribute; "—" for none. `twoLines`
 * puts the time under the date (narrow table columns).
 */
export function DhakaTime({
  value,
  withSeconds,
  twoLines,
}: {
  value: Date | string | null | undefined;
  withSeconds?: boolean;
  twoLines?: boolean;
}) {
  if (!value) return <span className="text-slate-400">—</span>;
  const date = asDate(value);
  if (!twoLines) return <time dateTime={date.toISOString()}>{formatDhakaDateTime(date, withSeconds)}</time>;
  return (
    <time dateTime={date.toISOString()} className="whitespace-nowrap">
      {formatDhakaDate(date)}
      <span className="text-xs text-slate-500 max-sm:ml-1.5 sm:block">{formatDhakaTime(date, withSeconds)}</span>
    </time>
  );
}
