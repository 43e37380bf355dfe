import { sql, type SQL } from "drizzle-orm";
import { BUSINESS_TIME_ZONE } from "../../lib/dhaka-time";
import type { RevenueSource } from "./cards";

// Monthly Revenue: this month's income from the ledger (DESIGN §9, §10: every report from journal lines alone;
// issue 21), the month judged in Dhaka: the credits less the debits posted to income accounts in entries dated this
// month, read from account_month_balances (the posted lines' sums per account and month, kept by the database).
// Income is net of VAT (VAT payable is a liability, not income). The card leads to Transactions, whose Total Income
// for this month is the same figure.
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
  caption: "Income posted this month, from the ledger",
  hint: "Credits less debits posted to income accounts in entries dated this month (Asia/Dhaka)",
  href: "/admin/accounts",
  permission: "accounts.view",
};

/**
 * This month's posted income as one scalar sub-select giving a decimal string: credits less debits of the income
 * accounts in `month` (as from periods.monthOf; a whole calendar month, one row per account in
 * account_month_balances).
 */
export function monthlyRevenueSql(month: { start: string; next: string }): SQL {
  return sql`(
    select round(coalesce(sum(b.credit - b.debit), 0), 2)::text
    from account_month_balances b join chart_of_accounts a on a.id = b.account_id
    where a.type = 'income' and b.month = ${month.start}::date
  )`;
}
