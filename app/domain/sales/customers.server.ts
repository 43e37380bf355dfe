import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { queryRows, type Db, type DbOrTx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import {
  chartOfAccounts,
  creditNotes,
  customerPayments,
  customers as c,
  invoiceAllocations,
  invoices,
  journalLines,
  jobCharges,
  jobs,
  quotations,
} from "../../db/schema";
import { isUuid, type ListPage } from "../../lib/list-params";
import { listOrder, pageOf, searchAny } from "../../lib/list-query.server";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { can } from "../auth/permissions";
import type { UserRole } from "../auth/roles";
import { quotationReference } from "../quotations/reference";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { partyBalanceAccounts, partyBalanceSql } from "../accounting/party-ledger.server";
import { customerCreditSql } from "./customer-credit.server";
import { invoiceDueSql } from "./invoice-due.server";
import {
  CUSTOMER_MESSAGES,
  parseCustomerForm,
  parseMergeForm,
  type CustomerFormValues,
  type CustomerInput,
  type MergeFormValues,
} from "./customer-form";
import {
  CUSTOMER_CHOICE_LIMIT,
  CUSTOMER_LIST,
  customerListStateFor,
  type CustomerChoices,
  type CustomerDetail,
  type CustomerListState,
  type CustomerPaymentSummary,
  type CustomerRow,
} from "./customer-list";

// Customers (issue 22): the list with what each owes, one customer's quotations, invoices and payments, New and Edit,
// and Merge (two records of the same customer become one: the duplicate's documents move to the record kept).

const EMAIL_UNIQUE = "customers_email_live_unique";

/** The invoices as `i` inside the subqueries below (their SQL names the table so: a table alias renders bare). */
const i = alias(invoices, "i");
/** Σ the customer's invoices' dues (invoiceDueSql: total − paid − credited), numeric. */
const duesSql = (customerId: SQL | string) =>
  sql`coalesce((select sum(${invoiceDueSql(i)}) from invoices i where i.customer_id = ${customerId}), 0)`;
/** Σ the invoices' totals less Σ their credit notes' totals, numeric. */
const invoicedSql = (customerId: SQL | string) =>
  sql`(coalesce((select sum(i.total) from invoices i where i.customer_id = ${customerId}), 0)
     - coalesce((select sum(n.total) from credit_notes n where n.customer_id = ${customerId}), 0))`;

/** The row's id, qualified (a column put straight into a select's sql is written unqualified, and inside a
 * subquery would name the subquery's own id). */
const ID = sql`${c.id}`;

/** What the customer owes, from the ledger (issue 36): their lines on the accounts customers are kept on. */
const owesSql = (customerId: SQL | string, accounts: readonly string[]) =>
  partyBalanceSql("customer", customerId, accounts);

const sortsOf = (accounts: readonly string[]): Record<CustomerListState["sort"], SQL[]> => ({
  name: [sql`lower(${c.name})`],
  owes: [owesSql(ID, accounts)],
  created: [sql`${c.createdAt}`],
});

/** One page of the live customers; `withMoney` adds what each was invoiced, owes and has in credit (without it, no
 * sorting by what they owe: customerListStateFor). */
export async function listCustomers(
  db: DbOrTx,
  asked: CustomerListState,
  withMoney: boolean,
): Promise<ListPage<CustomerRow>> {
  const state = customerListStateFor(asked, withMoney);
  const where = and(isNull(c.mergedIntoId), searchAny(state.q, [c.name, c.organisation, c.email, c.phone]));
  const accounts = withMoney ? await partyBalanceAccounts(db, "customer") : [];
  const money = {
    invoiced: sql<string>`round(${invoicedSql(ID)}, 2)::text`,
    owes: sql<string>`round(${owesSql(ID, accounts)}, 2)::text`,
    credit: sql<string>`round(${customerCreditSql(ID)}, 2)::text`,
  };
  return pageOf(db, CUSTOMER_LIST, state, {
    from: c,
    where,
    rows: async (limit, offset) => {
      const rows = await db
        .select({
          id: c.id,
          name: c.name,
          organisation: c.organisation,
          email: c.email,
          phone: c.phone,
          vatWithholding: c.vatWithholding,
          quotationCount: sql<number>`(select count(*)::int from ${quotations} q where q.customer_id = ${ID})`,
          ...(withMoney ? money : {}),
        })
        .from(c)
        .where(where)
        .orderBy(...listOrder(sortsOf(accounts)[state.sort], state.dir, c.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => {
        const m = r as typeof r & Partial<Record<keyof typeof money, string>>;
        return {
          id: r.id,
          name: r.name,
          organisation: r.organisation,
          email: r.email,
          phone: r.phone,
          vatWithholding: r.vatWithholding,
          quotationCount: Number(r.quotationCount),
          money: withMoney ? { invoiced: m.invoiced!, owes: m.owes!, credit: m.credit! } : null,
        };
      });
    },
  });
}

/**
 * The live customers a picker offers (the Merge dialog's, the Record payment dialog's): those whose name,
 * organisation, e-mail or phone contains `find`, by name, at most CUSTOMER_CHOICE_LIMIT; the `include`d ones
 * (preselected) always, first, when live.
 */
export async function customerChoices(
  db: DbOrTx,
  { find = "", include = [] }: { find?: string; include?: readonly string[] } = {},
): Promise<CustomerChoices> {
  const columns = { id: c.id, name: c.name, organisation: c.organisation, email: c.email };
  const rows = await db
    .select(columns)
    .from(c)
    .where(and(isNull(c.mergedIntoId), searchAny(find, [c.name, c.organisation, c.email, c.phone])))
    .orderBy(asc(sql`lower(${c.name})`), asc(c.id))
    .limit(CUSTOMER_CHOICE_LIMIT + 1);
  const shown = rows.slice(0, CUSTOMER_CHOICE_LIMIT);
  const wanted = [...new Set(include.filter(isUuid).map((id) => id.toLowerCase()))];
  const preselected = wanted.length
    ? await db
        .select(columns)
        .from(c)
        .where(and(isNull(c.mergedIntoId), inArray(c.id, wanted)))
        .orderBy(asc(sql`lower(${c.name})`), asc(c.id))
    : [];
  const first = new Set(preselected.map((r) => r.id));
  return {
    choices: [...preselected, ...shown.filter((r) => !first.has(r.id))],
    find,
    more: rows.length > CUSTOMER_CHOICE_LIMIT,
  };
}

/** A customer's record, or where it went: null when unknown, { mergedIntoId } when merged. */
export async function findCustomer(db: DbOrTx, id: string) {
  const [row] = await db.select().from(c).where(eq(c.id, id));
  return row ?? null;
}

/** The customer's screen: the record, its quotations and, with `withAccounts`, its invoices, payments and money. */
export async function loadCustomerDetail(
  db: DbOrTx,
  id: string,
  withAccounts: boolean,
): Promise<CustomerDetail | { mergedIntoId: string } | null> {
  const row = await findCustomer(db, id);
  if (!row) return null;
  if (row.mergedIntoId) return { mergedIntoId: row.mergedIntoId };
  const quotationRows = await db
    .select({
      id: quotations.id,
      eventName: quotations.eventName,
      eventDate: quotations.eventDate,
      status: quotations.status,
      total: quotations.total,
      createdAt: quotations.createdAt,
    })
    .from(quotations)
    .where(eq(quotations.customerId, id))
    .orderBy(desc(quotations.createdAt), desc(quotations.id));
  const detail: CustomerDetail = {
    id: row.id,
    name: row.name,
    organisation: row.organisation,
    email: row.email,
    phone: row.phone,
    address: row.address,
    bin: row.bin,
    vatWithholding: row.vatWithholding,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    quotations: quotationRows.map((q) => ({
      ...q,
      reference: quotationReference(q.id),
      createdAt: q.createdAt.toISOString(),
    })),
    accounts: null,
  };
  if (!withAccounts) return detail;
  const [invoiceRows, paymentRows, [money]] = await Promise.all([
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        kind: invoices.kind,
        status: invoices.status,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        total: invoices.total,
        paid: invoices.paidAmount,
        credited: invoices.creditedAmount,
        due: sql<string>`${invoiceDueSql()}::text`,
      })
      .from(invoices)
      .where(eq(invoices.customerId, id))
      .orderBy(desc(invoices.issuedAt), desc(invoices.id)),
    db
      .select({
        id: customerPayments.id,
        date: customerPayments.date,
        method: customerPayments.method,
        methodReference: customerPayments.methodReference,
        received: customerPayments.received,
        vdsAmount: customerPayments.vdsAmount,
        aitAmount: customerPayments.aitAmount,
        total: customerPayments.total,
        vdsCertificateNo: customerPayments.vdsCertificateNo,
        allocated: sql<string>`round(coalesce((select sum(a.amount) from ${invoiceAllocations} a where a.customer_payment_id = ${sql`${customerPayments.id}`}), 0), 2)::text`,
        accountCode: chartOfAccounts.code,
        accountName: chartOfAccounts.name,
        settled: sql<CustomerPaymentSummary["settled"]>`coalesce((select json_agg(json_build_object('invoiceId', i.id,
              'number', i.number, 'amount', a.amount::text) order by i.number) from ${invoiceAllocations} a
              join invoices i on i.id = a.invoice_id where a.customer_payment_id = ${sql`${customerPayments.id}`}), '[]')`,
        voidEntryId: customerPayments.voidEntryId,
        voidDate: customerPayments.voidDate,
        voidReason: customerPayments.voidReason,
      })
      .from(customerPayments)
      .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, customerPayments.moneyAccountId))
      .where(eq(customerPayments.customerId, id))
      .orderBy(desc(customerPayments.date), desc(customerPayments.createdAt), desc(customerPayments.id)),
    queryRows<{ invoiced: string; dues: string; credit: string; owes: string }>(
      db,
      sql`select round(${invoicedSql(id)}, 2)::text as invoiced, round(${duesSql(id)}, 2)::text as dues,
                 round(${customerCreditSql(id)}, 2)::text as credit,
                 round(${owesSql(id, await partyBalanceAccounts(db, "customer"))}, 2)::text as owes`,
    ),
  ]);
  detail.accounts = {
    money: { invoiced: money!.invoiced, owes: money!.owes, credit: money!.credit },
    dues: money!.dues,
    invoices: invoiceRows,
    payments: paymentRows.map(({ accountCode, accountName, voidEntryId, voidDate, voidReason, ...p }) => ({
      ...p,
      account: `${accountCode} ${accountName}`,
      void: voidEntryId && voidDate ? { entryId: voidEntryId, date: voidDate, reason: voidReason ?? "" } : null,
    })),
  };
  return detail;
}

export type CustomerResult = UseCaseResult<{ id: string }>;

/** New customer. */
export async function createCustomer(db: Db, actor: AuditActor, values: CustomerFormValues): Promise<CustomerResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, CUSTOMER_MESSAGES.createFailed, errors);
  const parsed = parseCustomerForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<CustomerResult> => {
      const [row] = await tx
        .insert(c)
        .values({ ...input, createdBy: actor.userId })
        .returning({ id: c.id });
      await recordAudit(tx, actor, {
        action: "customer.created",
        entityType: "customer",
        entityId: row!.id,
        summary: `Added the customer ${input.name}${input.organisation ? ` (${input.organisation})` : ""}`,
        changes: { ...input },
      });
      return { ok: true, id: row!.id, message: CUSTOMER_MESSAGES.created };
    });
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_UNIQUE)) return failed("invalid", { email: CUSTOMER_MESSAGES.emailTaken });
    throw error;
  }
}

/** Edit a live customer's record. */
export async function updateCustomer(
  db: Db,
  actor: AuditActor,
  id: string,
  values: CustomerFormValues,
): Promise<CustomerResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, CUSTOMER_MESSAGES.updateFailed, errors);
  const parsed = parseCustomerForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<CustomerResult> => {
      const [before] = await tx.select().from(c).where(eq(c.id, id)).for("update");
      if (!before) return failed("not-found", { form: CUSTOMER_MESSAGES.notFound });
      if (before.mergedIntoId) return failed("conflict", { form: CUSTOMER_MESSAGES.mergedAway });
      await tx
        .update(c)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(c.id, id));
      const changes = diffFields<Record<string, unknown>>({ ...pick(before) }, { ...input });
      await recordAudit(tx, actor, {
        action: "customer.updated",
        entityType: "customer",
        entityId: id,
        summary: `Updated the customer ${input.name}`,
        changes,
      });
      return { ok: true, id, message: CUSTOMER_MESSAGES.updated };
    });
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_UNIQUE)) return failed("invalid", { email: CUSTOMER_MESSAGES.emailTaken });
    throw error;
  }
}

const pick = (r: typeof c.$inferSelect): CustomerInput => ({
  name: r.name,
  organisation: r.organisation,
  email: r.email,
  phone: r.phone,
  address: r.address,
  bin: r.bin,
  vatWithholding: r.vatWithholding,
  notes: r.notes,
});

/** The details a kept record lacks and takes from the duplicate (its own are never overwritten). */
const FILLED_FROM_DUPLICATE = ["organisation", "email", "phone", "address", "bin", "notes"] as const;

/**
 * Merge: the duplicate's quotations, invoices, credit notes and payments move to the record kept, which takes the
 * details it lacks from the duplicate; the duplicate points at it (merged_into_id, merged_at) and leaves the list.
 * The locks follow the books' one order (quotation → customer → invoices, as issuing an invoice, a credit note and a
 * payment take them), so the merge and any of those never wait on each other in a circle: first the duplicate's
 * quotations (in id order), then both customers (in id order), then the rows the moves update. A payment or an
 * invoice of either record waits for the merge, and sees the customer they now belong to.
 * Records with invoices, credit notes or payments move money between customers: only a user who manages the accounts
 * (`role` with accounts.manage) may merge those; quotations alone are for whoever manages quotations.
 */
export async function mergeCustomers(
  db: Db,
  actor: AuditActor,
  values: MergeFormValues,
  role: UserRole,
): Promise<CustomerResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, CUSTOMER_MESSAGES.mergeFailed, errors);
  const parsed = parseMergeForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const { duplicateId, keepId } = parsed.input;
  return db.transaction(async (tx): Promise<CustomerResult> => {
    const lockedQuotations = await tx
      .select({ id: quotations.id })
      .from(quotations)
      .where(eq(quotations.customerId, duplicateId))
      .orderBy(asc(quotations.id))
      .for("update");
    // Their jobs too, before the customers (issue 26): a check-in locks its job and then, adding a damage charge,
    // waits on the customer's row; taking the jobs first makes the merge wait for it rather than both wait forever.
    await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.customerId, duplicateId))
      .orderBy(asc(jobs.id))
      .for("update");
    const rows = await tx
      .select()
      .from(c)
      .where(inArray(c.id, [duplicateId, keepId]))
      .orderBy(asc(c.id))
      .for("update");
    const duplicate = rows.find((r) => r.id === duplicateId);
    const keep = rows.find((r) => r.id === keepId);
    const errors: Record<string, string> = {};
    if (!duplicate) errors.duplicateId = CUSTOMER_MESSAGES.notFound;
    else if (duplicate.mergedIntoId) errors.duplicateId = CUSTOMER_MESSAGES.duplicateMerged;
    if (!keep) errors.keepId = CUSTOMER_MESSAGES.notFound;
    else if (keep.mergedIntoId) errors.keepId = CUSTOMER_MESSAGES.keepMerged;
    if (!duplicate || !keep) return failed("not-found", errors);
    if (Object.keys(errors).length > 0) return failed("conflict", errors);

    // A quotation linked to the duplicate after its quotations were locked (an approval of its e-mail) would be
    // locked now, after the customers: out of order. Refused instead (nothing written yet); merging again takes it.
    const locked = new Set(lockedQuotations.map((q) => q.id));
    const current = await tx
      .select({ id: quotations.id })
      .from(quotations)
      .where(eq(quotations.customerId, duplicateId));
    if (current.some((q) => !locked.has(q.id))) return failed("conflict", { form: CUSTOMER_MESSAGES.mergeRaced });

    if (!can(role, "accounts.manage")) {
      const withMoney = await queryRows<{ id: string }>(
        tx,
        sql`select c.id from customers c where c.id in (${duplicateId}, ${keepId}) and (
              exists (select 1 from invoices i where i.customer_id = c.id)
              or exists (select 1 from credit_notes n where n.customer_id = c.id)
              or exists (select 1 from customer_payments p where p.customer_id = c.id))`,
      );
      if (withMoney.length > 0) {
        const names = [duplicate, keep].filter((r) => withMoney.some((m) => m.id === r.id)).map((r) => r.name);
        return failed("forbidden", { form: CUSTOMER_MESSAGES.mergeNeedsAccounts(names) });
      }
    }

    const to = { customerId: keepId };
    const moved = {
      quotations: (
        await tx
          .update(quotations)
          .set(to)
          .where(eq(quotations.customerId, duplicateId))
          .returning({ id: quotations.id })
      ).length,
      invoices: (
        await tx.update(invoices).set(to).where(eq(invoices.customerId, duplicateId)).returning({ id: invoices.id })
      ).length,
      creditNotes: (
        await tx
          .update(creditNotes)
          .set(to)
          .where(eq(creditNotes.customerId, duplicateId))
          .returning({ id: creditNotes.id })
      ).length,
      payments: (
        await tx
          .update(customerPayments)
          .set(to)
          .where(eq(customerPayments.customerId, duplicateId))
          .returning({ id: customerPayments.id })
      ).length,
      // The jobs their quotations opened and the damage charges on them (issue 26) follow the quotations and
      // invoices, so the kept record's next invoice carries the duplicate's pending charges.
      jobs: (await tx.update(jobs).set(to).where(eq(jobs.customerId, duplicateId)).returning({ id: jobs.id })).length,
      jobCharges: (
        await tx
          .update(jobCharges)
          .set(to)
          .where(eq(jobCharges.customerId, duplicateId))
          .returning({ id: jobCharges.id })
      ).length,
    };
    const now = new Date();
    // The duplicate first: its e-mail leaves the live-e-mail index before the kept record may take it.
    await tx.update(c).set({ mergedIntoId: keepId, mergedAt: now, updatedAt: now }).where(eq(c.id, duplicateId));
    // Their lines on the ledger name the kept record from now on (issue 36): the one change a posted line allows
    // besides its posting, and only towards the record its customer was merged into (journal_lines_immutable).
    const ledgerLines = (
      await tx
        .update(journalLines)
        .set({ customerId: keepId })
        .where(eq(journalLines.customerId, duplicateId))
        .returning({ id: journalLines.id })
    ).length;
    const filled: Partial<Record<(typeof FILLED_FROM_DUPLICATE)[number], string>> = {};
    for (const field of FILLED_FROM_DUPLICATE) {
      const theirs = duplicate[field];
      if (!keep[field] && theirs) filled[field] = theirs;
    }
    if (Object.keys(filled).length > 0)
      await tx
        .update(c)
        .set({ ...filled, updatedAt: now })
        .where(eq(c.id, keepId));
    await recordAudit(tx, actor, {
      action: "customer.merged",
      entityType: "customer",
      entityId: keepId,
      summary: `Merged ${duplicate.name}${duplicate.email ? ` <${duplicate.email}>` : ""} into ${keep.name}: ${
        moved.quotations
      } quotations, ${moved.invoices} invoices, ${moved.creditNotes} credit notes and ${moved.payments} payments moved`,
      changes: { duplicateId, keepId, moved: { ...moved, ledgerLines }, filled },
    });
    return { ok: true, id: keepId, message: CUSTOMER_MESSAGES.merged(duplicate.name, keep.name) };
  });
}
