import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { queryRows } from "../../db/client.server";
import { isUniqueViolation, violatedConstraint } from "../../db/errors.server";
import { accountRoles, chartOfAccounts as t } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { pageOf, searchAny } from "../../lib/list-query.server";
import { fromPaisa } from "../../lib/money";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type Refusal, type Refused, type UseCaseResult } from "../use-case";
import { ACCOUNT_ROLES, type AccountRole } from "./account-roles";
import { balancesAt, naturalBalance } from "./balances.server";
import { CHART_LIST } from "./chart-list";
import { CHART_MESSAGES, parseAccountForm, type AccountFormValues, type AccountInput } from "./chart-form";
import { ACCOUNT_TYPE_LABELS, type AccountType, type PaymentMethod } from "./constants";

// The chart of accounts (issue 21): the list as a tree with each account's balance, and adding, editing, deleting,
// deactivating and reactivating an account. Every write is one transaction with its audit line. The book's rules
// are checked here with a message naming the field, and again by the database: an account with journal lines keeps
// its type (trigger chart_of_accounts_type_fixed) and cannot be deleted (journal_lines' foreign key).

export interface ChartRow {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  description: string | null;
  parentId: string | null;
  parentCode: string | null;
  parentName: string | null;
  /** How deep in the tree: 0 for an account without a parent. */
  depth: number;
  paymentMethod: PaymentMethod | null;
  isActive: boolean;
  /** Has journal lines (posted or draft): its type is fixed and it cannot be deleted. */
  hasPostings: boolean;
  childCount: number;
  /** The roles of Settings > Accounting that use it, by their labels. */
  roles: string[];
  /** Its posted balance today, as its type reads it (credits minus debits for liabilities, equity, income). */
  balance: string;
  /** With its sub-accounts' balances, for an account that has some; null otherwise. */
  groupBalance: string | null;
}

/** Accounts in tree order: each after its parent, siblings by code (byte order, the same on every database). */
const TREE = sql`with recursive tree as (
    select c.id, array[c.code collate "C"] as path, 0 as depth from chart_of_accounts c where c.parent_id is null
    union all
    select c.id, tree.path || (c.code collate "C"), tree.depth + 1
      from chart_of_accounts c join tree on c.parent_id = tree.id
  )`;

/** The roles of Settings > Accounting by account id. */
async function rolesByAccount(db: DbOrTx, accountIds?: readonly string[]): Promise<Map<string, AccountRole[]>> {
  const rows = await db
    .select({ role: accountRoles.role, accountId: accountRoles.accountId })
    .from(accountRoles)
    .where(accountIds ? inArray(accountRoles.accountId, [...accountIds]) : undefined);
  const map = new Map<string, AccountRole[]>();
  for (const row of rows) {
    if (!(row.role in ACCOUNT_ROLES)) continue;
    const list = map.get(row.accountId) ?? [];
    list.push(row.role as AccountRole);
    map.set(row.accountId, list);
  }
  return map;
}

const roleLabel = (role: AccountRole) => ACCOUNT_ROLES[role].label;
const roleNames = (roles: readonly AccountRole[]) => roles.map(roleLabel).join('", "');

/** The chart as a tree (filtered by type and status, searched by code or name), with balances at `date` (today). */
export async function listChart(
  db: DbOrTx,
  state: StateOf<typeof CHART_LIST>,
  date: string = todayInDhaka(),
): Promise<ListPage<ChartRow>> {
  const where = and(
    searchAny(state.q, [t.code, t.name]),
    state.filters.type ? eq(t.type, state.filters.type) : undefined,
    state.filters.status ? eq(t.isActive, state.filters.status === "active") : undefined,
  );
  const page = await pageOf(db, CHART_LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      queryRows<{
        id: string;
        code: string;
        name: string;
        type: AccountType;
        description: string | null;
        parent_id: string | null;
        parent_code: string | null;
        parent_name: string | null;
        depth: number;
        payment_method: PaymentMethod | null;
        is_active: boolean;
        has_postings: boolean;
        child_count: number;
      }>(
        db,
        sql`${TREE}
          select ${t.id} as id, ${t.code} as code, ${t.name} as name, ${t.type} as type,
                 ${t.description} as description, ${t.parentId} as parent_id, p.code as parent_code,
                 p.name as parent_name, tree.depth::int as depth, ${t.paymentMethod} as payment_method,
                 ${t.isActive} as is_active,
                 exists (select 1 from journal_lines l where l.account_id = ${t.id}) as has_postings,
                 (select count(*) from chart_of_accounts k where k.parent_id = ${t.id})::int as child_count
            from tree join ${t} on ${t.id} = tree.id
            left join chart_of_accounts p on p.id = ${t.parentId}
           where ${where ?? sql`true`}
           order by tree.path
           limit ${limit} offset ${offset}`,
      ),
  });
  if (page.rows.length === 0) return { ...page, rows: [] };

  // Balances of every account (a few hundred month rows), for the groups' totals as well as each row's own.
  const [balances, tree, roles] = await Promise.all([
    balancesAt(db, "all", date),
    db.select({ id: t.id, parentId: t.parentId }).from(t),
    rolesByAccount(
      db,
      page.rows.map((r) => r.id),
    ),
  ]);
  const children = new Map<string, string[]>();
  for (const node of tree)
    if (node.parentId) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
  const subtreeBalance = (id: string, seen = new Set<string>()): bigint => {
    if (seen.has(id)) return 0n;
    seen.add(id);
    return (children.get(id) ?? []).reduce((sum, child) => sum + subtreeBalance(child, seen), balances.get(id) ?? 0n);
  };

  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      type: r.type,
      description: r.description,
      parentId: r.parent_id,
      parentCode: r.parent_code,
      parentName: r.parent_name,
      depth: r.depth,
      paymentMethod: r.payment_method,
      isActive: r.is_active,
      hasPostings: r.has_postings,
      childCount: r.child_count,
      roles: (roles.get(r.id) ?? []).map(roleLabel),
      balance: fromPaisa(naturalBalance(r.type, balances.get(r.id) ?? 0n)),
      groupBalance: r.child_count > 0 ? fromPaisa(naturalBalance(r.type, subtreeBalance(r.id))) : null,
    })),
  };
}

export interface ParentChoice {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  isActive: boolean;
}

/** Every account, in code order: the parents the dialog offers (the form keeps those of the chosen type). */
export function parentChoices(db: DbOrTx): Promise<ParentChoice[]> {
  return db
    .select({ id: t.id, code: t.code, name: t.name, type: t.type, isActive: t.isActive })
    .from(t)
    .orderBy(sql`${t.code} collate "C"`);
}

/** A stored account as the Edit dialog shows it; null for a malformed or unknown id. */
export async function loadAccountForm(db: DbOrTx, id: string): Promise<AccountFormValues | null> {
  const row = await accountById(db, id);
  if (!row) return null;
  return {
    id: row.id,
    version: row.updatedAt.toISOString(),
    code: row.code,
    name: row.name,
    type: row.type,
    parentId: row.parentId ?? "",
    paymentMethod: row.paymentMethod ?? "",
    cashFlowActivity: row.cashFlowActivity ?? "",
    description: row.description ?? "",
  };
}

/** One account by id (null for a malformed or unknown one). */
export async function accountById(db: DbOrTx, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(t).where(eq(t.id, id.toLowerCase()));
  return row ?? null;
}

/** Whether the account has journal lines (posted or draft). */
async function hasPostings(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from journal_lines where account_id = ${id}) as found`,
  );
  return !!row?.found;
}

async function childCount(db: DbOrTx, id: string): Promise<number> {
  return db.$count(t, eq(t.parentId, id));
}

/** Another account already has this code (compared without regard to case). */
async function codeTaken(db: DbOrTx, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(sql`lower(${t.code}) = lower(${code})`, exceptId ? sql`${t.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!row;
}

/**
 * Changes to the tree are made one at a time (a transaction-wide lock), so two edits at once cannot close a loop
 * (A under B while B goes under A).
 */
async function lockTree(tx: DbOrTx): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended('chart_of_accounts:tree', 0))`);
}

/** The parent's field message, or null when `parentId` may hold an account of `type` (and id `selfId`). */
async function parentProblem(
  tx: DbOrTx,
  parentId: string | null,
  type: AccountType,
  selfId?: string,
): Promise<string | null> {
  if (parentId === null) return null;
  if (selfId && parentId === selfId) return CHART_MESSAGES.parentCycle;
  const [parent] = await tx.select({ type: t.type }).from(t).where(eq(t.id, parentId));
  if (!parent) return CHART_MESSAGES.parentMissing;
  if (parent.type !== type) return CHART_MESSAGES.parentOtherType(ACCOUNT_TYPE_LABELS[parent.type]);
  if (selfId) {
    // The parent's own ancestors (and itself) must not include the account.
    const [loop] = await queryRows<{ found: boolean }>(
      tx,
      sql`with recursive up as (
            select id, parent_id from chart_of_accounts where id = ${parentId}
            union
            select c.id, c.parent_id from chart_of_accounts c join up on c.id = up.parent_id
          ) select exists (select 1 from up where id = ${selfId}) as found`,
    );
    if (loop?.found) return CHART_MESSAGES.parentCycle;
  }
  return null;
}

function columnsOf(input: AccountInput) {
  return {
    code: input.code,
    name: input.name,
    type: input.type,
    parentId: input.parentId,
    paymentMethod: input.paymentMethod,
    cashFlowActivity: input.cashFlowActivity,
    description: input.description,
  };
}

const CODE_UNIQUE = "chart_of_accounts_code_unique";
const TYPE_FIXED = "chart_of_accounts_type_fixed";
const CASH_FLOW_CHECK = "chart_of_accounts_cash_flow_activity_check";

export type SaveAccountResult = UseCaseResult<{ id: string }>;

export async function createAccount(db: Db, values: AccountFormValues, actor: AuditActor): Promise<SaveAccountResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, CHART_MESSAGES.addFailed, errors);
  const parsed = parseAccountForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  try {
    const outcome = await db.transaction(async (tx): Promise<Refused | string> => {
      await lockTree(tx);
      if (await codeTaken(tx, input.code)) return failed("invalid", { code: CHART_MESSAGES.codeTaken });
      const parent = await parentProblem(tx, input.parentId, input.type);
      if (parent) return failed("invalid", { parentId: parent });
      const [row] = await tx.insert(t).values(columnsOf(input)).returning({ id: t.id });
      await recordAudit(tx, actor, {
        action: "account.created",
        entityType: "account",
        entityId: row!.id,
        summary: `Added the account ${input.code} ${input.name} (${ACCOUNT_TYPE_LABELS[input.type]})`,
        changes: columnsOf(input),
      });
      return row!.id;
    });
    if (typeof outcome !== "string") return outcome;
    return { ok: true, id: outcome, message: CHART_MESSAGES.added };
  } catch (error) {
    // Two adds of one code at once: the second meets the unique index.
    if (isUniqueViolation(error, CODE_UNIQUE)) return failed("invalid", { code: CHART_MESSAGES.codeTaken });
    // The form's rule, kept by the database too.
    if (violatedConstraint(error) === CASH_FLOW_CHECK)
      return failed("invalid", { cashFlowActivity: CHART_MESSAGES.cashFlowNotBalanceSheet });
    throw error;
  }
}

export async function updateAccount(db: Db, values: AccountFormValues, actor: AuditActor): Promise<SaveAccountResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, CHART_MESSAGES.updateFailed, errors);
  const id = values.id.trim().toLowerCase();
  if (!isUuid(id)) return failed("invalid", { form: CHART_MESSAGES.idRequired });
  const parsed = parseAccountForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  try {
    const outcome = await db.transaction(async (tx): Promise<Refused | null> => {
      await lockTree(tx);
      const [before] = await tx.select().from(t).where(eq(t.id, id)).for("update");
      if (!before) return failed("not-found", { form: CHART_MESSAGES.notFound });
      if (values.version !== before.updatedAt.toISOString())
        return failed("conflict", { form: CHART_MESSAGES.changedMeanwhile });
      if (await codeTaken(tx, input.code, id)) return failed("invalid", { code: CHART_MESSAGES.codeTaken });
      if (input.type !== before.type) {
        if (await hasPostings(tx, id)) return failed("invalid", { type: CHART_MESSAGES.typeFixed });
        if ((await childCount(tx, id)) > 0) return failed("invalid", { type: CHART_MESSAGES.typeHasChildren });
        const roles = (await rolesByAccount(tx, [id])).get(id) ?? [];
        const misfit = roles.find((role) => !(ACCOUNT_ROLES[role].types as readonly string[]).includes(input.type));
        if (misfit) return failed("invalid", { type: CHART_MESSAGES.typeUsedByRole(roleLabel(misfit)) });
      }
      const parent = await parentProblem(tx, input.parentId, input.type, id);
      if (parent) return failed("invalid", { parentId: parent });
      const after = columnsOf(input);
      const changes = diffFields(columnsOf(before as AccountInput), after);
      if (Object.keys(changes).length === 0) return null;
      await tx.update(t).set(after).where(eq(t.id, id));
      await recordAudit(tx, actor, {
        action: "account.updated",
        entityType: "account",
        entityId: id,
        summary: `Updated the account ${input.code} ${input.name}: ${Object.keys(changes).join(", ")}`,
        changes,
      });
      return null;
    });
    if (outcome) return outcome;
    return { ok: true, id, message: CHART_MESSAGES.updated };
  } catch (error) {
    if (isUniqueViolation(error, CODE_UNIQUE)) return failed("invalid", { code: CHART_MESSAGES.codeTaken });
    // A line posted to it between the check and the change: the database keeps the type.
    if (violatedConstraint(error) === TYPE_FIXED) return failed("invalid", { type: CHART_MESSAGES.typeFixed });
    if (violatedConstraint(error) === CASH_FLOW_CHECK)
      return failed("invalid", { cashFlowActivity: CHART_MESSAGES.cashFlowNotBalanceSheet });
    throw error;
  }
}

/** The id a form posted, lower-cased; null when it is no id. */
function postedId(raw: unknown): string | null {
  return typeof raw === "string" && isUuid(raw.trim()) ? raw.trim().toLowerCase() : null;
}

/** Records other than journal lines that keep an account (their foreign keys restrict its deletion). */
async function otherReferences(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from transactions where account_id = ${id} or money_account_id = ${id})
            or exists (select 1 from settlements where money_account_id = ${id})
            or exists (select 1 from budgets where account_id = ${id})
            or exists (select 1 from tax_records where account_id = ${id})
            or exists (select 1 from account_month_balances where account_id = ${id}) as found`,
  );
  return !!row?.found;
}

/** Deletes an account that nothing refers to: no postings, no sub-accounts, no role, no document. */
export async function deleteAccount(db: Db, rawId: unknown, actor: AuditActor): Promise<UseCaseResult> {
  const id = postedId(rawId);
  const failed = (refusal: Refusal, message: string) =>
    refuse(refusal, CHART_MESSAGES.deleteFailed(message), { form: message });
  if (!id) return failed("invalid", CHART_MESSAGES.notFound);
  try {
    const outcome = await db.transaction(async (tx): Promise<Refused | null> => {
      await lockTree(tx);
      const [row] = await tx.select().from(t).where(eq(t.id, id)).for("update");
      if (!row) return failed("not-found", CHART_MESSAGES.notFound);
      if (await hasPostings(tx, id)) return failed("invalid", CHART_MESSAGES.deleteHasPostings);
      if ((await childCount(tx, id)) > 0) return failed("invalid", CHART_MESSAGES.deleteHasChildren);
      const roles = (await rolesByAccount(tx, [id])).get(id) ?? [];
      if (roles.length > 0) return failed("invalid", CHART_MESSAGES.deleteUsedByRole(roleNames(roles)));
      if (await otherReferences(tx, id)) return failed("invalid", CHART_MESSAGES.deleteReferenced);
      await tx.delete(t).where(eq(t.id, id));
      await recordAudit(tx, actor, {
        action: "account.deleted",
        entityType: "account",
        entityId: id,
        summary: `Deleted the account ${row.code} ${row.name}`,
        changes: { code: row.code, name: row.name, type: row.type },
      });
      return null;
    });
    if (outcome) return outcome;
    return { ok: true, message: CHART_MESSAGES.deleted };
  } catch (error) {
    // Something began to refer to it meanwhile (a posting, say): its foreign key keeps the account.
    const constraint = violatedConstraint(error);
    if (constraint?.startsWith("journal_lines_")) return failed("invalid", CHART_MESSAGES.deleteHasPostings);
    if (constraint?.endsWith("_fk")) return failed("invalid", CHART_MESSAGES.deleteReferenced);
    throw error;
  }
}

/**
 * Deactivates an account: no longer offered for new postings (writeEntry refuses it). Refused while a role of
 * Settings > Accounting uses it, naming the role. Its postings and balance stay.
 */
export async function deactivateAccount(db: Db, rawId: unknown, actor: AuditActor): Promise<UseCaseResult> {
  const id = postedId(rawId);
  const failed = (refusal: Refusal, message: string) =>
    refuse(refusal, CHART_MESSAGES.deactivateFailed(message), { form: message });
  if (!id) return failed("invalid", CHART_MESSAGES.notFound);
  const outcome = await db.transaction(async (tx): Promise<Refused | null> => {
    // Settings > Accounting locks the accounts it gives roles to: one of the two waits for the other.
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for("update");
    if (!row) return failed("not-found", CHART_MESSAGES.notFound);
    if (!row.isActive) return failed("conflict", CHART_MESSAGES.alreadyInactive);
    const roles = (await rolesByAccount(tx, [id])).get(id) ?? [];
    if (roles.length > 0) return failed("invalid", CHART_MESSAGES.deactivateUsedByRole(roleNames(roles)));
    await tx.update(t).set({ isActive: false }).where(eq(t.id, id));
    await recordAudit(tx, actor, {
      action: "account.deactivated",
      entityType: "account",
      entityId: id,
      summary: `Deactivated the account ${row.code} ${row.name}`,
      changes: { isActive: { from: true, to: false } },
    });
    return null;
  });
  return outcome ?? { ok: true, message: CHART_MESSAGES.deactivated };
}

export async function reactivateAccount(db: Db, rawId: unknown, actor: AuditActor): Promise<UseCaseResult> {
  const id = postedId(rawId);
  const failed = (refusal: Refusal, message: string) =>
    refuse(refusal, CHART_MESSAGES.reactivateFailed(message), { form: message });
  if (!id) return failed("invalid", CHART_MESSAGES.notFound);
  const outcome = await db.transaction(async (tx): Promise<Refused | null> => {
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for("update");
    if (!row) return failed("not-found", CHART_MESSAGES.notFound);
    if (row.isActive) return failed("conflict", CHART_MESSAGES.alreadyActive);
    await tx.update(t).set({ isActive: true }).where(eq(t.id, id));
    await recordAudit(tx, actor, {
      action: "account.reactivated",
      entityType: "account",
      entityId: id,
      summary: `Reactivated the account ${row.code} ${row.name}`,
      changes: { isActive: { from: false, to: true } },
    });
    return null;
  });
  return outcome ?? { ok: true, message: CHART_MESSAGES.reactivated };
}

/** What the deactivate, reactivate and delete confirmations show of an account. */
export interface AccountSummary {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  isActive: boolean;
  hasPostings: boolean;
  /** Labels of the roles of Settings > Accounting that use it. */
  roles: string[];
}

export async function accountSummary(db: DbOrTx, id: string): Promise<AccountSummary | null> {
  const row = await accountById(db, id);
  if (!row) return null;
  const [postings, roles] = await Promise.all([hasPostings(db, row.id), rolesByAccount(db, [row.id])]);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    isActive: row.isActive,
    hasPostings: postings,
    roles: (roles.get(row.id) ?? []).map(roleLabel),
  };
}
