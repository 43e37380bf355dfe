import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { queryRows } from "../../db/client.server";
import { accountingSettings, accountRoles, chartOfAccounts, journalLines, yearEndCloses } from "../../db/schema";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { can } from "../auth/permissions";
import type { UserRole } from "../auth/roles";
import { fiscalYearName } from "../reports/report-periods";
import { refuseFields, type Refusal, type Refused, type UseCaseResult } from "../use-case";
import {
  ACCOUNT_ROLES,
  ACCOUNT_ROLE_KEYS,
  CONTROL_ROLE_KINDS,
  CONTROL_ROLES,
  type AccountRole,
  type ControlRole,
} from "./account-roles";
import {
  ACCOUNTING_SETTINGS_MESSAGES as MESSAGES,
  FISCAL_YEAR_START_CHOICES,
  movesLockDateBack,
  parseAccountingSettingsForm,
  roleField,
  type AccountingSettingsValues,
} from "./accounting-settings-form";
import type { AccountType, ControlPartyKind } from "./constants";

// Settings > Accounting (issue 21): the account of each role the posting functions name, and the lock date on or
// before which nothing is posted (the database refuses it too: trigger journal_entry_lock_date); the VAT period and
// the invoices' settings (issue 22); the month the fiscal year starts in (issue 24), which cannot change while a year
// is closed (its close was made for the year as it was; the settings row's FOR UPDATE lock makes a close and a save
// take turns). One use case, one transaction, one audit line with what changed from what to what. Moving the lock
// date back (earlier, or clearing it) reopens closed books: only a role with accounts.unlock (administrators) may,
// and only with a reason, which the audit line keeps (issue 38); otherwise the whole save is refused.

export interface AccountChoice {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  isActive: boolean;
}

export interface AccountingSettingsPage {
  values: AccountingSettingsValues;
  /** Every account, in code order; the screen offers each role the active ones of its types (and its current one). */
  accounts: AccountChoice[];
}

/**
 * The accounts a control role is newly given, to be marked kept by its kind of party (issue 36), or errors on the
 * roles' fields when one cannot be: an account may keep one kind of party, is never a cash, bank or wallet account,
 * and has no posted line naming no party (the database refuses the marking then: chart_of_accounts_party_kind_lines).
 * An account a role leaves stays marked: its lines keep their parties.
 */
async function controlAccountsToMark(
  tx: DbOrTx,
  roles: Record<AccountRole, string>,
  byId: Map<string, { code: string; name: string; partyKind: ControlPartyKind | null; paymentMethod: string | null }>,
  errors: Record<string, string>,
): Promise<{ id: string; kind: ControlPartyKind }[]> {
  const wanted = new Map<string, { kind: ControlPartyKind; role: ControlRole }>();
  const marks: { id: string; kind: ControlPartyKind }[] = [];
  for (const role of CONTROL_ROLES) {
    const id = roles[role];
    const account = byId.get(id);
    if (!account || errors[roleField(role)]) continue;
    const kind = CONTROL_ROLE_KINDS[role];
    const label = ACCOUNT_ROLES[role].label;
    const other = wanted.get(id);
    if (other && other.kind !== kind) {
      errors[roleField(role)] = MESSAGES.controlKindsClash(label, account.code, ACCOUNT_ROLES[other.role].label);
      continue;
    }
    wanted.set(id, { kind, role });
    if (account.partyKind === kind || other) continue;
    if (account.partyKind) {
      errors[roleField(role)] = MESSAGES.controlAccountOtherKind(label, account.code, account.name, account.partyKind);
      continue;
    }
    if (account.paymentMethod) {
      errors[roleField(role)] = MESSAGES.controlAccountMoney(label, account.code, account.name);
      continue;
    }
    const [unnamed] = await tx
      .select({ id: journalLines.id })
      .from(journalLines)
      .where(
        and(
          eq(journalLines.accountId, id),
          eq(journalLines.posted, true),
          kind === "any"
            ? sql`num_nonnulls(${journalLines.customerId}, ${journalLines.supplierId}, ${journalLines.employeeId}) = 0`
            : isNull(
                kind === "customer"
                  ? journalLines.customerId
                  : kind === "supplier"
                    ? journalLines.supplierId
                    : journalLines.employeeId,
              ),
        ),
      )
      .limit(1);
    if (unnamed) {
      errors[roleField(role)] = MESSAGES.controlAccountUnnamedLines(label, account.code, account.name, kind);
      continue;
    }
    marks.push({ id, kind });
  }
  return marks;
}

/** The settings row, or null on an install whose migration made none (the books are then open). */
async function settingsRow(db: DbOrTx, lock = false) {
  const query = db.select().from(accountingSettings).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function loadAccountingSettings(db: DbOrTx): Promise<AccountingSettingsPage> {
  const [settings, roles, accounts] = await Promise.all([
    settingsRow(db),
    db.select().from(accountRoles),
    db
      .select({
        id: chartOfAccounts.id,
        code: chartOfAccounts.code,
        name: chartOfAccounts.name,
        type: chartOfAccounts.type,
        isActive: chartOfAccounts.isActive,
      })
      .from(chartOfAccounts)
      .orderBy(sql`${chartOfAccounts.code} collate "C"`),
  ]);
  const byRole = new Map(roles.map((r) => [r.role, r.accountId]));
  return {
    values: {
      version: settings?.updatedAt.toISOString() ?? "",
      lockDate: settings?.lockDate ?? "",
      vatPeriodMonths: String(settings?.vatPeriodMonths ?? 1),
      invoiceSignatoryName: settings?.invoiceSignatoryName ?? "",
      invoiceSignatoryDesignation: settings?.invoiceSignatoryDesignation ?? "",
      invoiceDueDays: String(settings?.invoiceDueDays ?? 7),
      fiscalYearStartMonth: String(settings?.fiscalYearStartMonth ?? 7),
      lockDateReason: "",
      roles: Object.fromEntries(ACCOUNT_ROLE_KEYS.map((role) => [role, byRole.get(role) ?? ""])),
      documentsOnly: roles.filter((r) => r.documentsOnly).map((r) => r.role),
    },
    accounts,
  };
}

/**
 * Saves the roles' accounts and the lock date; refuses an account of a wrong type, deactivated or gone, and a lock
 * date moved back by a `userRole` without accounts.unlock or without a reason (no role: a script's save, which may only
 * move it forward).
 */
export async function saveAccountingSettings(
  db: Db,
  values: AccountingSettingsValues,
  actor: AuditActor,
  userRole: UserRole | null = null,
): Promise<UseCaseResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) => refuseFields(refusal, MESSAGES.failed, errors);
  const parsed = parseAccountingSettingsForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  const outcome = await db.transaction(async (tx): Promise<Refused | null> => {
    const stored = await settingsRow(tx, true);
    if (values.version !== (stored?.updatedAt.toISOString() ?? ""))
      return failed("conflict", { form: MESSAGES.changedMeanwhile });
    const settings = stored ?? {
      lockDate: null,
      vatPeriodMonths: 1,
      invoiceSignatoryName: "",
      invoiceSignatoryDesignation: "",
      invoiceDueDays: 7,
      fiscalYearStartMonth: 7,
    };
    // Read from the row just locked, so a lock date saved meanwhile is what this save is judged against.
    const movesBack = movesLockDateBack(settings.lockDate, input.lockDate);
    if (movesBack && settings.lockDate && !can(userRole, "accounts.unlock"))
      return failed("forbidden", { lockDate: MESSAGES.lockDateBackForbidden(settings.lockDate) });
    const errors: Record<string, string> = {};
    if (movesBack && input.lockDateReason === "") errors.lockDateReason = MESSAGES.lockDateReasonRequired;

    // The chosen accounts are held until the end, so none is deactivated meanwhile (deactivateAccount locks the
    // account's row, then reads the roles).
    const ids = [...new Set(Object.values(input.roles))].sort();
    const accounts = await tx
      .select({
        id: chartOfAccounts.id,
        code: chartOfAccounts.code,
        name: chartOfAccounts.name,
        type: chartOfAccounts.type,
        isActive: chartOfAccounts.isActive,
        partyKind: chartOfAccounts.partyKind,
        paymentMethod: chartOfAccounts.paymentMethod,
      })
      .from(chartOfAccounts)
      .where(inArray(chartOfAccounts.id, ids))
      .orderBy(chartOfAccounts.id)
      .for("update");
    const byId = new Map(accounts.map((a) => [a.id, a]));
    for (const role of ACCOUNT_ROLE_KEYS) {
      const account = byId.get(input.roles[role]);
      const definition = ACCOUNT_ROLES[role];
      if (!account) errors[roleField(role)] = MESSAGES.accountMissing;
      else if (!account.isActive) errors[roleField(role)] = MESSAGES.accountInactive(account.code, account.name);
      else if (!(definition.types as readonly string[]).includes(account.type))
        errors[roleField(role)] = MESSAGES.accountWrongType(
          definition.label,
          definition.types,
          account.code,
          account.type,
        );
    }
    const marking = await controlAccountsToMark(tx, input.roles, byId, errors);
    // The fiscal year's start month stays while a year is closed (year_end_closes not reopened): its close, and the
    // trigger that keeps postings out of it, hold the year's dates as they were.
    if (settings.fiscalYearStartMonth !== input.fiscalYearStartMonth) {
      const closed = await tx
        .select({ fiscalYear: yearEndCloses.fiscalYear, periodStart: yearEndCloses.periodStart })
        .from(yearEndCloses)
        .where(isNull(yearEndCloses.reopenedAt))
        .orderBy(yearEndCloses.periodStart);
      if (closed.length > 0)
        errors.fiscalYearStartMonth = MESSAGES.startMonthWhileClosed(
          closed.map((c) => fiscalYearName(c.fiscalYear, Number(c.periodStart.slice(5, 7)))),
        );
    }
    if (Object.keys(errors).length > 0) return failed("invalid", errors);

    // What changes, named by codes, for the audit line.
    const current = await tx.select().from(accountRoles);
    const before = new Map(current.map((r) => [r.role, r.accountId]));
    const lockedBefore = new Set(current.filter((r) => r.documentsOnly).map((r) => r.role));
    const named = await accountNames(tx, [...ids, ...current.map((r) => r.accountId)]);
    const changes: Record<string, { from: string | number | null; to: string | number | null; reason?: string }> = {};
    const changedRoles: AccountRole[] = [];
    for (const role of ACCOUNT_ROLE_KEYS) {
      const from = before.get(role) ?? null;
      const to = input.roles[role];
      if (from === to) continue;
      changedRoles.push(role);
      changes[role] = { from: from ? (named.get(from) ?? from) : null, to: named.get(to) ?? to };
    }
    // Locked to documents only, or opened again (issue 36).
    const relockedRoles = ACCOUNT_ROLE_KEYS.filter((role) => lockedBefore.has(role) !== input.documentsOnly.has(role));
    for (const role of relockedRoles)
      changes[`documentsOnly.${role}`] = {
        from: lockedBefore.has(role) ? "documents only" : "open",
        to: input.documentsOnly.has(role) ? "documents only" : "open",
      };
    const savedRoles = ACCOUNT_ROLE_KEYS.filter((r) => changedRoles.includes(r) || relockedRoles.includes(r));
    if (settings.lockDate !== input.lockDate)
      changes.lockDate = movesBack
        ? { from: settings.lockDate, to: input.lockDate, reason: input.lockDateReason }
        : { from: settings.lockDate, to: input.lockDate };
    for (const field of INVOICE_FIELDS)
      if (settings[field] !== input[field]) changes[field] = { from: settings[field], to: input[field] };
    const startMonthChanged = settings.fiscalYearStartMonth !== input.fiscalYearStartMonth;
    if (startMonthChanged)
      changes.fiscalYearStartMonth = { from: settings.fiscalYearStartMonth, to: input.fiscalYearStartMonth };

    for (const { id, kind } of marking)
      await tx
        .update(chartOfAccounts)
        .set({ partyKind: kind, updatedAt: new Date() })
        .where(eq(chartOfAccounts.id, id));
    if (savedRoles.length > 0)
      await tx
        .insert(accountRoles)
        .values(
          savedRoles.map((role) => ({
            role,
            accountId: input.roles[role],
            documentsOnly: input.documentsOnly.has(role),
          })),
        )
        .onConflictDoUpdate({
          target: accountRoles.role,
          set: {
            accountId: sql`excluded.account_id`,
            documentsOnly: sql`excluded.documents_only`,
            updatedAt: sql`now()`,
          },
        });
    // Saved even when nothing changed: the version moves, so a form opened before this save is told.
    const row = {
      lockDate: input.lockDate,
      vatPeriodMonths: input.vatPeriodMonths,
      invoiceSignatoryName: input.invoiceSignatoryName,
      invoiceSignatoryDesignation: input.invoiceSignatoryDesignation,
      invoiceDueDays: input.invoiceDueDays,
      fiscalYearStartMonth: input.fiscalYearStartMonth,
    };
    await tx
      .insert(accountingSettings)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: accountingSettings.id, set: { ...row, updatedAt: new Date() } });
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, actor, {
        action: "accounting_settings.updated",
        entityType: "accounting_settings",
        summary: summaryOf(
          changedRoles,
          relockedRoles.map((role) => [role, input.documentsOnly.has(role)] as const),
          { from: settings.lockDate, to: input.lockDate, reason: movesBack ? input.lockDateReason : null },
          INVOICE_FIELDS.filter((f) => settings[f] !== input[f]),
          startMonthChanged ? [settings.fiscalYearStartMonth, input.fiscalYearStartMonth] : null,
        ),
        changes,
      });
    return null;
  });
  return outcome ?? { ok: true, message: MESSAGES.saved };
}

/** "1000 Cash in Hand" by account id. */
async function accountNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; label: string }>(
    db,
    sql`select id, code || ' ' || name as label from chart_of_accounts
         where id in (${sql.join(
           [...new Set(ids)].map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
  return new Map(rows.map((r) => [r.id, r.label]));
}

/** The VAT return's period and the invoices' settings (issue 22), kept in the same row. */
const INVOICE_FIELDS = [
  "vatPeriodMonths",
  "invoiceSignatoryName",
  "invoiceSignatoryDesignation",
  "invoiceDueDays",
] as const;
const INVOICE_FIELD_LABELS: Record<(typeof INVOICE_FIELDS)[number], string> = {
  vatPeriodMonths: "VAT period",
  invoiceSignatoryName: "invoice signatory",
  invoiceSignatoryDesignation: "signatory's designation",
  invoiceDueDays: "invoice due days",
};

function summaryOf(
  roles: readonly AccountRole[],
  relocked: readonly (readonly [AccountRole, boolean])[],
  lockDate: { from: string | null; to: string | null; reason: string | null },
  fields: readonly (typeof INVOICE_FIELDS)[number][] = [],
  startMonth: readonly [number, number] | null = null,
): string {
  const parts: string[] = [];
  if (roles.length > 0) parts.push(`accounts of ${roles.map((r) => ACCOUNT_ROLES[r].label).join(", ")}`);
  const locked = relocked.filter(([, on]) => on).map(([r]) => ACCOUNT_ROLES[r].label);
  const opened = relocked.filter(([, on]) => !on).map(([r]) => ACCOUNT_ROLES[r].label);
  if (locked.length > 0) parts.push(`${locked.join(", ")} locked to documents only`);
  if (opened.length > 0) parts.push(`${opened.join(", ")} open to manual entries`);
  const { from, to, reason } = lockDate;
  if (from !== to) {
    const moved = to ? `lock date ${from ?? "none"} → ${to}` : `lock date ${from} removed`;
    parts.push(reason ? `${moved}, books reopened: ${reason}` : moved);
  }
  if (fields.length > 0) parts.push(fields.map((f) => INVOICE_FIELD_LABELS[f]).join(", "));
  if (startMonth) {
    const [before, after] = startMonth.map((m) => FISCAL_YEAR_START_CHOICES[m - 1]!.label);
    parts.push(`fiscal year starts in ${before} → ${after}`);
  }
  return `Changed the accounting settings: ${parts.join("; ")}`;
}
