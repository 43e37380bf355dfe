import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";

// Suppliers (issue 36): the parties the company buys from and owes, kept as records like customers, so a payable's
// lines on the ledger name one and a supplier's statement and ageing are read from the ledger.

/** A supplier. A merged record points at the one it was merged into and is no longer listed. */
export const suppliers = pgTable(
  "suppliers",
  {
    id: id(),
    name: text("name").notNull(),
    /** The Business Identification Number (VAT), when registered: printed on Mushak-6.6 certificates. */
    bin: text("bin"),
    /** The Taxpayer's Identification Number (income tax). */
    tin: text("tin"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    /** Where the company pays them: a bank account, or a mobile wallet number. */
    bankName: text("bank_name"),
    bankAccountNumber: text("bank_account_number"),
    walletNumber: text("wallet_number"),
    /** Days from a bill's date it is due in; null: due on receipt. */
    paymentTermsDays: integer("payment_terms_days"),
    notes: text("notes"),
    mergedIntoId: uuid("merged_into_id").references((): AnyPgColumn => suppliers.id, { onDelete: "restrict" }),
    mergedAt: timestamp("merged_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("suppliers_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("suppliers_name_idx").on(t.name, t.id),
    index("suppliers_merged_into_id_idx").on(t.mergedIntoId),
    index("suppliers_created_by_idx").on(t.createdBy),
    check(
      "suppliers_payment_terms_days_check",
      sql`${t.paymentTermsDays} is null or ${t.paymentTermsDays} between 0 and 365`,
    ),
    check("suppliers_not_merged_into_self_check", sql`${t.mergedIntoId} is null or ${t.mergedIntoId} <> ${t.id}`),
    check("suppliers_merged_check", sql`(${t.mergedIntoId} is null) = (${t.mergedAt} is null)`),
  ],
);
