import { numeric, timestamp, uuid } from "drizzle-orm/pg-core";

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
