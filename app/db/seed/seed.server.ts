import { and, eq, isNull } from "drizzle-orm";
import { createPasswordUser, generatePassword } from "../../domain/auth/users.server";
import { todayInDhaka } from "../../lib/dhaka-time";
import type { Db } from "../client.server";
import {
  chartOfAccounts,
  companySettings,
  employees,
  events,
  galleryItems,
  heroImages,
  incomeTaxSlabTables,
  incomeTaxSlabs,
  accountRoles,
  inventoryItems,
  logos,
  teamMembers,
  teams,
  users,
} from "../schema";
import { accountRoleSeed, chartOfAccountsSeed, incomeTaxSlabSeed, incomeTaxSlabTableSeed } from "./accounting";
import { inventorySeed } from "./catalogue";
import { companySeed } from "./company";
import { eventSeedFor, gallerySeed, heroSeed, logoSeed } from "./content";
import { ADMIN_EMPLOYEE_ID, employeeSeed, teamMemberSeed, teamSeed } from "./people";

export const DEFAULT_ADMIN_EMAIL = "admin@utsabevents.com.bd";

export interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
  /** The day the sample events are dated around (YYYY-MM-DD); today in Dhaka unless given. */
  today?: string;
}

export interface SeedResult {
  /** Rows inserted per table; a second run inserts none. */
  inserted: Record<string, number>;
  /**
   * Set when this run created the admin; password only when it was generated here; `employee` is the seeded
   * employee the admin is linked to (whom tasks and leave treat them as), unless that employee had a sign-in.
   */
  admin?: {
    email: string;
    generatedPassword?: string;
    employee?: { name: string; position: string; department: string };
  };
}

/** True when nothing was ever seeded or configured: the first start of a new database. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: companySettings.id }).from(companySettings).limit(1);
  return rows.length === 0;
}

/**
 * Loads the seed data. Idempotent: seed rows have fixed ids and are inserted only when missing, so a row an
 * admin has since edited is left as it is, and running it again inserts nothing. One transaction: a failure
 * leaves the database as it was.
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const inserted: Record<string, number> = {};
    const count = async (name: string, rows: { id: unknown }[] | Promise<{ id: unknown }[]>) => {
      inserted[name] = (await rows).length;
    };

    await count(
      "company_settings",
      tx.insert(companySettings).values(companySeed).onConflictDoNothing().returning({ id: companySettings.id }),
    );
    await count("logos", tx.insert(logos).values(logoSeed).onConflictDoNothing().returning({ id: logos.id }));
    await count(
      "hero_images",
      tx.insert(heroImages).values(heroSeed).onConflictDoNothing().returning({ id: heroImages.id }),
    );
    await count(
      "gallery_items",
      tx.insert(galleryItems).values(gallerySeed).onConflictDoNothing().returning({ id: galleryItems.id }),
    );
    await count(
      "inventory_items",
      tx.insert(inventoryItems).values(inventorySeed).onConflictDoNothing().returning({ id: inventoryItems.id }),
    );
    await count(
      "employees",
      tx.insert(employees).values(employeeSeed).onConflictDoNothing().returning({ id: employees.id }),
    );
    await count("teams", tx.insert(teams).values(teamSeed).onConflictDoNothing().returning({ id: teams.id }));
    await count(
      "team_members",
      tx.insert(teamMembers).values(teamMemberSeed).onConflictDoNothing().returning({ id: teamMembers.employeeId }),
    );
    const eventRows = eventSeedFor(options.today ?? todayInDhaka());
    await count("events", tx.insert(events).values(eventRows).onConflictDoNothing().returning({ id: events.id }));
    await count(
      "chart_of_accounts",
      tx
        .insert(chartOfAccounts)
        .values(chartOfAccountsSeed)
        .onConflictDoNothing()
        .returning({ id: chartOfAccounts.id }),
    );
    await count(
      "account_roles",
      tx.insert(accountRoles).values(accountRoleSeed).onConflictDoNothing().returning({ id: accountRoles.role }),
    );
    await count(
      "income_tax_slab_tables",
      tx
        .insert(incomeTaxSlabTables)
        .values(incomeTaxSlabTableSeed)
        .onConflictDoNothing()
        .returning({ id: incomeTaxSlabTables.id }),
    );
    await count(
      "income_tax_slabs",
      tx.insert(incomeTaxSlabs).values(incomeTaxSlabSeed).onConflictDoNothing().returning({ id: incomeTaxSlabs.id }),
    );

    let admin: SeedResult["admin"];
    const [existingAdmin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    if (!existingAdmin) {
      const email = (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
      const generatedPassword = options.adminPassword ? undefined : generatePassword();
      const user = await createPasswordUser(tx, {
        name: "Administrator",
        email,
        password: options.adminPassword ?? generatedPassword!,
        role: "admin",
        // A password printed in a log should not stay in use.
        mustChangePassword: generatedPassword !== undefined,
      });
      // The first administrator is the operations manager (Tanvir Rahman): leave, tasks and the header say so.
      const [employee] = await tx
        .update(employees)
        .set({ userId: user.id })
        .where(and(eq(employees.id, ADMIN_EMPLOYEE_ID), isNull(employees.userId)))
        .returning({ name: employees.name, position: employees.position, department: employees.department });
      inserted.users = 1;
      admin = { email, generatedPassword, ...(employee && { employee }) };
    } else {
      inserted.users = 0;
    }
    return { inserted, admin };
  });
}
