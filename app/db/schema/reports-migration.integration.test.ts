// Migration 0012 (issue 24) on an install seeded before it: the seeded chart's long-lived assets (1500-1530, 1600)
// are placed in investing and the bank loan (2400) in financing, every other account keeps its type's default; the
// retained earnings role lands on 3100; fiscal years start in July; and the trigger journal_entries_closed_year
// refuses a posted entry dated inside a closed fiscal year (constraint journal_entry_closed_year), unless it is the
// close's own entry, a draft, or the year is reopened. The migrations after it run too, as on an upgrade. A fresh
// install gets the same from the seed (seed.integration.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { ACCOUNT_ROLES, ACCOUNT_ROLE_KEYS } from "~/domain/accounting/account-roles";
import { appRoot } from "~/lib/app-root.server";
import { chartOfAccountsSeed } from "../seed/accounting";
import { seedId } from "../seed/ids";

const MIGRATION = "0012_reports_and_year_end.sql";
const folder = path.join(appRoot(), "drizzle");
const CASH = seedId("account:1000");
const RENTAL = seedId("account:4000");

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;

/** Posts a balanced two-line entry of `amount` taka (Dr cash, Cr rental) in one transaction; the refusing constraint, or null. */
async function postRaw(date: string, options: { source?: string; status?: string } = {}): Promise<string | null> {
  const { source = "manual", status = "posted" } = options;
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into journal_entries (entry_date, description, status, source_type, total, posted_at)
         values ($1, 'raw', $2, $3, $4, $5) returning id`,
        [date, status, source, status === "posted" ? "10.00" : null, status === "posted" ? new Date() : null],
      );
      const id = rows[0]!.id;
      await tx.query(
        `insert into journal_lines (journal_entry_id, account_id, debit, credit, line_no)
         values ($1, $2, 10, 0, 0), ($1, $3, 0, 10, 1)`,
        [id, CASH, RENTAL],
      );
    });
    return null;
  } catch (error) {
    return violatedConstraint(error);
  }
}

beforeAll(async () => {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files.filter((f) => f < MIGRATION)) await apply(db, file);
  // The chart and the roles as the seed wrote them before this migration: no cash flow sections, no retained earnings
  // role.
  for (const a of chartOfAccountsSeed)
    await db.query(
      "insert into chart_of_accounts (id, code, name, type, payment_method) values ($1, $2, $3, $4, $5) on conflict (code) do update set payment_method = excluded.payment_method",
      [a.id, a.code, a.name, a.type, a.paymentMethod ?? null],
    );
  await db.query("delete from account_roles");
  for (const role of ACCOUNT_ROLE_KEYS.filter((r) => r !== "equity.retained_earnings"))
    await db.query(
      "insert into account_roles (role, account_id) select $1, id from chart_of_accounts where code = $2",
      [role, ACCOUNT_ROLES[role].seedCode],
    );
  for (const file of files.filter((f) => f >= MIGRATION)) await apply(db, file);
}, 120_000);
afterAll(() => db?.close());

describe(`migration ${MIGRATION} on an install seeded before it`, () => {
  it("places the long-lived assets in investing and the bank loan in financing, the rest (accumulated depreciation too, migration 0019) at their type's default", async () => {
    const { rows } = await db.query<{ code: string; cash_flow_activity: string }>(
      "select code, cash_flow_activity from chart_of_accounts where cash_flow_activity is not null order by code",
    );
    expect(rows).toEqual([
      { code: "1500", cash_flow_activity: "investing" },
      { code: "1520", cash_flow_activity: "investing" },
      { code: "1530", cash_flow_activity: "investing" },
      { code: "1600", cash_flow_activity: "investing" },
      { code: "2400", cash_flow_activity: "financing" },
    ]);
    // As a fresh install's seed says.
    expect(rows).toEqual(
      chartOfAccountsSeed
        .filter((a) => a.cashFlowActivity)
        .map((a) => ({ code: a.code, cash_flow_activity: a.cashFlowActivity })),
    );
  });

  it("puts the retained earnings role on 3100, every other role where it was, and fiscal years start in July", async () => {
    const { rows } = await db.query<{ role: string; code: string }>(
      "select r.role, a.code from account_roles r join chart_of_accounts a on a.id = r.account_id order by r.role",
    );
    expect(rows).toEqual([...ACCOUNT_ROLE_KEYS].sort().map((role) => ({ role, code: ACCOUNT_ROLES[role].seedCode })));
    expect(rows.find((r) => r.role === "equity.retained_earnings")).toEqual({
      role: "equity.retained_earnings",
      code: "3100",
    });
    const settings = await db.query("select fiscal_year_start_month from accounting_settings");
    expect(settings.rows).toEqual([{ fiscal_year_start_month: 7 }]);
  });

  it("refuses a cash flow section on income and cash accounts (chart_of_accounts_cash_flow_activity_check)", async () => {
    for (const code of ["4000", "1100"]) {
      const refused = await db
        .query("update chart_of_accounts set cash_flow_activity = 'operating' where code = $1", [code])
        .then(
          () => null,
          (error: unknown) => violatedConstraint(error),
        );
      expect(refused).toBe("chart_of_accounts_cash_flow_activity_check");
    }
  });

  it("refuses a posting dated in a closed fiscal year (journal_entry_closed_year), and takes it once reopened", async () => {
    expect(await postRaw("2025-01-15")).toBeNull();
    // FY 2024-25 closed: its closing entry (source year_end_close) is posted on its last day, then the row written.
    expect(await postRaw("2025-06-30", { source: "year_end_close" })).toBeNull();
    const { rows } = await db.query<{ id: string }>(
      "select id from journal_entries where source_type = 'year_end_close'",
    );
    await db.query(
      `insert into year_end_closes (fiscal_year, period_start, period_end, result, closing_entry_id)
       values (2024, '2024-07-01', '2025-06-30', 10, $1)`,
      [rows[0]!.id],
    );
    expect(await postRaw("2024-07-01")).toBe("journal_entry_closed_year");
    expect(await postRaw("2025-06-30")).toBe("journal_entry_closed_year");
    // The year's own close entries, drafts and the days around it are not refused.
    expect(await postRaw("2025-06-30", { source: "year_end_close" })).toBeNull();
    expect(await postRaw("2025-03-01", { status: "draft" })).toBeNull();
    expect(await postRaw("2024-06-30")).toBeNull();
    expect(await postRaw("2025-07-01")).toBeNull();
    // Posting a draft dated in the closed year is refused too.
    const draft = await db.query<{ id: string }>(
      "select id from journal_entries where status = 'draft' and entry_date = '2025-03-01'",
    );
    const posting = await db
      .query("update journal_entries set status = 'posted', total = 10, posted_at = now() where id = $1", [
        draft.rows[0]!.id,
      ])
      .then(
        () => null,
        (error: unknown) => violatedConstraint(error),
      );
    expect(posting).toBe("journal_entry_closed_year");

    await db.query(`update year_end_closes set reopened_at = now(), reopen_entry_id = $1, reopen_reason = 'test'`, [
      rows[0]!.id,
    ]);
    expect(await postRaw("2025-01-16")).toBeNull();
  });

  it("keeps a reopened close whole: reopen fields all set or none (year_end_closes_reopen_check)", async () => {
    const refused = await db.query("update year_end_closes set reopen_reason = null").then(
      () => null,
      (error: unknown) => violatedConstraint(error),
    );
    expect(refused).toBe("year_end_closes_reopen_check");
  });
});
