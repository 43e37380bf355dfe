import type { UserRole } from "./roles";

/**
 * Who may do what (DESIGN §9): one matrix, deny by default. A permission names an area and what is done
 * there; a role has exactly the permissions listed for it. Every back-office loader and action asks for its own
 * path's entry of ADMIN_ROUTE_ACCESS below (requireView, requireAction in guard.server.ts), and the side menu shows
 * only what the role may open by the same table.
 */
export const PERMISSIONS = [
  "dashboard.view",
  "quotations.view",
  "quotations.manage",
  "inventory.view",
  "inventory.manage",
  "events.view",
  "events.manage",
  /** Jobs (issue 26): the jobs list, calendar and day view, pick lists; dispatch, check-in, crew, charges. */
  "jobs.view",
  "jobs.manage",
  /** The storefront's gallery page: upload, caption, category, tags, order, delete (issue 11). */
  "gallery.manage",
  "employees.view",
  "employees.manage",
  /** An employee's pay: admin and accountant only (issue 11). */
  "employees.salary",
  "tasks.view",
  "tasks.manage",
  "leave.view",
  "leave.manage",
  "accounts.view",
  "accounts.manage",
  /**
   * Moving the lock date back (earlier, or clearing it), which reopens books that were closed: administrators only,
   * with a reason (issue 38). Moving it forward is accounts.manage's.
   */
  "accounts.unlock",
  "content.manage",
  "inbox.view",
  "inbox.manage",
  "outbox.view",
  "outbox.manage",
  "settings.manage",
  "users.manage",
  "audit.view",
  /** One's own account: change one's name and password, sign out. */
  "account.self",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STAFF: readonly Permission[] = [
  "dashboard.view",
  "quotations.view",
  "quotations.manage",
  "inventory.view",
  "inventory.manage",
  "events.view",
  "events.manage",
  "jobs.view",
  "jobs.manage",
  "gallery.manage",
  "employees.view",
  "tasks.view",
  "tasks.manage",
  "leave.view",
  "leave.manage",
  "inbox.view",
  "inbox.manage",
  "account.self",
];

const ACCOUNTANT: readonly Permission[] = [
  "dashboard.view",
  "quotations.view",
  // The jobs behind the invoices, and the damage charges they carry (read only).
  "jobs.view",
  "employees.view",
  "employees.salary",
  "accounts.view",
  "accounts.manage",
  "account.self",
];

export const ROLE_PERMISSIONS: Record<UserRole, ReadonlySet<Permission>> = {
  admin: new Set(PERMISSIONS),
  staff: new Set(STAFF),
  accountant: new Set(ACCOUNTANT),
  // The customer portal checks ownership of each quotation instead; no back-office permission at all.
  customer: new Set(),
};

export function can(role: UserRole | null | undefined, permission: Permission): boolean {
  return !!role && ROLE_PERMISSIONS[role].has(permission);
}

/**
 * What each back-office URL asks for: `view` for its loader (GET), and for its action (POST) either one
 * permission or one per form `intent`. The access test (tests/e2e/access.spec.ts) requests every /admin route
 * of app/routes.ts against this table and fails for a route that is missing here, so no screen can forget
 * its guard. "public" routes are open to everyone (the sign-in and forgotten-password pages); "signed-in" ones to
 * any staff user.
 */
export interface RouteAccess {
  view: Permission | "public" | null;
  action?: Permission | "public" | "signed-in" | Record<string, Permission>;
}

export const ADMIN_ROUTE_ACCESS = {
  "/admin/login": { view: "public", action: "public" },
  "/admin/forgot-password": { view: "public", action: "public" },
  "/admin/reset-password": { view: "public", action: "public" },
  "/admin/logout": { view: null, action: "signed-in" },
  "/admin/change-password": { view: "account.self", action: "account.self" },
  "/admin": { view: "dashboard.view" },
  "/admin/quotations": {
    view: "quotations.view",
    action: {
      save: "quotations.manage",
      send: "quotations.manage",
      approve: "quotations.manage",
      reject: "quotations.manage",
    },
  },
  "/admin/quotations/availability": { view: "quotations.view" },
  "/admin/quotations/product-options": { view: "quotations.manage" },
  "/admin/quotations/:id/revisions/:revision/pdf": { view: "quotations.view" },
  "/admin/inventory": {
    view: "inventory.view",
    action: {
      create: "inventory.manage",
      update: "inventory.manage",
      delete: "inventory.manage",
      restore: "inventory.manage",
    },
  },
  "/admin/inventory/part-options": { view: "inventory.manage" },
  // Item labels with their QR code (issue 26), as a PDF to print.
  "/admin/inventory/labels": { view: "inventory.view" },
  // Jobs (issue 26): the list, the calendar, the warehouse's day; a job with its dispatch and check-in, the pick
  // list (screen and PDF), the crew.
  "/admin/jobs": { view: "jobs.view" },
  "/admin/jobs/calendar": { view: "jobs.view" },
  "/admin/jobs/day": { view: "jobs.view" },
  "/admin/jobs/:id": {
    view: "jobs.view",
    // Invoicing the customer's pending charges on their own (issue 37) is the accountant's, as every invoice is.
    action: {
      dispatch: "jobs.manage",
      "check-in": "jobs.manage",
      charge: "jobs.manage",
      "invoice-charges": "accounts.manage",
    },
  },
  "/admin/jobs/:id/pick-list": { view: "jobs.view" },
  "/admin/jobs/:id/pick-list/pdf": { view: "jobs.view" },
  "/admin/jobs/:id/crew": {
    view: "jobs.view",
    action: { assign: "jobs.manage", unassign: "jobs.manage", "create-event": "events.manage" },
  },
  "/admin/inventory/export": { view: "inventory.view" },
  "/admin/inventory/import": {
    view: "inventory.manage",
    action: { preview: "inventory.manage", import: "inventory.manage" },
  },
  "/admin/events": {
    view: "events.view",
    action: { create: "events.manage", update: "events.manage", complete: "events.manage", delete: "events.manage" },
  },
  "/admin/employees": {
    view: "employees.view",
    action: {
      create: "employees.manage",
      update: "employees.manage",
      delete: "employees.manage",
      "give-signin": "users.manage",
    },
  },
  "/admin/employees/teams": {
    view: "employees.view",
    action: {
      create: "employees.manage",
      update: "employees.manage",
      delete: "employees.manage",
      "add-member": "employees.manage",
      "remove-member": "employees.manage",
    },
  },
  "/admin/tasks": {
    view: "tasks.view",
    action: { create: "tasks.manage", update: "tasks.manage", status: "tasks.manage", delete: "tasks.manage" },
  },
  "/admin/leaves": {
    view: "leave.view",
    action: { request: "leave.manage", approve: "leave.manage", reject: "leave.manage" },
  },
  // Transactions (issue 21): New Transaction; the list as CSV.
  "/admin/accounts": { view: "accounts.view", action: { create: "accounts.manage" } },
  "/admin/accounts/export": { view: "accounts.view" },
  "/admin/accounts/ledger": {
    view: "accounts.view",
    action: {
      create: "accounts.manage",
      update: "accounts.manage",
      post: "accounts.manage",
      delete: "accounts.manage",
      reverse: "accounts.manage",
    },
  },
  // The chart of accounts and each account's page (issue 21).
  "/admin/accounts/chart": {
    view: "accounts.view",
    action: {
      create: "accounts.manage",
      update: "accounts.manage",
      deactivate: "accounts.manage",
      reactivate: "accounts.manage",
      delete: "accounts.manage",
    },
  },
  "/admin/accounts/chart/:id": { view: "accounts.view" },
  // Payables & Receivables (issue 21): New Payable / New Receivable, Settle.
  "/admin/accounts/payables": {
    view: "accounts.view",
    action: { create: "accounts.manage", settle: "accounts.manage" },
  },
  // Void a payment or receipt of a payable or receivable (issue 36): its own dialog, opened from its details.
  "/admin/accounts/settlements/:id/void": { view: "accounts.manage", action: "accounts.manage" },
  // A customer's, supplier's or employee's ledger statement (issue 36): whoever sees the books reads it, as CSV and
  // PDF too; e-mailing it to the party is the bookkeeper's.
  "/admin/accounts/parties/:kind/:id/statement": { view: "accounts.view", action: { email: "accounts.manage" } },
  "/admin/accounts/parties/:kind/:id/statement/export": { view: "accounts.view" },
  // Financial Reports (issue 24): whoever sees the books reads them and exports them; closing a year is the
  // accountant's.
  "/admin/accounts/reports": { view: "accounts.view" },
  "/admin/accounts/reports/export": { view: "accounts.view" },
  "/admin/accounts/reports/year-end": {
    view: "accounts.view",
    action: { close: "accounts.manage", reopen: "accounts.manage" },
  },
  // Budgeting (issue 24): Create Budget, edit, copy to the next year, delete.
  "/admin/accounts/budget": {
    view: "accounts.view",
    action: {
      create: "accounts.manage",
      update: "accounts.manage",
      copy: "accounts.manage",
      delete: "accounts.manage",
    },
  },
  // Tax Management (issue 22): Add Tax Record, close a VAT period, record a deposit; the report's PDF and CSV.
  "/admin/accounts/tax": {
    view: "accounts.view",
    action: {
      create: "accounts.manage",
      close: "accounts.manage",
      deposit: "accounts.manage",
      // Issue 36: a deposit or a typed record taken back by its reversing entry.
      "reverse-deposit": "accounts.manage",
      "reverse-record": "accounts.manage",
    },
  },
  "/admin/accounts/tax/report": { view: "accounts.view" },
  // The return as filed (Mushak-9.1 by its notes; issue 37).
  "/admin/accounts/tax/return": { view: "accounts.view" },
  // Customers (issue 22): anyone who works on quotations sees them and keeps them up to date; merging too.
  "/admin/customers": {
    view: "quotations.view",
    action: { create: "quotations.manage", merge: "quotations.manage" },
  },
  // A customer's page: the record is for whoever works on quotations; voiding one of their payments (issue 36: a
  // bounced cheque) is the bookkeeper's.
  "/admin/customers/:id": {
    view: "quotations.view",
    action: { update: "quotations.manage", void: "accounts.manage" },
  },
  // Suppliers (issue 36): whoever sees the books sees them, what each is owed and their CSV; adding, editing and
  // merging them is the bookkeeper's, as New Payable is. New Payable's supplier suggestions as one types (JSON).
  "/admin/suppliers": {
    view: "accounts.view",
    action: { create: "accounts.manage", merge: "accounts.manage" },
  },
  "/admin/suppliers/export": { view: "accounts.view" },
  "/admin/suppliers/options": { view: "accounts.view" },
  "/admin/suppliers/:id": { view: "accounts.view", action: { update: "accounts.manage" } },
  // Tax invoices, credit notes and customer payments (issue 22): the accountant's.
  "/admin/invoices": { view: "accounts.view", action: { issue: "accounts.manage" } },
  "/admin/invoices/:id": {
    view: "accounts.view",
    action: { "credit-note": "accounts.manage", "apply-credit": "accounts.manage", resend: "accounts.manage" },
  },
  "/admin/invoices/:id/pdf": { view: "accounts.view" },
  "/admin/credit-notes/:id/pdf": { view: "accounts.view" },
  "/admin/payments": {
    view: "accounts.view",
    action: { create: "accounts.manage", certificate: "accounts.manage" },
  },
  // Payroll (issue 25): process a month, undo it while nothing is paid; the register and payslips; pay the salaries.
  "/admin/accounts/payroll": { view: "accounts.view", action: { process: "accounts.manage", undo: "accounts.manage" } },
  "/admin/accounts/payroll/report": { view: "accounts.view" },
  "/admin/accounts/payroll/payslips/:id/pdf": { view: "accounts.view" },
  "/admin/accounts/salary-disbursement": { view: "accounts.view", action: { disburse: "accounts.manage" } },
  "/admin/accounts/salary-disbursement/advice": { view: "accounts.view" },
  // One's own payslip (issue 25): the loader serves only the signed-in user's own (accounts.view reads any).
  "/admin/payslips/:id/pdf": { view: "account.self" },
  // Bank Reconciliation (issue 23): the accountant's. Viewing is for whoever sees the books; everything that
  // imports, matches, posts or finishes is accounts.manage.
  "/admin/accounts/reconciliation": {
    view: "accounts.view",
    action: {
      "add-transaction": "accounts.manage",
      finish: "accounts.manage",
      reopen: "accounts.manage",
      delete: "accounts.manage",
    },
  },
  "/admin/accounts/reconciliation/import": {
    view: "accounts.manage",
    action: { preview: "accounts.manage", import: "accounts.manage" },
  },
  "/admin/accounts/reconciliation/match": {
    view: "accounts.view",
    action: {
      match: "accounts.manage",
      unmatch: "accounts.manage",
      create: "accounts.manage",
      "apply-rule": "accounts.manage",
    },
  },
  "/admin/accounts/reconciliation/rules": {
    view: "accounts.view",
    action: { create: "accounts.manage", update: "accounts.manage", delete: "accounts.manage" },
  },
  "/admin/accounts/reconciliation/:id/pdf": { view: "accounts.view" },
  "/admin/logos": {
    view: "content.manage",
    action: {
      upload: "content.manage",
      delete: "content.manage",
      reorder: "content.manage",
      "move-up": "content.manage",
      "move-down": "content.manage",
    },
  },
  "/admin/hero": {
    view: "content.manage",
    action: {
      upload: "content.manage",
      delete: "content.manage",
      reorder: "content.manage",
      "move-up": "content.manage",
      "move-down": "content.manage",
    },
  },
  "/admin/logos/upload": { view: "content.manage", action: { upload: "content.manage" } },
  "/admin/hero/upload": { view: "content.manage", action: { upload: "content.manage" } },
  "/admin/gallery": {
    view: "gallery.manage",
    action: {
      upload: "gallery.manage",
      update: "gallery.manage",
      delete: "gallery.manage",
      reorder: "gallery.manage",
      "move-up": "gallery.manage",
      "move-down": "gallery.manage",
    },
  },
  "/admin/gallery/upload": { view: "gallery.manage", action: { upload: "gallery.manage" } },
  "/admin/settings": { view: "settings.manage", action: "settings.manage" },
  "/admin/settings/users": {
    view: "users.manage",
    action: {
      invite: "users.manage",
      "change-role": "users.manage",
      deactivate: "users.manage",
      reactivate: "users.manage",
    },
  },
  "/admin/settings/rate-structures": {
    view: "settings.manage",
    action: { create: "settings.manage", update: "settings.manage", delete: "settings.manage" },
  },
  // Settings > Accounting (issue 21): the accounts of the posting roles and the lock date; accountants and admins.
  // The income-tax slab tables (issue 25): an administrator puts a preset in force from a month, or withdraws it.
  "/admin/settings/accounting": {
    view: "accounts.manage",
    action: { save: "accounts.manage", "slab-in-force": "settings.manage", "slab-withdraw": "settings.manage" },
  },
  // Settings > Export (issue 39): every customer's, employee's and supplier's record and the books in one file, so
  // administrators only (settings.manage is theirs alone); the download is audited.
  "/admin/settings/export": { view: "settings.manage" },
  "/admin/settings/export/download": { view: "settings.manage" },
  // One's own name and password (issue 20: the only administrator has nobody to ask).
  "/admin/settings/account": { view: "account.self", action: { rename: "account.self", password: "account.self" } },
  "/admin/inbox": { view: "inbox.view" },
  "/admin/inbox/:id": {
    view: "inbox.view",
    action: { "mark-read": "inbox.manage", "mark-handled": "inbox.manage", reopen: "inbox.manage" },
  },
  "/admin/outbox": { view: "outbox.view" },
  "/admin/outbox/:id": { view: "outbox.view", action: { retry: "outbox.manage" } },
  "/admin/outbox/:id/attachments/:position": { view: "outbox.view" },
  "/admin/audit": { view: "audit.view" },
} as const satisfies Record<string, RouteAccess>;

export type AdminPath = keyof typeof ADMIN_ROUTE_ACCESS;

/** The permission a route's page needs (for the menu); null when it has no page. */
export function viewPermission(path: AdminPath): Permission | "public" | null {
  return (ADMIN_ROUTE_ACCESS[path] as RouteAccess).view;
}

type ActionAccessOf<P extends AdminPath> = (typeof ADMIN_ROUTE_ACCESS)[P] extends { action: infer A } ? A : never;

/** The form intents a route's action accepts, as the matrix lists them (never for a one-permission action). */
export type IntentOf<P extends AdminPath> =
  ActionAccessOf<P> extends Record<string, Permission> ? Extract<keyof ActionAccessOf<P>, string> : never;

/**
 * What a route's action asks of the user before its body is read: the permissions of which the user must hold
 * at least one (each intent's, or the one the whole action needs), or "public" / "signed-in"; null: no action.
 */
export function actionGate(path: AdminPath): readonly Permission[] | "public" | "signed-in" | null {
  const action = (ADMIN_ROUTE_ACCESS[path] as RouteAccess).action;
  if (action === undefined) return null;
  if (action === "public" || action === "signed-in") return action;
  if (typeof action === "string") return [action];
  return [...new Set(Object.values(action))];
}

/**
 * The permission one form intent of a route's action needs; undefined for an intent the matrix does not list
 * (the action refuses it). A one-permission action takes any intent under its one permission.
 */
export function intentPermission(path: AdminPath, intent: string): Permission | undefined {
  const action = (ADMIN_ROUTE_ACCESS[path] as RouteAccess).action;
  if (action === undefined || action === "public" || action === "signed-in") return undefined;
  if (typeof action === "string") return action;
  return Object.hasOwn(action, intent) ? action[intent] : undefined;
}
