import { verifyPassword } from "better-auth/crypto";
import { asc, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/domain/catalogue/constants";
import { GALLERY_CATEGORIES } from "~/domain/content/constants";
import { createPasswordUser } from "~/domain/auth/users.server";
import { getDb, queryRows } from "../client.server";
import {
  accounts,
  chartOfAccounts,
  companySettings,
  employees,
  events,
  galleryItems,
  heroImages,
  incomeTaxSlabTables,
  incomeTaxSlabs,
  inventoryItems,
  logos,
  teams,
  users,
} from "../schema";
import { seedId } from "./ids";
import { todayInDhaka } from "~/lib/dhaka-time";
import { adminCredentialLines } from "../setup.server";
import { DEFAULT_ADMIN_EMAIL, isDatabaseEmpty, seedDatabase } from "./seed.server";

const shiftYear = (isoDate: string, years: number) => `${Number(isoDate.slice(0, 4)) + years}${isoDate.slice(4)}`;
const plusOneYear = (isoDate: string) => shiftYear(isoDate, 1);
const minusOneYear = (isoDate: string) => shiftYear(isoDate, -1);

describe("seedDatabase", () => {
  it("refuses to half-seed: a failure part way leaves the database as it was", async () => {
    const db = getDb();
    // A customer already holding the admin's e-mail makes creating the admin fail after everything else.
    await createPasswordUser(db, {
      name: "Someone",
      email: DEFAULT_ADMIN_EMAIL,
      password: "password123",
      role: "customer",
    });
    await expect(seedDatabase(db)).rejects.toThrow();
    expect(await isDatabaseEmpty(db)).toBe(true);
    const [{ n }] = (await db.select({ n: count() }).from(inventoryItems)) as [{ n: number }];
    expect(n).toBe(0);
    await db.delete(users);
  });

  it("loads every area of the seed into an empty database and creates the admin", async () => {
    const db = getDb();
    expect(await isDatabaseEmpty(db)).toBe(true);
    const result = await seedDatabase(db, {});
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(result.admin?.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(result.admin?.generatedPassword).toMatch(/^[A-Za-z2-9]{16}$/);

    const [admin] = await db.select().from(users).where(eq(users.role, "admin"));
    expect(admin).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, mustChangePassword: true });
    const [credential] = await db.select().from(accounts).where(eq(accounts.userId, admin!.id));
    expect(credential!.providerId).toBe("credential");
    expect(await verifyPassword({ hash: credential!.password!, password: result.admin!.generatedPassword! })).toBe(
      true,
    );
    const [manager] = await db.select().from(employees).where(eq(employees.userId, admin!.id));
    expect(manager?.name).toBe("Tanvir Rahman");
    // The seed says which employee the first administrator is, and the first start prints it.
    expect(result.admin?.employee).toEqual({ name: "Tanvir Rahman", position: "Manager", department: "Operations" });
    expect(adminCredentialLines(result.admin!, "http://localhost:3000")).toContain(
      "  Employee:   Tanvir Rahman, Operations Manager (leave and tasks act as this person)",
    );
  });

  it("has the six products of the spec with their prices, units and variations", async () => {
    const rows = await getDb().select().from(inventoryItems).orderBy(asc(inventoryItems.sortOrder)).limit(6);
    expect(rows.map((r) => [r.slug, r.price, r.priceUnit, r.source, r.status])).toEqual([
      ["led-wall-p3", "5000.00", "sqm/day", "in-house", "available"],
      ["moving-head-beam", "1500.00", "unit/day", "in-house", "available"],
      ["line-array-sound", "10000.00", "set/day", "in-house", "available"],
      ["photo-booth-360", "25000.00", "event", "in-house", "available"],
      ["stage-truss-system", "800.00", "meter/day", "in-house", "available"],
      ["luxury-sofa-set", "5000.00", "set/day", "in-house", "available"],
    ]);
    expect(rows[0]!.variations.map((v) => v.name)).toEqual(["8×4 meters", "12×6 meters"]);
    for (const row of rows) {
      expect(row.description.length).toBeGreaterThan(80);
      expect(row.tags.length).toBeGreaterThan(0);
      expect(row.quantity).toBeGreaterThan(0);
      expect(row.imageUrls.length).toBeGreaterThanOrEqual(1);
    }
  });

  it("puts at least one item in every one of the 14 categories", async () => {
    const rows = await getDb()
      .select({ category: inventoryItems.category, n: count() })
      .from(inventoryItems)
      .groupBy(inventoryItems.category);
    expect(rows.map((r) => r.category).sort()).toEqual(CATEGORIES.map((c) => c.id).sort());
  });

  it("has the five events of the spec: three upcoming after today and two completed before, month and day kept", async () => {
    const today = todayInDhaka();
    const rows = await getDb().select().from(events).orderBy(asc(events.slug));
    expect(rows.map((r) => [r.slug, r.date.slice(5), r.status])).toEqual([
      ["annual-tech-summit-2024", "12-15", "upcoming"],
      ["corporate-gala-night", "11-12", "completed"],
      ["music-festival-coxs-bazar", "07-10", "upcoming"],
      ["product-launch-smartphone", "10-28", "completed"],
      ["wedding-expo-dhaka", "08-25", "upcoming"],
    ]);
    for (const row of rows) {
      if (row.status === "upcoming") expect(row.date > today && row.date <= plusOneYear(today)).toBe(true);
      else expect(row.date < today && row.date >= minusOneYear(today)).toBe(true);
    }
  });

  it("dates the sample events around the day it is given: the spec's own dates for a start on 1 January 2024", async () => {
    const db = getDb();
    await db.delete(events);
    await seedDatabase(db, { today: "2024-01-01" });
    const rows = await db.select().from(events).orderBy(asc(events.date));
    expect(rows.map((r) => [r.date, r.status])).toEqual([
      ["2023-10-28", "completed"],
      ["2023-11-12", "completed"],
      ["2024-07-10", "upcoming"],
      ["2024-08-25", "upcoming"],
      ["2024-12-15", "upcoming"],
    ]);
  });

  it("has one gallery item per gallery category, 4 hero images, 2 logos and the company settings", async () => {
    const db = getDb();
    const gallery = await db.select().from(galleryItems);
    expect(gallery.map((g) => g.category).sort()).toEqual(GALLERY_CATEGORIES.map((c) => c.id).sort());
    expect(await db.$count(heroImages)).toBe(4);
    expect(await db.$count(logos)).toBe(2);
    const [company] = await db.select().from(companySettings);
    expect(company!.address).toContain("Dhaka");
    expect(company!.phones).toHaveLength(2);
    expect(company!.emails).toHaveLength(2);
    expect(company!.businessHours).toEqual([
      { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
      { days: "Saturday", hours: "10:00 AM - 4:00 PM" },
      { days: "Sunday", hours: "Closed" },
    ]);
  });

  it("has a chart of accounts covering what a Bangladeshi rental company books", async () => {
    const rows = await getDb().select().from(chartOfAccounts);
    const names = rows.map((r) => r.name).join(" | ");
    for (const needed of [
      "Cash",
      "Bank",
      "Mobile Banking",
      "Accounts Receivable",
      "Accounts Payable",
      "VAT Payable",
      "Income Tax Payable",
      "Provident Fund",
      "Capital",
      "Rental Income",
      "Service Income",
      "Salaries",
    ]) {
      expect(names).toContain(needed);
    }
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(["asset", "liability", "equity", "income", "expense"]));
    // The spec's table is the one in force from the start; the Finance Acts' tables wait as presets.
    const tables = await getDb().select().from(incomeTaxSlabTables).orderBy(asc(incomeTaxSlabTables.name));
    expect(tables.map((t) => [t.name, t.inForceFrom])).toEqual([
      ["Assessment year 2024-25", null],
      ["Assessment year 2025-26", null],
      ["Assessment year 2026-27", null],
      ["Company payroll table", "2000-01-01"],
    ]);
    const specTable = tables.find((t) => t.inForceFrom !== null)!;
    const slabs = await getDb()
      .select()
      .from(incomeTaxSlabs)
      .where(eq(incomeTaxSlabs.tableId, specTable.id))
      .orderBy(asc(incomeTaxSlabs.position));
    expect(slabs.map((s) => [s.bandAmount, s.rate])).toEqual([
      ["300000.00", "0.00"],
      ["100000.00", "5.00"],
      ["300000.00", "10.00"],
      ["400000.00", "15.00"],
      ["500000.00", "20.00"],
      [null, "25.00"],
    ]);
  });

  it("is idempotent and never overwrites what an admin changed", async () => {
    const db = getDb();
    await db.update(inventoryItems).set({ price: "5500" }).where(eq(inventoryItems.slug, "led-wall-p3"));
    await db.delete(teams).where(eq(teams.id, seedId("team:client-service")));
    const before = await queryRows(
      db,
      sql`select (select count(*) from inventory_items) as items, (select count(*) from users) as users`,
    );
    const again = await seedDatabase(db, {});
    expect(again.admin).toBeUndefined();
    // Only the deleted team (and its members) come back.
    expect(Object.entries(again.inserted).filter(([, n]) => n > 0)).toEqual([
      ["teams", 1],
      ["team_members", 2],
    ]);
    const after = await queryRows(
      db,
      sql`select (select count(*) from inventory_items) as items, (select count(*) from users) as users`,
    );
    expect(after).toEqual(before);
    const [wall] = await db.select().from(inventoryItems).where(eq(inventoryItems.slug, "led-wall-p3"));
    expect(wall!.price).toBe("5500.00");
  });
});

describe("seedDatabase with ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("uses the given admin credentials and prints no password", async () => {
    const db = getDb();
    await db.delete(accounts);
    await db.delete(users);
    const result = await seedDatabase(db, { adminEmail: "Owner@Example.com", adminPassword: "correct horse battery" });
    expect(result.admin).toEqual({
      email: "owner@example.com",
      generatedPassword: undefined,
      employee: { name: "Tanvir Rahman", position: "Manager", department: "Operations" },
    });
    const [admin] = await db.select().from(users).where(eq(users.role, "admin"));
    expect(admin).toMatchObject({ email: "owner@example.com", mustChangePassword: false });
    const [credential] = await db.select().from(accounts).where(eq(accounts.userId, admin!.id));
    expect(await verifyPassword({ hash: credential!.password!, password: "correct horse battery" })).toBe(true);
  });
});
