import { and, eq, gte, lt, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { auditLog, users } from "../../db/schema";
import { BUSINESS_TIME_ZONE } from "../../lib/dhaka-time";
import type { ListPage, StateOf } from "../../lib/list-params";
import { listOrder, pageOf, searchAny } from "../../lib/list-query.server";
import { AUDIT_LIST } from "./audit-list";

// Reading the audit log (admin only): newest first, filtered by who, what and when, paged in SQL. The filters
// use the table's indexes (created_at, actor_user_id, action); the free-text search reads every line it is
// not narrowed from (see the report on a trigram index, should the log grow large).

const t = auditLog;

const SORT_COLUMNS = { time: t.createdAt } as const;

export interface AuditRow {
  id: string;
  createdAt: Date;
  actorUserId: string | null;
  actorLabel: string;
  /** The acting user's current name, when the user still exists. */
  actorName: string | null;
  action: string;
  summary: string;
  entityType: string | null;
  entityId: string | null;
  changes: Record<string, unknown> | null;
  ipAddress: string | null;
}

/** The first moment of a Dhaka calendar date (YYYY-MM-DD, already validated), computed by the database. */
const dhakaDayStart = (date: string, plusDays = 0) =>
  sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

export async function listAuditLog(db: DbOrTx, state: StateOf<typeof AUDIT_LIST>): Promise<ListPage<AuditRow>> {
  const { user, action, from, to } = state.filters;
  const where = and(
    searchAny(state.q, [t.actorLabel, t.summary, t.entityId]),
    user ? eq(t.actorUserId, user) : undefined,
    action ? eq(t.action, action) : undefined,
    from ? gte(t.createdAt, dhakaDayStart(from)) : undefined,
    to ? lt(t.createdAt, dhakaDayStart(to, 1)) : undefined,
  );
  return pageOf(db, AUDIT_LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      db
        .select({
          id: t.id,
          createdAt: t.createdAt,
          actorUserId: t.actorUserId,
          actorLabel: t.actorLabel,
          actorName: users.name,
          action: t.action,
          summary: t.summary,
          entityType: t.entityType,
          entityId: t.entityId,
          changes: t.changes,
          ipAddress: t.ipAddress,
        })
        .from(t)
        .leftJoin(users, eq(users.id, t.actorUserId))
        .where(where)
        .orderBy(...listOrder(SORT_COLUMNS[state.sort], state.dir, t.id))
        .limit(limit)
        .offset(offset),
  });
}

export interface AuditActorOption {
  id: string;
  name: string;
  email: string;
}

/**
 * The users who appear in the log as actors, for the "user" filter. The distinct ids are walked through the
 * actor_user_id index one step at a time (a loose index scan), so this stays quick however long the log is.
 */
export async function auditActors(db: DbOrTx): Promise<AuditActorOption[]> {
  return queryRows<AuditActorOption>(
    db,
    sql`with recursive actors(id) as (
          (select actor_user_id from audit_log where actor_user_id is not null order by actor_user_id limit 1)
          union all
          select (select a.actor_user_id from audit_log a where a.actor_user_id > actors.id
                  order by a.actor_user_id limit 1)
          from actors where actors.id is not null
        )
        select u.id, u.name, u.email from actors join users u on u.id = actors.id order by lower(u.email), u.id`,
  );
}

/** The distinct actions in the log, for the "action" filter, by the same loose scan over the action index. */
export async function auditActions(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    db,
    sql`with recursive actions(action) as (
          (select action from audit_log order by action limit 1)
          union all
          select (select a.action from audit_log a where a.action > actions.action order by a.action limit 1)
          from actions where actions.action is not null
        )
        select action from actions where action is not null order by action`,
  );
  return rows.map((r) => r.action);
}
