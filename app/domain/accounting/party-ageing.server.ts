import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { invoices } from "../../db/schema";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { fromPaisa, toPaisa } from "../../lib/money";
import { invoiceDueSql } from "../sales/invoice-due.server";
import { AGE_BUCKET_KEYS, ageBucketOf, daysBetween } from "./ageing";
import type { PartyKind } from "./constants";
import {
  PARTY_AGEING_COLUMNS as COLUMNS,
  type PartyAgeing,
  type PartyAgeingColumn,
  type PartyAgeingRow,
} from "./party-ageing";
import { partyBalanceAccounts, uuidList } from "./party-ledger.server";

// Ageing by party, read from the ledger (issue 36): each customer's, supplier's or employee's balance is their lines'
// sum on the accounts their kind keeps (party-ledger.server.ts), so the totals are those accounts' balances to the
// paisa. The balance is told apart by the documents still open that make it up, each aged by its due date (or its
// date, when it has none) into AGE_BUCKETS: a customer's issued invoices and pending receivables, a supplier's pending
// payables, an employee's unpaid payslips (due the month's last day). What the documents do not explain (an advance
// or overpayment, a manual adjustment, a payment not yet allocated) is the party's "on account" amount, beside the
// buckets. Amounts are as the party's kind reads them: what a customer owes the company, what the company owes a
// supplier or an employee.

/** The open documents of a kind's parties: party, due (or own) date, what is left, in the kind's sign. */
function openDocumentsSql(kind: PartyKind, accounts: readonly string[]) {
  const onAccounts = uuidList(accounts);
  // A payable or receivable is its party's through the line its entry posted to the control account.
  const pendingOf = (type: "income" | "expense", column: string) =>
    sql`select jl.${sql.raw(column)} as party_id, coalesce(t.due_date, t.date)::text as due,
               (t.amount - t.settled_amount)::text as open
          from transactions t
          join lateral (select l.${sql.raw(column)} from journal_lines l
                         where l.journal_entry_id = t.journal_entry_id and l.account_id in (${onAccounts})
                           and l.${sql.raw(column)} is not null limit 1) jl on true
         where t.status = 'pending' and t.type = ${type} and t.amount > t.settled_amount`;
  if (kind === "customer")
    return sql`select i.customer_id as party_id, coalesce(i.due_date, i.issue_date)::text as due,
                      ${invoiceDueSql(i)}::text as open
                 from invoices i where i.status = 'issued' and ${invoiceDueSql(i)} <> 0
               union all ${pendingOf("income", "customer_id")}`;
  if (kind === "supplier") return pendingOf("expense", "supplier_id");
  return sql`select ps.employee_id as party_id,
                    (pr.period_month + interval '1 month' - interval '1 day')::date::text as due, ps.net::text as open
               from payslips ps join payroll_runs pr on pr.id = ps.payroll_run_id
              where ps.status = 'pending' and pr.status <> 'reversed' and ps.net > 0`;
}

/** The invoices as `i` in the query below (an alias renders bare, as the query names the table). */
const i = alias(invoices, "i");

const NAME_OF: Record<PartyKind, string> = { customer: "customers", supplier: "suppliers", employee: "employees" };

/**
 * Every party of `kind` with a balance or an open document, by name, with their amounts by age, on account and in
 * all; `partyId` narrows it to one (a party's page). With `limit`, only the `limit` largest balances are listed
 * (largest first), chosen and named in SQL so a screen never handles ten thousand parties; the totals and `count`
 * still cover every one.
 */
export async function partyAgeing(
  db: DbOrTx,
  kind: PartyKind,
  today: string,
  options: { partyId?: string; limit?: number } = {},
): Promise<PartyAgeing> {
  const { partyId, limit } = options;
  const accounts = await partyBalanceAccounts(db, kind);
  // Debits less credits; a supplier's or employee's balance is read the other way round.
  const sign = kind === "customer" ? 1n : -1n;
  const zero = () => Object.fromEntries(COLUMNS.map((c) => [c, 0n])) as Record<PartyAgeingColumn, bigint>;
  const text = (amounts: Record<PartyAgeingColumn, bigint>) =>
    Object.fromEntries(COLUMNS.map((c) => [c, fromPaisa(amounts[c])])) as Record<PartyAgeingColumn, string>;
  if (accounts.length === 0) return { kind, rows: [], totals: text(zero()), count: 0 };
  const onAccounts = sql`b.party_kind = ${kind} and b.account_id in (${uuidList(accounts)}) ${partyId ? sql`and b.party_id = ${partyId}` : sql``}`;
  // The kept balances (party_balances, a row per account and party), not the parties' lines; one account needs no
  // grouping.
  const balance = accounts.length === 1 ? sql`(b.debit - b.credit)` : sql`sum(b.debit - b.credit)`;
  const grouped = accounts.length === 1 ? sql`` : sql`group by b.party_id`;
  const nonZero = accounts.length === 1 ? sql`and b.debit <> b.credit` : sql``;
  const having = accounts.length === 1 ? sql`` : sql`having sum(b.debit - b.credit) <> 0`;
  const balances = await queryRows<{ party_id: string; balance: string }>(
    db,
    limit === undefined
      ? sql`select b.party_id, ${balance}::text as balance from party_balances b where ${onAccounts} ${nonZero} ${grouped} ${having}`
      : sql`select b.party_id, ${balance}::text as balance from party_balances b where ${onAccounts} ${nonZero}
             ${grouped} ${having} order by abs(${balance}) desc, b.party_id limit ${limit}`,
  );
  const [all] = await queryRows<{ total: string; count: number }>(
    db,
    sql`select coalesce(sum(b.debit - b.credit), 0)::text as total,
               count(distinct b.party_id) filter (where b.debit <> b.credit)::int as count
          from party_balances b where ${onAccounts}`,
  );
  const documents = await queryRows<{ party_id: string; due: string; open: string }>(
    db,
    sql`select d.party_id, d.due, d.open from (${openDocumentsSql(kind, accounts)}) d
         ${partyId ? sql`where d.party_id = ${partyId}` : sql``}`,
  );

  const parties = new Map<
    string,
    { amounts: Record<PartyAgeingColumn, bigint>; oldestAge: number | null; oldestDue: string | null }
  >();
  const entry = (id: string) => {
    let found = parties.get(id);
    if (!found) parties.set(id, (found = { amounts: zero(), oldestAge: null, oldestDue: null }));
    return found;
  };
  for (const row of balances) entry(row.party_id).amounts.total = sign * toPaisa(row.balance);
  const totals = zero();
  totals.total = sign * toPaisa(all?.total ?? "0");
  for (const doc of documents) {
    const age = daysBetween(doc.due, today);
    const bucket = ageBucketOf(age);
    totals[bucket] += toPaisa(doc.open);
    // Listed parties only: a page shows the largest balances, the totals count every document.
    if (limit !== undefined && !parties.has(doc.party_id)) continue;
    const party = entry(doc.party_id);
    party.amounts[bucket] += toPaisa(doc.open);
    if (party.oldestAge === null || age > party.oldestAge) {
      party.oldestAge = age;
      party.oldestDue = doc.due;
    }
  }
  totals.onAccount = totals.total - AGE_BUCKET_KEYS.reduce((sum, key) => sum + totals[key], 0n);
  for (const party of parties.values())
    party.amounts.onAccount = party.amounts.total - AGE_BUCKET_KEYS.reduce((sum, key) => sum + party.amounts[key], 0n);

  const ids = [...parties.keys()];
  const names = ids.length
    ? await queryRows<{ id: string; name: string }>(
        db,
        sql`select id, name from ${sql.raw(NAME_OF[kind])} where id in (${uuidList(ids)})`,
      )
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const rows: PartyAgeingRow[] = [];
  for (const [id, party] of parties) {
    if (COLUMNS.every((c) => party.amounts[c] === 0n)) continue;
    rows.push({
      id,
      name: nameOf.get(id) ?? id,
      amounts: text(party.amounts),
      oldestAge: party.oldestAge,
      oldestDue: party.oldestDue,
    });
  }
  const byName = (a: PartyAgeingRow, b: PartyAgeingRow) =>
    a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id);
  if (limit === undefined) rows.sort(byName);
  else {
    const size = (row: PartyAgeingRow) => {
      const paisa = toPaisa(row.amounts.total);
      return paisa < 0n ? -paisa : paisa;
    };
    rows.sort((a, b) => (size(a) === size(b) ? byName(a, b) : size(b) > size(a) ? 1 : -1));
  }
  return { kind, rows, totals: text(totals), count: limit === undefined ? rows.length : (all?.count ?? 0) };
}
