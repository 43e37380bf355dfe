// Migration 0008 (issue 20): revisions sent before the terms could be edited keep, word for word, the terms every
// quotation printed then, so their PDFs do not change; the company starts with the same terms, as five.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "~/db/client.server";
import { DEFAULT_QUOTATION_TERMS, TERMS_PRINTED_BEFORE_SETTINGS } from "~/domain/settings/quotation-terms";
import { appRoot } from "~/lib/app-root.server";

const MIGRATION = "0008_quotation_terms.sql";
const folder = path.join(appRoot(), "drizzle");

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;
const QUOTATION = "7f3a9c2e-0000-4000-8000-000000000001";

beforeAll(async () => {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const earlier = readdirSync(folder)
    .filter((f) => f.endsWith(".sql") && f < MIGRATION)
    .sort();
  for (const file of earlier) await apply(db, file);
  // A database as it stood before: the company, and a quotation sent once.
  await db.exec(`
    insert into company_settings (id, name, address, notification_email) values (1, 'Utsab', 'Dhaka', 'desk@example.com');
    insert into quotations (id, customer_name, email, phone, event_name, event_date, event_time, event_location)
      values ('${QUOTATION}', 'Rahim', 'rahim@example.com', '01700000000', 'Gala', '2027-01-15', '18:30', 'Banani');
    insert into quotation_revisions (quotation_id, revision, lines, subtotal, discount, vat_rate_percent, vat_amount,
        total, event_date, rental_end_date, valid_until, sent_by_label)
      values ('${QUOTATION}', 1, '[]', 0, 0, 15, 0, 0, '2027-01-15', '2027-01-15', now(), 'sales@example.com');
  `);
  await apply(db, MIGRATION);
}, 120_000);
afterAll(() => db?.close());

describe(`migration ${MIGRATION}`, () => {
  it("gives a revision sent before it the six terms quotations printed then, word for word", async () => {
    const { rows } = await db.query<{ terms: string[] }>("select terms from quotation_revisions");
    expect(rows).toEqual([{ terms: [...TERMS_PRINTED_BEFORE_SETTINGS] }]);
  });

  it("starts the company with the default terms", async () => {
    const { rows } = await db.query<Record<string, string>>(
      `select terms_validity as "termsValidity", terms_advance as "termsAdvance", terms_payment as "termsPayment",
         terms_cancellation as "termsCancellation", terms_damage as "termsDamage" from company_settings`,
    );
    expect(rows).toEqual([DEFAULT_QUOTATION_TERMS]);
  });

  it("leaves no default for a new revision: each states its own terms", async () => {
    await expect(
      db.exec(`insert into quotation_revisions (quotation_id, revision, lines, subtotal, discount, vat_rate_percent,
          vat_amount, total, event_date, rental_end_date, valid_until, sent_by_label)
        values ('${QUOTATION}', 2, '[]', 0, 0, 15, 0, 0, '2027-01-15', '2027-01-15', now(), 'sales@example.com')`),
    ).rejects.toMatchObject({ code: "23502", column: "terms" });
  });
});
