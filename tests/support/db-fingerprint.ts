// Proof that a refused action wrote nothing: an md5 of every row of the named tables, compared before and after.
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../app/db/client.server";

const TABLE_NAME = /^[a-z_]+$/;

/** One md5 per table over all its rows in id order; equal fingerprints mean no row was added, changed or removed. */
export async function tableFingerprint(tables: readonly string[]): Promise<Record<string, string>> {
  const parts = tables.map((t) => {
    if (!TABLE_NAME.test(t)) throw new Error(`not a table name: ${t}`);
    return `(select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from ${t} t) as ${t}`;
  });
  const [row] = await queryRows<Record<string, string>>(getDb(), sql.raw(`select ${parts.join(", ")}`));
  return row!;
}
