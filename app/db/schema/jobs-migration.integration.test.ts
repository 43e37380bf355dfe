// Migration 0014 (issue 26) on an install from before it: each approved quotation whose rental has not ended gets the
// job approving it would have opened (its contact, event and period; a line per quotation line with an item, a
// package's parts as lines under it, packages × units per package); an approved quotation already over, and one not
// approved, get none. The migrations after it run too, as on an upgrade.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "~/db/client.server";
import { appRoot } from "~/lib/app-root.server";
import { dhakaDatePlus } from "../../../tests/support/dates";

const MIGRATION = "0014_jobs.sql";
const folder = path.join(appRoot(), "drizzle");

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite;
const ids = {
  wall: "00000000-0000-4000-8000-000000000001",
  lamp: "00000000-0000-4000-8000-000000000002",
  kit: "00000000-0000-4000-8000-000000000003",
  coming: "00000000-0000-4000-8000-0000000000a1",
  ended: "00000000-0000-4000-8000-0000000000a2",
  pending: "00000000-0000-4000-8000-0000000000a3",
  lastDay: "00000000-0000-4000-8000-0000000000a4",
};
// PGlite's current_date is the machine's (UTC) day; the Dhaka day is the same or one later, so whole days apart.
const FUTURE = dhakaDatePlus(20);
const PAST = dhakaDatePlus(-20);

beforeAll(async () => {
  db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files.filter((f) => f < MIGRATION)) await apply(db, file);
  await db.query(
    `insert into inventory_items (id, slug, name, category, quantity) values
       ($1, 'wall', 'LED Wall', 'lighting', 10), ($2, 'lamp', 'Lamp', 'lighting', 20), ($3, 'kit', 'Light Kit', 'lighting', 5)`,
    [ids.wall, ids.lamp, ids.kit],
  );
  await db.query(
    "insert into inventory_package_parts (package_item_id, part_item_id, quantity, position) values ($1, $2, 4, 0)",
    [ids.kit, ids.lamp],
  );
  const quotation = (id: string, status: string, eventDate: string, rentalEnd: string | null) =>
    db.query(
      `insert into quotations (id, customer_name, email, phone, event_name, event_date, rental_end_date, event_time,
                               event_location, status, notes)
       values ($1, 'Buyer', 'buyer@example.com', '01700000000', 'Fair ' || $2, $3, $4, '18:00', 'Dhaka', $2, 'Gate 2')`,
      [id, status, eventDate, rentalEnd],
    );
  await quotation(ids.coming, "approved", FUTURE, dhakaDatePlus(22));
  await quotation(ids.ended, "approved", PAST, dhakaDatePlus(-18));
  await quotation(ids.pending, "pending", FUTURE, null);
  // Started before today but its rental runs on: still out there, so it gets its job.
  await quotation(ids.lastDay, "approved", PAST, dhakaDatePlus(5));
  const line = (q: string, item: string | null, quantity: number, lineNo: number) =>
    db.query(
      `insert into quotation_lines (quotation_id, inventory_item_id, name, quantity, unit_price, total, line_no)
       values ($1, $2, 'line', $3, 10, $3 * 10, $4)`,
      [q, item, quantity, lineNo],
    );
  await line(ids.coming, ids.wall, 3, 0);
  await line(ids.coming, ids.kit, 2, 1);
  // A line whose item was deleted: nothing to pick, left out.
  await line(ids.coming, null, 1, 2);
  await line(ids.ended, ids.wall, 1, 0);
  await line(ids.pending, ids.wall, 1, 0);
  await line(ids.lastDay, ids.lamp, 5, 0);
  for (const file of files.filter((f) => f >= MIGRATION)) await apply(db, file);
}, 120_000);
afterAll(() => db?.close());

describe(`migration ${MIGRATION} on an install from before it`, () => {
  it("opens a job for each approved quotation whose rental has not ended, none for the others", async () => {
    const { rows } = await db.query<{ quotation_id: string }>("select quotation_id from jobs order by quotation_id");
    expect(rows.map((r) => r.quotation_id)).toEqual([ids.coming, ids.lastDay]);
  });

  it("snapshots the quotation's contact, event and period, planned", async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select customer_name, phone, email, title, to_char(start_date, 'YYYY-MM-DD') as start_date,
              to_char(end_date, 'YYYY-MM-DD') as end_date, event_time, location, notes, status
       from jobs where quotation_id = $1`,
      [ids.coming],
    );
    expect(rows).toEqual([
      {
        customer_name: "Buyer",
        phone: "01700000000",
        email: "buyer@example.com",
        title: "Fair approved",
        start_date: FUTURE,
        end_date: dhakaDatePlus(22),
        event_time: "18:00:00",
        location: "Dhaka",
        notes: "Gate 2",
        status: "planned",
      },
    ]);
  });

  it("gives it a line per quotation line with an item, a package's parts under it (packages × units per package)", async () => {
    const { rows } = await db.query<{
      name: string;
      quantity: number;
      is_package: boolean;
      part_of: string | null;
      dispatched: number;
    }>(
      `select l.name, l.quantity, l.is_package, p.name as part_of, l.dispatched
       from job_lines l join jobs j on j.id = l.job_id left join job_lines p on p.id = l.package_line_id
       where j.quotation_id = $1 order by l.line_no`,
      [ids.coming],
    );
    expect(rows).toEqual([
      { name: "LED Wall", quantity: 3, is_package: false, part_of: null, dispatched: 0 },
      { name: "Light Kit", quantity: 2, is_package: true, part_of: null, dispatched: 0 },
      { name: "Lamp", quantity: 8, is_package: false, part_of: "Light Kit", dispatched: 0 },
    ]);
  });
});
