import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import type { DocumentSeries } from "./constants";
import { documentNumber, fiscalYearOf } from "./fiscal-year";

export interface TakenNumber {
  number: string;
  fiscalYear: number;
  sequence: number;
}

/**
 * The next number of a gapless series in the fiscal year of `date` (DESIGN §10), inside the document's transaction:
 * the upsert locks the series' row until that transaction ends, so a second document waits for it and takes the
 * next number, and a document that fails rolls its number back with it. Never call it outside a transaction.
 */
export async function takeDocumentNumber(tx: DbOrTx, series: DocumentSeries, date: string): Promise<TakenNumber> {
  const fiscalYear = fiscalYearOf(date);
  const [row] = await queryRows<{ last_number: number }>(
    tx,
    sql`
    insert into document_sequences (series, fiscal_year, last_number) values (${series}, ${fiscalYear}, 1)
    on conflict (series, fiscal_year) do update set last_number = document_sequences.last_number + 1
    returning last_number`,
  );
  const sequence = Number(row!.last_number);
  return { number: documentNumber(series, fiscalYear, sequence), fiscalYear, sequence };
}
