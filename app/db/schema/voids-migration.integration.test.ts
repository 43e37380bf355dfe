// Migration 0016 (issue 36) on an install from before it: a settlement whose entry the General Ledger had reversed
// becomes voided with that reversal, its author, its time and the reason "Reversed in the General Ledger"; a
// settlement that stands stays as it was. The void columns are then all set or all null, on settlements, customer
// payments, tax deposits and tax records (each table's check refuses half a void), and a reversed deposit's challan
// number may be recorded again. The migrations after it run too, as on an upgrade.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { REVERSED_IN_LEDGER } from "~/domain/accounting/reverse-entry.server";
import { appRoot } from "~/lib/app-root.server";

const MIGRATION = "0016_voids.sql";
const folder = path.join(appRoot(), "drizzle");
const ids = {
  bank: "00000000-0000-4000-8000-000000000b01",
  fuel: "00000000-0000-4000-8000-000000000b02",
  user: "00000000-0000-4000-8000-000000000c01",
  bill: "00000000-0000-4000-8000-000000000d01",
  reversedSettlement: "00000000-0000-4000-8000-000000000e01",
  standingSettlement: "00000000-0000-4000-8000-000000000e02",
};

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;
let reversalId: string;
let paidEntries: string[];

/** A posted entry Dr `debit` / Cr `credit` of 100, by `user`; its id. */
async function posted(debit: string, credit: string, reversesId: string | null = null): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into journal_entries (entry_date, description, status, source_type, total, posted_at, reverses_id, created_by)
       values ('2025-09-05', 'raw', 'posted', $1, 100, now(), $2, $3) returning id`,
      [reversesId ? "reversal" : "settlement", reversesId, ids.user],
    );
    await tx.query(
      `insert into journal_lines (journal_entry_id, account_id, debit, credit, line_no)
       values ($1, $2, 100, 0, 0), ($1, $3, 0, 100, 1)`,
      [rows[0]!.id, debit, credit],
    );
    return rows[0]!.id;
  });
}

beforeAll(async () => {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files.filter((f) => f < MIGRATION)) await apply(db, file);
  await db.query(
    "insert into users (id, name, email, role) values ($1, 'Old Accountant', 'old@example.com', 'accountant')",
    [ids.user],
  );
  await db.query(
    `insert into chart_of_accounts (id, code, name, type, payment_method) values
       ($1, '9100', 'Test Bank', 'asset', 'bank'), ($2, '9600', 'Test Fuel', 'expense', null)`,
    [ids.bank, ids.fuel],
  );
  await db.query(
    `insert into transactions (id, date, type, category, amount, status, account_id, settled_amount)
     values ($1, '2025-09-01', 'expense', 'Transportation', 200, 'pending', $2, 100)`,
    [ids.bill, ids.fuel],
  );
  paidEntries = [await posted(ids.fuel, ids.bank), await posted(ids.fuel, ids.bank)];
  reversalId = await posted(ids.bank, ids.fuel, paidEntries[0]);
  await db.query(
    `insert into settlements (id, transaction_id, date, amount, payment_method, money_account_id, journal_entry_id,
                              reversed_at)
     values ($1, $3, '2025-09-05', 100, 'bank', $4, $5, '2025-09-06T04:00:00Z'),
            ($2, $3, '2025-09-05', 100, 'bank', $4, $6, null)`,
    [ids.reversedSettlement, ids.standingSettlement, ids.bill, ids.bank, paidEntries[0], paidEntries[1]],
  );
  for (const file of files.filter((f) => f >= MIGRATION)) await apply(db, file);
}, 120_000);
afterAll(() => db?.close());

describe(`migration ${MIGRATION} on an install from before it`, () => {
  it("voids a settlement the General Ledger had reversed with that reversal, and leaves a standing one alone", async () => {
    const { rows } = await db.query<{
      id: string;
      void_entry_id: string | null;
      void_reason: string | null;
      voided_by: string | null;
      voided_at: Date | null;
      reversed_at: Date | null;
    }>("select id, void_entry_id, void_reason, voided_by, voided_at, reversed_at from settlements order by id");
    expect(rows).toEqual([
      {
        id: ids.reversedSettlement,
        void_entry_id: reversalId,
        void_reason: REVERSED_IN_LEDGER,
        voided_by: ids.user,
        voided_at: new Date("2025-09-06T04:00:00Z"),
        reversed_at: new Date("2025-09-06T04:00:00Z"),
      },
      {
        id: ids.standingSettlement,
        void_entry_id: null,
        void_reason: null,
        voided_by: null,
        voided_at: null,
        reversed_at: null,
      },
    ]);
  });

  it("refuses half a void on each table, by its check", async () => {
    const refused = async (statement: string, params: unknown[]) => {
      try {
        await db.query(statement, params);
        return null;
      } catch (error) {
        return violatedConstraint(error);
      }
    };
    expect(await refused("update settlements set reversed_at = now() where id = $1", [ids.standingSettlement])).toBe(
      "settlements_void_check",
    );
    expect(
      await refused("update settlements set void_reason = 'why', voided_at = now() where id = $1", [
        ids.standingSettlement,
      ]),
    ).toBe("settlements_void_check");
    const { rows } = await db.query<{ id: string }>(
      `insert into tax_deposits (kind, challan_no, date, amount, money_account_id, journal_entry_id)
       values ('vat', 'TR-OLD', '2025-09-05', 100, $1, $2) returning id`,
      [ids.bank, paidEntries[1]],
    );
    const deposit = rows[0]!.id;
    expect(
      await refused("update tax_deposits set reversal_reason = 'why', reversed_at = now() where id = $1", [deposit]),
    ).toBe("tax_deposits_reversal_check");
    expect(
      await refused(
        `insert into tax_deposits (kind, challan_no, date, amount, money_account_id, journal_entry_id)
         values ('vat', 'TR-OLD', '2025-09-06', 100, $1, $2)`,
        [ids.bank, paidEntries[1]],
      ),
    ).toBe("tax_deposits_challan_unique");
    // Reversed, its number is free again.
    await db.query(
      "update tax_deposits set reversal_reason = 'why', reversed_at = now(), reversal_entry_id = $2 where id = $1",
      [deposit, reversalId],
    );
    expect(
      await refused(
        `insert into tax_deposits (kind, challan_no, date, amount, money_account_id, journal_entry_id)
         values ('vat', 'TR-OLD', '2025-09-06', 100, $1, $2)`,
        [ids.bank, paidEntries[1]],
      ),
    ).toBeNull();
    expect(
      await refused(
        `insert into tax_records (transaction_date, account_id, tax_type, kind, tax_rate, taxable_amount, tax_amount,
                                  source_type, journal_entry_id, reversed_at, reversal_reason)
         values ('2025-09-05', $1, 'vat', 'output_vat', 15, 100, 15, 'manual', $2, now(), 'why')`,
        [ids.bank, paidEntries[1]],
      ),
    ).toBe("tax_records_reversal_check");
    expect(
      await refused(
        `insert into tax_records (transaction_date, account_id, tax_type, kind, tax_rate, taxable_amount, tax_amount,
                                  source_type, reversed_at, reversal_reason)
         values ('2025-09-05', $1, 'vat', 'output_vat', 0, 100, 0, 'manual', now(), 'why')`,
        [ids.bank],
      ),
    ).toBeNull();
    expect(
      await refused(
        `insert into tax_records (transaction_date, account_id, tax_type, kind, tax_rate, taxable_amount, tax_amount,
                                  source_type, source_id, reversed_at, reversal_reason)
         values ('2025-09-05', $1, 'vat', 'output_vat', 0, 100, 0, 'invoice', $2, now(), 'why')`,
        [ids.bank, ids.bill],
      ),
    ).toBe("tax_records_reversal_check");
    const customer = await db.query<{ id: string }>(
      "insert into customers (name) values ('Old Customer') returning id",
    );
    expect(
      await refused(
        `insert into customer_payments (customer_id, date, method, money_account_id, received, total, journal_entry_id,
                                        void_entry_id, voided_at, void_reason)
         values ($1, '2025-09-05', 'cash', $2, 100, 100, $3, $4, now(), 'bounced')`,
        [customer.rows[0]!.id, ids.bank, paidEntries[1], reversalId],
      ),
    ).toBe("customer_payments_void_check");
  });
});
