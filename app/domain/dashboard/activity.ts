import { can, type Permission } from "../auth/permissions";
import type { UserRole } from "../auth/roles";

// Recent Activity (backoffice.md §2 Dashboard): new quotation requests, new contact messages and the audit log,
// newest first, each leading to its record. Everyone sees only what their role may open. Browser-safe.

export type ActivityKind = "quotation" | "contact" | "audit";

export interface ActivityItem {
  /** Unique in the list: kind and the row's id. */
  key: string;
  kind: ActivityKind;
  text: string;
  detail: string | null;
  /** When it happened, ISO 8601. */
  at: string;
  href: string;
}

/** A row as the activity query returns it (dashboard.server.ts). */
export interface ActivityRow {
  kind: ActivityKind;
  id: string;
  /** Quotation: the event's name; contact message: its subject; audit entry: its summary. */
  title: string;
  /** Quotation: the customer; contact message: the sender; audit entry: who acted. */
  who: string;
  action: string | null;
  entityType: string | null;
  entityId: string | null;
  at: Date | string;
}

/** Audit actions left out of the activity: sign-ins, sign-outs and their failures are the audit log's business. */
export const ACTIVITY_HIDDEN_ACTION_PREFIXES = ["auth."] as const;

/**
 * A screen with one record opened: its dialog or panel parameter (`?view=` for a quotation's panel, `?edit=` for
 * the dialogs, ADR 0014). A record deleted since is answered by the screen with "no longer exists".
 */
const opened = (param: "view" | "edit") => (base: string, id: string | null) =>
  id ? `${base}?${param}=${encodeURIComponent(id)}` : base;
const withView = opened("view");
const withEdit = opened("edit");

/**
 * Where an audit entry about each kind of record leads, and the permission to follow it. An entity type not
 * listed here is shown only to those who may read the audit log, and leads there. A new back-office area that
 * writes audit entries adds its entity type here.
 */
const AUDIT_ENTITIES: Record<string, { permission: Permission; href: (id: string | null) => string }> = {
  user: { permission: "users.manage", href: () => "/admin/settings/users" },
  company_settings: { permission: "settings.manage", href: () => "/admin/settings" },
  logo: { permission: "content.manage", href: () => "/admin/logos" },
  hero_image: { permission: "content.manage", href: () => "/admin/hero" },
  quotation: { permission: "quotations.view", href: (id) => withView("/admin/quotations", id) },
  inventory_item: { permission: "inventory.view", href: (id) => withEdit("/admin/inventory", id) },
  event: { permission: "events.view", href: (id) => withEdit("/admin/events", id) },
  gallery_item: { permission: "gallery.manage", href: () => "/admin/gallery" },
  employee: { permission: "employees.view", href: (id) => withEdit("/admin/employees", id) },
  task: { permission: "tasks.view", href: (id) => withEdit("/admin/tasks", id) },
  // Leave has no dialog of its own: the list.
  leave: { permission: "leave.view", href: () => "/admin/leaves" },
  contact_message: {
    permission: "inbox.view",
    href: (id) => (id ? `/admin/inbox/${encodeURIComponent(id)}` : "/admin/inbox"),
  },
  email: {
    permission: "outbox.view",
    href: (id) => (id ? `/admin/outbox/${encodeURIComponent(id)}` : "/admin/outbox"),
  },
};

/** Where an audit entry leads and who may see it in the activity list. */
export function auditEntryTarget(entry: { action: string; entityType: string | null; entityId: string | null }): {
  permission: Permission;
  href: string;
} {
  const known = entry.entityType ? AUDIT_ENTITIES[entry.entityType] : undefined;
  if (known) return { permission: known.permission, href: known.href(entry.entityId) };
  return { permission: "audit.view", href: `/admin/audit?action=${encodeURIComponent(entry.action)}` };
}

/** Which of the three sources a role sees; for the audit log, every entity type or only those listed. */
export function activitySourcesFor(role: UserRole): {
  quotations: boolean;
  contactMessages: boolean;
  audit: "all" | string[];
} {
  return {
    quotations: can(role, "quotations.view"),
    contactMessages: can(role, "inbox.view"),
    audit: can(role, "audit.view")
      ? "all"
      : Object.entries(AUDIT_ENTITIES)
          .filter(([, target]) => can(role, target.permission))
          .map(([entityType]) => entityType),
  };
}

/** One line of the list, in the spec's words: "New quotation request received for Corporate Event". */
export function activityItem(row: ActivityRow): ActivityItem {
  const at = new Date(row.at).toISOString();
  const key = `${row.kind}:${row.id}`;
  switch (row.kind) {
    case "quotation":
      return {
        key,
        kind: row.kind,
        text: `New quotation request received for ${row.title}`,
        detail: `From ${row.who}`,
        at,
        href: withView("/admin/quotations", row.id),
      };
    case "contact":
      return {
        key,
        kind: row.kind,
        text: `New contact message from ${row.who}`,
        detail: row.title,
        at,
        href: `/admin/inbox/${encodeURIComponent(row.id)}`,
      };
    case "audit": {
      const action = row.action ?? "";
      return {
        key,
        kind: row.kind,
        text: row.title || action,
        detail: `By ${row.who}`,
        at,
        href: auditEntryTarget({ action, entityType: row.entityType, entityId: row.entityId }).href,
      };
    }
  }
}
