// Migration 0009 (issue 21) on an install seeded before the ledger: the chart it had gains the accounts the roles
// need, every role of the posting functions lands on its account, cash, bank and wallet accounts are marked, and the
// books start open (no lock date). The migrations after it run too, as on an upgrade. A fresh install gets the same from the seed (seed.integration.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "~/db/client.server";
import { ACCOUNT_ROLES, ACCOUNT_ROLE_KEYS } from "~/domain/accounting/account-roles";
import { appRoot } from "~/lib/app-root.server";
import { chartOfAccountsSeed } from "../seed/accounting";

const MIGRATION = "0009_ledger.sql";
const folder = path.join(appRoot(), "drizzle");
/** The accounts the chart did not have before this migration. */
const ADDED = ["1420", "4500", "4800"];

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const earlier = readdirSync(folder)
    .filter((f) => f.endsWith(".sql") && f < MIGRATION)
    .sort();
  for (const file of earlier) await apply(db, file);
  // The chart as the seed wrote it before: without the three accounts, without payment methods.
  for (const a of chartOfAccountsSeed.filter((a) => !ADDED.includes(a.code)))
    await db.query("insert into chart_of_accounts (id, code, name, type) values ($1, $2, $3, $4)", [
      a.id,
      a.code,
      a.name,
      a.type,
    ]);
  // This migration and the ones after it, as an upgrade runs them (0012 adds the retained earnings role).
  const rest = readdirSync(folder)
    .filter((f) => f.endsWith(".sql") && f >= MIGRATION)
    .sort();
  for (const file of rest) await apply(db, file);
}, 120_000);
afterAll(() => db?.close());

describe(`migration ${MIGRATION} on an install seeded before the ledger`, () => {
  it("adds the accounts the roles need and puts every role on the account the seed gives it", async () => {
    const { rows } = await db.query<{ role: string; code: string }>(
      "select r.role, a.code from account_roles r join chart_of_accounts a on a.id = r.account_id order by r.role",
    );
    expect(rows).toEqual([...ACCOUNT_ROLE_KEYS].sort().map((role) => ({ role, code: ACCOUNT_ROLES[role].seedCode })));
  });

  it("marks the cash, bank and wallet accounts as the seed does, and leaves the books open", async () => {
    const { rows } = await db.query<{ code: string; payment_method: string }>(
      "select code, payment_method from chart_of_accounts where payment_method is not null order by code",
    );
    expect(rows).toEqual(
      chartOfAccountsSeed
        .filter((a) => a.paymentMethod)
        .map((a) => ({ code: a.code, payment_method: a.paymentMethod })),
    );
    const settings = await db.query("select lock_date from accounting_settings");
    expect(settings.rows).toEqual([{ lock_date: null }]);
  });
});
