import { MONTHS } from "../../../app/lib/format";

/** The month `offset` months from the current one in Dhaka: its value ("2026-10") and name ("October 2026"). */
export function monthFromNow(offset: number): { value: string; name: string } {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(new Date()).split("-");
  const d = new Date(Date.UTC(Number(y), Number(m) - 1 + offset, 1));
  return {
    value: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`,
    name: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
  };
}
