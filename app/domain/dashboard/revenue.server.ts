import { sql, type SQL } from "drizzle-orm";
import { BUSINESS_TIME_ZONE } from "../../lib/dhaka-time";
import type { RevenueSource } from "./cards";

// Monthly Revenue: this month's income, the month judged in Dhaka. The ledger is where income will be
// (DESIGN §9: every report from journal lines alone), but nothing posts income to it yet; until something
// does, the figure is the total of the quotations approved this month, and the card says so. Switching to
// the ledger is a change to this module only: MONTHLY_REVENUE's words and list, and monthlyRevenueSql.

/**
 * When a quotation (alias q) was approved: its latest change to approved in quotation_events, else when the
 * customer responded, else its last update. Status changes are recorded as events, so a later edit of an
 * approved quotation does not move its approval into another month.
 */
export const QUOTATION_APPROVED_AT: SQL = sql`coalesce(
  (select max(e.created_at) from quotation_events e where e.quotation_id = q.id and e.to_status = 'approved'),
  q.responded_at,
  q.updated_at
)`;

/**
 * Whether the approved quotation `q` may have been approved at or after `from` (an instant): its answer or last
 * change is since then, or it has an approval event since then. QUOTATION_APPROVED_AT is one of those three
 * times, so every quotation approved since `from` passes; the indexes quotations_approved_changed_idx and
 * quotation_events_approved_at_idx find these few without working out when each approval ever made was (issue 19).
 */
export function mayBeApprovedSinceSql(from: SQL): SQL {
  return sql`q.id in (
    select a.id from quotations a where a.status = 'approved' and greatest(a.responded_at, a.updated_at) >= ${from}
    union
    select e.quotation_id from quotation_events e where e.to_status = 'approved' and e.created_at >= ${from})`;
}

/** The instant a Dhaka calendar date (YYYY-MM-DD) begins. */
export function startOfDhakaDay(date: string): SQL {
  return sql`(${date}::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
}

export const MONTHLY_REVENUE: RevenueSource = {
  caption: "From approved quotations this month",
  hint: "Total of the quotations approved this month (Asia/Dhaka); the ledger will take over once income is posted there",
  href: "/admin/quotations?status=approved",
  permission: "quotations.view",
};

/** This month's revenue as one scalar sub-select giving a decimal string; `month` as from periods.monthOf. */
export function monthlyRevenueSql(month: { start: string; next: string }): SQL {
  return sql`(
    select coalesce(sum(a.total), 0)::text
    from (select q.total, ${QUOTATION_APPROVED_AT} as approved_at from quotations q
          where q.status = 'approved' and ${mayBeApprovedSinceSql(startOfDhakaDay(month.start))}) a
    where a.approved_at >= ${startOfDhakaDay(month.start)} and a.approved_at < ${startOfDhakaDay(month.next)}
  )`;
}
