import { sql } from "drizzle-orm";
import { check, type PgColumn } from "drizzle-orm/pg-core";
import { BUSINESS_DATE_MAX, BUSINESS_DATE_MIN } from "../../lib/business-date";

/**
 * `<table>_<column>_range`: a business date lies in the one range the forms check (app/lib/business-date.ts;
 * issue 38, finding 3), so a date no form takes (9999-12-31) cannot reach the reports by another path either.
 * A null (an optional date) passes.
 */
export function businessDateRange(table: string, column: PgColumn) {
  return check(
    `${table}_${column.name}_range`,
    sql`${column} between ${sql.raw(`'${BUSINESS_DATE_MIN}'`)} and ${sql.raw(`'${BUSINESS_DATE_MAX}'`)}`,
  );
}
