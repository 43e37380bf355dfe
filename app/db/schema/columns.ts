import { jsonb, numeric, timestamp, uuid } from "drizzle-orm/pg-core";

/** Shared column builders, so every table spells id, timestamps and money the same way. */
export const id = () => uuid("id").primaryKey().defaultRandom();

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Money is exact: numeric(14,2), read and written as a decimal string (DESIGN §5). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** SQL list for a check constraint, built from the same constant the code validates with. */
export function sqlList(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
}

/** The company as an issued document printed it: its name, address, phones, e-mails and BIN (issue 37). */
export interface SellerDetails {
  name: string;
  address: string;
  phones: string[];
  emails: string[];
  vatRegistrationNumber: string;
}

/**
 * The seller's details frozen when a tax invoice, credit note or payslip is issued (issue 37, money error 7): its PDF
 * prints them, never Settings as they are later.
 */
export const seller = () => jsonb("seller").$type<SellerDetails>().notNull();
