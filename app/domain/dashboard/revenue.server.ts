import { sql, type SQL } from "drizzle-orm";
import { BUSINESS_TIME_ZONE } from "../../lib/dhaka-time";
import type { RevenueSource } from "./cards";

// Monthly Revenue: this month's income, the month judged in Dhaka. Income is the ledger's (DESIGN §9: every
// report from journal lines alone): once it exists, the figure is the month's posted income. Until then it is
// the approved quotations whose event falls in this month, without VAT (VAT is collected for the state, not
// earned), and the card says exactly that (issue 20). Switching to the ledger is a change to this module only:
// MONTHLY_REVENUE's words and list, and monthlyRevenueSql.
//
// When each quotation was approved (QUOTATION_APPROVED_AT) is still what the dashboard's chart counts by week.

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
  caption: "Approved quotations with events this month, before VAT",
  hint: "Approved quotations whose event falls in this month (Asia/Dhaka), without VAT; the month's posted income will take its place once the ledger holds it",
  href: "/admin/quotations?status=approved",
  permission: "quotations.view",
};

/**
 * A quotation's (alias q) amount before VAT: its lines less its discount, never below nothing; the figures its
 * total (with VAT) was computed from when it was priced (quote-form.ts quoteTotals).
 */
const AMOUNT_BEFORE_VAT: SQL = sql`greatest(
  (select coalesce(sum(l.total), 0) from quotation_lines l where l.quotation_id = q.id) - q.discount, 0)`;

/**
 * This month's revenue as one scalar sub-select giving a decimal string: the approved quotations whose event date
 * is in `month` (as from periods.monthOf), before VAT. The event date is a calendar date, as the month's bounds
 * are; quotations_approved_period_idx finds them.
 */
export function monthlyRevenueSql(month: { start: string; next: string }): SQL {
  return sql`(
    select round(coalesce(sum(${AMOUNT_BEFORE_VAT}), 0), 2)::text
    from quotations q
    where q.status = 'approved' and q.event_date >= ${month.start}::date and q.event_date < ${month.next}::date
  )`;
}
