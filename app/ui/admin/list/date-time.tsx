import { BUSINESS_TIME_ZONE } from "~/lib/dhaka-time";

// Back-office times are shown as Dhaka's clock shows them (DESIGN §5), the same on the server and the browser.
const dhakaDateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "short",
  day: "2-digit",
  hour: "numeric",
  minute: "2-digit",
});
const dhakaDateTimeSeconds = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "short",
  day: "2-digit",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
});

/** "Jan 05, 2025, 3:04 PM" in Dhaka. */
export function formatDhakaDateTime(value: Date | string, withSeconds = false): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return (withSeconds ? dhakaDateTimeSeconds : dhakaDateTime).format(date);
}

/** A moment, shown in Dhaka time, with the exact instant in its datetime attribute. */
export function DhakaTime({ value, withSeconds }: { value: Date | string | null | undefined; withSeconds?: boolean }) {
  if (!value) return <span className="text-slate-400">—</span>;
  const date = typeof value === "string" ? new Date(value) : value;
  return <time dateTime={date.toISOString()}>{formatDhakaDateTime(date, withSeconds)}</time>;
}
