import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { BUSINESS_TIME_ZONE } from "../../lib/dhaka-time";
import { can } from "../auth/permissions";
import type { UserRole } from "../auth/roles";
import { availableUnitsOnSql } from "../catalogue/stock.server";
import {
  ACTIVITY_HIDDEN_ACTION_PREFIXES,
  activityItem,
  activitySourcesFor,
  type ActivityItem,
  type ActivityRow,
} from "./activity";
import { dashboardCards, type DashboardCard, type DashboardFigures } from "./cards";
import { dashboardPeriods, fillWeeks, type WeekCount } from "./periods";
import {
  mayBeApprovedSinceSql,
  MONTHLY_REVENUE,
  monthlyRevenueSql,
  QUOTATION_APPROVED_AT,
  startOfDhakaDay,
} from "./revenue.server";

export const CHART_WEEKS = 12;
export const ACTIVITY_LIMIT = 10;

export interface Dashboard {
  /** The moment the figures were read (ISO), for "1 hour ago" in the server's and the browser's words alike. */
  now: string;
  cards: DashboardCard[];
  activity: ActivityItem[];
  /** Quotation requests and approvals per week, oldest first, the current week last. */
  weeks: WeekCount[];
}

/** The six figures in one statement of sub-selects; `today` and `month` in Dhaka. */
export async function readFigures(
  db: DbOrTx,
  today: string,
  month: { start: string; next: string },
): Promise<DashboardFigures> {
  const [row] = await queryRows<Record<keyof DashboardFigures, number | string>>(
    db,
    sql`select
      (select count(*)::int from quotations where status = 'pending') as "pendingQuotations",
      (select count(*)::int from events where status = 'upcoming' and date >= ${today}::date) as "upcomingEvents",
      ${availableUnitsOnSql(today)} as "availableUnits",
      (select count(*)::int from employees where status = 'active') as "activeEmployees",
      ${monthlyRevenueSql(month)} as "monthlyRevenue",
      (select count(*)::int from inventory_items
        where archived_at is null and (status = 'under-repair' or units_under_repair > 0)) as "itemsUnderRepair"`,
  );
  return {
    pendingQuotations: Number(row!.pendingQuotations),
    upcomingEvents: Number(row!.upcomingEvents),
    availableUnits: Number(row!.availableUnits),
    activeEmployees: Number(row!.activeEmployees),
    monthlyRevenue: String(row!.monthlyRevenue),
    itemsUnderRepair: Number(row!.itemsUnderRepair),
  };
}

/** Requests (created) and approvals per Dhaka week since the first of `weekStarts`, every week present. */
export async function readWeeks(db: DbOrTx, weekStarts: string[]): Promise<WeekCount[]> {
  const from = startOfDhakaDay(weekStarts[0]!);
  const week = (at: SQL) => sql`to_char(date_trunc('week', ${at} at time zone ${BUSINESS_TIME_ZONE}), 'YYYY-MM-DD')`;
  const rows = await queryRows<{ weekStart: string; requests: number; approvals: number }>(
    db,
    sql`select ${week(sql`q.created_at`)} as "weekStart", count(*)::int as requests, 0 as approvals
        from quotations q
        where q.created_at >= ${from}
        group by 1
      union all
        select ${week(sql`a.approved_at`)}, 0, count(*)::int
        from (select ${QUOTATION_APPROVED_AT} as approved_at from quotations q
              where q.status = 'approved' and ${mayBeApprovedSinceSql(from)}) a
        where a.approved_at >= ${from}
        group by 1`,
  );
  return fillWeeks(
    weekStarts,
    rows.map((r) => ({ weekStart: r.weekStart, requests: Number(r.requests), approvals: Number(r.approvals) })),
  );
}

/** The latest items of the sources `role` may see, merged, newest first. */
export async function readActivity(db: DbOrTx, role: UserRole, limit = ACTIVITY_LIMIT): Promise<ActivityItem[]> {
  const sources = activitySourcesFor(role);
  const parts: SQL[] = [];
  if (sources.quotations)
    parts.push(sql`(select 'quotation' as kind, q.id::text as id, q.event_name as title, q.customer_name as who,
        null::text as action, null::text as "entityType", null::text as "entityId", q.created_at as at
      from quotations q order by q.created_at desc limit ${limit})`);
  if (sources.contactMessages)
    parts.push(sql`(select 'contact', m.id::text, m.subject, m.name, null::text, null::text, null::text, m.created_at
      from contact_messages m order by m.created_at desc limit ${limit})`);
  if (sources.audit === "all" || sources.audit.length > 0) {
    const hidden = ACTIVITY_HIDDEN_ACTION_PREFIXES.map((prefix) => sql`a.action not like ${`${prefix}%`}`);
    const types =
      sources.audit === "all"
        ? sql`true`
        : sql`a.entity_type in (${sql.join(
            sources.audit.map((t) => sql`${t}`),
            sql`, `,
          )})`;
    parts.push(sql`(select 'audit', a.id::text, a.summary, a.actor_label, a.action, a.entity_type, a.entity_id,
        a.created_at
      from audit_log a where ${sql.join(hidden, sql` and `)} and ${types}
      order by a.created_at desc limit ${limit})`);
  }
  if (parts.length === 0) return [];
  const rows = await queryRows<ActivityRow>(
    db,
    sql`${sql.join(parts, sql` union all `)} order by at desc, kind, id limit ${limit}`,
  );
  return rows.map(activityItem);
}

/** Everything the dashboard shows, as `role` may see it. */
export async function loadDashboard(
  db: DbOrTx,
  { role, now = new Date() }: { role: UserRole; now?: Date },
): Promise<Dashboard> {
  const { today, month, weekStarts } = dashboardPeriods(now, CHART_WEEKS);
  const [figures, weeks, activity] = await Promise.all([
    readFigures(db, today, month),
    readWeeks(db, weekStarts),
    readActivity(db, role),
  ]);
  return {
    now: now.toISOString(),
    cards: dashboardCards(figures, (permission) => can(role, permission), MONTHLY_REVENUE),
    activity,
    weeks,
  };
}
