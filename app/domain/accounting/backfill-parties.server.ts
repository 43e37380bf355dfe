import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { queryRows } from "../../db/client.server";
import { fromPaisa, toPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { vdsCreditByCustomer } from "../tax/vat-return.server";
import { CONTROL_ROLE_KINDS, CONTROL_ROLES } from "./account-roles";
import type { ControlPartyKind } from "./constants";
import { partyColumns, type PartyRef } from "./journal";
import { partyBalancesOn } from "./party-balances.server";
import { partyNamed, partyNamedFor } from "./party-records.server";

// Books kept before party ledgers (issue 36; ADR 0032): run after the SQL migrations at every start, it finds the
// control roles' accounts not yet kept by party, gives each posted line on them the party its source document names,
// and marks the accounts, in one transaction (a failure leaves the books as they were, and the next start tries
// again). Where the document names a party: an invoice's, credit note's or payment's customer; a payable's or
// receivable's typed name (as a supplier or customer record, found or added: partyNamed); a settlement's, its
// document's; a salary payment's employee; a hand-typed tax record's typed party. Where one line stood for several:
// a payroll run's withheld tax and net salaries are split by its payslips, a VAT close's VDS by the customers whose
// certificates it counted, a withholding tax deposit among those withheld from, oldest first; a reversal mirrors the
// entry it reverses. Anything else (a manual journal, a bank transaction) names no one: it goes to a record named
// UNIDENTIFIED_PARTY for the accountant to move by a journal. An employee is never invented: an account of employee
// lines that cannot all be named stays unmarked, and the report says so. The free-text names of every payable and
// receivable become records too, so the supplier list starts complete.

export const UNIDENTIFIED_PARTY = "Unidentified (before party ledgers)";

const MIGRATION_ACTOR: AuditActor = {
  userId: null,
  label: "Party ledgers migration",
  ipAddress: null,
  userAgent: null,
};

export interface BackfillReport {
  /** The accounts marked kept by party, by code. */
  marked: string[];
  /** Accounts left unmarked (an employee's line no document names), by code. */
  unmarked: string[];
  /** Lines given a party, counting each part of a split line. */
  named: number;
  /** Lines named as UNIDENTIFIED_PARTY's. */
  unidentified: number;
}

interface UnnamedLine {
  id: string;
  journal_entry_id: string;
  line_no: number;
  description: string | null;
  debit: string;
  credit: string;
  source_type: string;
  source_id: string | null;
  entry_date: string;
  customer_id: string | null;
  employee_id: string | null;
  party_name: string | null;
}

interface Part {
  debit: bigint;
  credit: bigint;
  party: PartyRef;
  description?: string | null;
}

/** Whether any control role's account is not yet kept by party: the start's cheap check. */
async function unmarkedControlAccounts(db: DbOrTx): Promise<{ id: string; code: string; kind: ControlPartyKind }[]> {
  const rows = await queryRows<{ role: string; id: string; code: string; party_kind: string | null }>(
    db,
    sql`select r.role, a.id, a.code, a.party_kind from account_roles r join chart_of_accounts a on a.id = r.account_id
        where r.role in (${sql.join(
          CONTROL_ROLES.map((r) => sql`${r}`),
          sql`, `,
        )}) order by a.code, r.role`,
  );
  const wanted = new Map<string, { id: string; code: string; kind: ControlPartyKind }>();
  for (const row of rows) {
    if (row.party_kind || wanted.has(row.id)) continue;
    wanted.set(row.id, {
      id: row.id,
      code: row.code,
      kind: CONTROL_ROLE_KINDS[row.role as keyof typeof CONTROL_ROLE_KINDS],
    });
  }
  return [...wanted.values()];
}

export async function backfillParties(db: Db): Promise<BackfillReport | null> {
  if ((await unmarkedControlAccounts(db)).length === 0) return null;
  return db.transaction(async (tx) => {
    const accounts = await unmarkedControlAccounts(tx);
    const report: BackfillReport = { marked: [], unmarked: [], named: 0, unidentified: 0 };
    if (accounts.length === 0) return report;
    // The posted lines change only here and by merging; the party check runs again when each account is marked
    // (chart_of_accounts_party_kind_lines), so every line is proved to agree before this commits.
    await tx.execute(sql`alter table journal_lines disable trigger journal_lines_immutable`);
    await tx.execute(sql`alter table journal_lines disable trigger journal_lines_party`);

    await namePayablesAndReceivables(tx);
    for (const account of accounts) {
      const result = await backfillAccount(tx, account);
      report.named += result.named;
      report.unidentified += result.unidentified;
      if (result.complete) {
        await tx.execute(sql`update chart_of_accounts set party_kind = ${account.kind} where id = ${account.id}`);
        report.marked.push(account.code);
      } else report.unmarked.push(account.code);
    }

    // The split lines' entries are checked now (balanced, their totals kept): a table with checks pending cannot be
    // altered.
    await tx.execute(sql`set constraints all immediate`);
    await tx.execute(sql`alter table journal_lines enable trigger journal_lines_party`);
    await tx.execute(sql`alter table journal_lines enable trigger journal_lines_immutable`);
    // The kept balances of each party, from the lines as they now are.
    await tx.execute(sql`delete from party_balances`);
    await tx.execute(sql`insert into party_balances (account_id, party_kind, party_id, debit, credit)
      select l.account_id,
             case when l.customer_id is not null then 'customer' when l.supplier_id is not null then 'supplier' else 'employee' end,
             coalesce(l.customer_id, l.supplier_id, l.employee_id), sum(l.debit), sum(l.credit)
        from journal_lines l where l.posted and num_nonnulls(l.customer_id, l.supplier_id, l.employee_id) = 1
       group by 1, 2, 3`);
    await recordAudit(tx, MIGRATION_ACTOR, {
      action: "ledger.parties_backfilled",
      entityType: "chart_of_accounts",
      summary:
        `Party ledgers: ${report.named} control-account lines given their party (${report.unidentified} to "${UNIDENTIFIED_PARTY}")` +
        (report.marked.length ? `; accounts ${report.marked.join(", ")} now kept by party` : "") +
        (report.unmarked.length ? `; ${report.unmarked.join(", ")} left unmarked: lines no employee is named on` : ""),
      changes: { ...report },
    });
    return report;
  });
}

/** Every payable's and receivable's typed name as a supplier or customer record (found or added). */
async function namePayablesAndReceivables(tx: DbOrTx): Promise<void> {
  const names = await queryRows<{ type: "income" | "expense"; name: string }>(
    tx,
    sql`select distinct on (type, lower(btrim(party))) type, btrim(party) as name from transactions
        where party is not null and btrim(party) <> '' order by type, lower(btrim(party)), created_at`,
  );
  for (const { type, name } of names)
    await partyNamed(tx, MIGRATION_ACTOR, type === "income" ? "customer" : "supplier", name);
}

async function liveCustomer(tx: DbOrTx, id: string): Promise<string> {
  let current = id;
  for (let hop = 0; hop < 20; hop++) {
    const [row] = await queryRows<{ merged_into_id: string | null }>(
      tx,
      sql`select merged_into_id from customers where id = ${current}`,
    );
    if (!row?.merged_into_id) return current;
    current = row.merged_into_id;
  }
  return current;
}

async function backfillAccount(
  tx: DbOrTx,
  account: { id: string; code: string; kind: ControlPartyKind },
): Promise<{ named: number; unidentified: number; complete: boolean }> {
  const lines = await queryRows<UnnamedLine>(
    tx,
    // An entry that reverses another (a General Ledger reversal, or a document's own: a voided payment, a reversed
    // deposit or tax record, issue 36) is read as a reversal of it: its lines mirror that entry's.
    sql`select l.id, l.journal_entry_id, l.line_no, l.description, l.debit::text, l.credit::text,
          case when e.reverses_id is not null then 'reversal' else e.source_type end as source_type,
          coalesce(e.reverses_id, e.source_id) as source_id, e.entry_date::text,
          case e.source_type
            when 'invoice' then (select i.customer_id from invoices i where i.id = e.source_id)
            when 'credit_note' then (select c.customer_id from credit_notes c where c.id = e.source_id)
            when 'customer_payment' then (select p.customer_id from customer_payments p where p.id = e.source_id)
          end as customer_id,
          case e.source_type when 'payslip' then (select s.employee_id from payslips s where s.id = e.source_id) end
            as employee_id,
          coalesce(
            (select nullif(btrim(t.party), '') from transactions t
              where t.journal_entry_id = e.id and e.source_type in ('transaction', 'receivable', 'payable') limit 1),
            (select nullif(btrim(t.party), '') from settlements s join transactions t on t.id = s.transaction_id
              where s.journal_entry_id = e.id limit 1),
            (select nullif(btrim(r.party), '') from tax_records r where r.journal_entry_id = e.id limit 1)
          ) as party_name
        from journal_lines l join journal_entries e on e.id = l.journal_entry_id
        where l.account_id = ${account.id} and l.posted
          and num_nonnulls(l.customer_id, l.supplier_id, l.employee_id) = 0
        order by e.entry_date, e.created_at, e.id, l.line_no, l.id`,
  );
  let named = 0;
  let unidentified = 0;
  let complete = true;
  let placeholder: PartyRef | null = null;
  const fits = (party: PartyRef) => account.kind === "any" || party.kind === account.kind;
  const unidentifiedParty = async (): Promise<PartyRef | null> => {
    if (account.kind === "employee") return null;
    placeholder ??= await partyNamed(
      tx,
      MIGRATION_ACTOR,
      account.kind === "customer" ? "customer" : "supplier",
      UNIDENTIFIED_PARTY,
    );
    return placeholder;
  };
  const name = async (line: UnnamedLine, party: PartyRef | null) => {
    if (party && fits(party)) {
      await setParty(tx, line.id, party);
      named++;
      return;
    }
    const fallback = await unidentifiedParty();
    if (!fallback) {
      complete = false;
      return;
    }
    await setParty(tx, line.id, fallback);
    named++;
    unidentified++;
  };
  const split = async (line: UnnamedLine, parts: Part[]) => {
    const total = (p: Part[]) => p.reduce((sum, part) => sum + part.debit - part.credit, 0n);
    const want = toPaisa(line.debit) - toPaisa(line.credit);
    const usable = parts.filter((p) => fits(p.party));
    if (usable.length === 0 || total(usable) !== want) return name(line, null);
    if (usable.length === 1) return name(line, usable[0]!.party);
    await tx.execute(sql`delete from journal_lines where id = ${line.id}`);
    for (const part of usable)
      await tx.execute(sql`insert into journal_lines (journal_entry_id, account_id, debit, credit, description, line_no,
          customer_id, supplier_id, employee_id)
        values (${line.journal_entry_id}, ${account.id}, ${fromPaisa(part.debit)}, ${fromPaisa(part.credit)},
          ${(part.description ?? line.description ?? "").slice(0, 500)}, ${line.line_no},
          ${partyColumns(part.party).customerId}, ${partyColumns(part.party).supplierId}, ${partyColumns(part.party).employeeId})`);
    named += usable.length;
  };

  const deferred: UnnamedLine[] = [];
  for (const line of lines) {
    if (["payroll_run", "vat_close", "tax_deposit", "reversal"].includes(line.source_type)) {
      deferred.push(line);
      continue;
    }
    if (line.customer_id) await name(line, { kind: "customer", id: await liveCustomer(tx, line.customer_id) });
    else if (line.employee_id) await name(line, { kind: "employee", id: line.employee_id });
    else if (line.party_name) await name(line, await partyNamedFor(tx, MIGRATION_ACTOR, account.kind, line.party_name));
    else await name(line, null);
  }
  // Entries whose parties are read from other lines: in date order, so a deposit sees what was withheld before it
  // and a reversal the entry it reverses.
  for (const line of deferred) {
    const side = (amount: bigint) => ({
      debit: toPaisa(line.debit) > 0n ? amount : 0n,
      credit: toPaisa(line.credit) > 0n ? amount : 0n,
    });
    if (line.source_type === "payroll_run") {
      const figure = (await accountRole(tx, account.id, "payroll.salaries_payable")) ? "net" : "income_tax";
      const slips = await queryRows<{ employee_id: string; employee_name: string; amount: string }>(
        tx,
        sql`select employee_id, employee_name, ${sql.raw(figure)}::text as amount from payslips
            where payroll_run_id = ${line.source_id} and ${sql.raw(figure)} > 0 order by employee_name, employee_id`,
      );
      const own = slips.find(
        (s) =>
          line.description?.endsWith(`: ${s.employee_name}`) &&
          toPaisa(s.amount) === toPaisa(line.debit) + toPaisa(line.credit),
      );
      if (own) await name(line, { kind: "employee", id: own.employee_id });
      else
        await split(
          line,
          slips.map((s) => ({
            ...side(toPaisa(s.amount)),
            party: { kind: "employee", id: s.employee_id },
            description: `${line.description ?? ""}: ${s.employee_name}`,
          })),
        );
    } else if (line.source_type === "vat_close") {
      const [period] = await queryRows<{ start: string; end: string }>(
        tx,
        sql`select period_start::text as start, period_end::text as end from vat_periods where id = ${line.source_id}`,
      );
      const shares = period ? await vdsCreditByCustomer(tx, period, account.id) : [];
      await split(
        line,
        shares.flatMap((s) =>
          s.customerId ? [{ ...side(s.amount), party: { kind: "customer" as const, id: s.customerId } }] : [],
        ),
      );
    } else if (line.source_type === "tax_deposit") {
      let left = toPaisa(line.debit);
      const parts: Part[] = [];
      for (const { party, balance } of await partyBalancesOn(tx, account.id, line.entry_date)) {
        if (balance >= 0n || left === 0n) continue;
        const share = left < -balance ? left : -balance;
        parts.push({ debit: share, credit: 0n, party });
        left -= share;
      }
      if (left > 0n) {
        const fallback = await unidentifiedParty();
        if (fallback) parts.push({ debit: left, credit: 0n, party: fallback });
        if (fallback) unidentified++;
      }
      await split(line, parts);
    } else {
      const mirrored = await queryRows<{
        debit: string;
        credit: string;
        customer_id: string | null;
        supplier_id: string | null;
        employee_id: string | null;
        description: string | null;
      }>(
        tx,
        sql`select debit::text, credit::text, customer_id, supplier_id, employee_id, description from journal_lines
            where journal_entry_id = ${line.source_id} and account_id = ${account.id} order by line_no, id`,
      );
      const parts: Part[] = mirrored.flatMap((m) => {
        const party = m.customer_id
          ? ({ kind: "customer", id: m.customer_id } as const)
          : m.supplier_id
            ? ({ kind: "supplier", id: m.supplier_id } as const)
            : m.employee_id
              ? ({ kind: "employee", id: m.employee_id } as const)
              : null;
        return party ? [{ debit: toPaisa(m.credit), credit: toPaisa(m.debit), party, description: m.description }] : [];
      });
      // A reversal mirrors its entry line for line (mirrorLines): its n-th line on the account is the n-th's mirror.
      const siblings = lines.filter((l) => l.journal_entry_id === line.journal_entry_id);
      const pair =
        siblings.length === mirrored.length && parts.length === mirrored.length
          ? parts[siblings.indexOf(line)]
          : undefined;
      if (siblings.length > 1 && pair) await split(line, [pair]);
      else await split(line, parts);
    }
  }
  return { named, unidentified, complete };
}

async function accountRole(tx: DbOrTx, accountId: string, role: string): Promise<boolean> {
  const rows = await queryRows<{ role: string }>(
    tx,
    sql`select role from account_roles where account_id = ${accountId} and role = ${role}`,
  );
  return rows.length > 0;
}

async function setParty(tx: DbOrTx, lineId: string, party: PartyRef): Promise<void> {
  const columns = partyColumns(party);
  await tx.execute(sql`update journal_lines set customer_id = ${columns.customerId}, supplier_id = ${columns.supplierId},
      employee_id = ${columns.employeeId} where id = ${lineId}`);
}
