import type { DbOrTx } from "../../db/client.server";
import { auditLog } from "../../db/schema";

/** Who acts, as the audit log records it: the signed-in user (or none), and where the request came from. */
export interface AuditActor {
  userId: string | null;
  /** Shown in the log even after the user is gone: their e-mail, or what was typed at a failed sign-in. */
  label: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  action: string;
  entityType?: string;
  entityId?: string;
  summary: string;
  /** Before and after, for changes: { field: { from, to } }, or what was created or removed. */
  changes?: Record<string, unknown>;
}

function auditRow(actor: AuditActor, entry: AuditEntry) {
  return {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    changes: entry.changes,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
  };
}

/** Writes one line of audit_log, inside the caller's transaction, so it is kept only if the change is. */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(actor, entry));
}

/** Writes one line per entry (a bulk use case's, an import's), a few hundred to a statement. */
export async function recordAudits(db: DbOrTx, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500)
    await db.insert(auditLog).values(entries.slice(i, i + 500).map((entry) => auditRow(actor, entry)));
}

/**
 * JSON with every object's keys in sorted order. A jsonb column gives its objects back with the keys reordered
 * (shortest first), so a plain JSON.stringify would see a change in every unchanged jsonb value.
 */
function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** { field: { from, to } } for each field whose value differs; what an update writes to the audit log. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (canonicalJson(from) !== canonicalJson(to)) changes[key] = { from, to };
  }
  return changes;
}
