import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import type { PartyKind } from "./constants";
import { partyOf } from "./journal";

// The posted ledger as a plain-text hledger journal (issue 21, "an independent check"): every posted entry with
// its lines, in date order, amounts in BDT with 2 decimals. Debian's hledger reads it and computes balances and
// statements on its own, which tests compare with ours to the paisa. Drafts are not in the book, so not here. Each
// entry carries its id and source as tags (`; id: …, source: year_end_close`), and each line of a control account its
// party (`; party: customer-<id>`, issue 36), so hledger can give every party's balance (`tag:party=customer-<id>`).

/** hledger reads two spaces or a tab as the end of an account name, and ";" as a comment: neither may appear. */
function clean(text: string): string {
  return text
    .replace(/[;\t\r\n]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** The name an account has in the journal: its code, then its name ("1000 Cash in Hand"). */
export function hledgerAccountName(code: string, name: string): string {
  return clean(`${code} ${name}`).replace(/:/g, "-");
}

const TYPE_DIRECTIVE = { asset: "A", liability: "L", equity: "E", income: "R", expense: "X" } as const;

interface LineRow {
  entry_id: string;
  entry_date: string;
  reference_no: string | null;
  description: string;
  source_type: string;
  code: string;
  name: string;
  debit: string;
  credit: string;
  customer_id: string | null;
  supplier_id: string | null;
  employee_id: string | null;
}

/** The tag value a line's party has in the journal (and in a query: `tag:party=<value>`). */
export function hledgerPartyTag(kind: PartyKind, id: string): string {
  return `${kind}-${id}`;
}

/** Entries read per query: the export streams a ledger of any size in bounded memory. */
const BATCH_ENTRIES = 2000;

/**
 * Writes the journal through `write`, batch by batch (keyset pages of entries by date, then id). Each account is
 * declared first with its type, so hledger's balance sheet and income statement know the accounts' sides.
 */
export async function writeHledgerJournal(db: DbOrTx, write: (chunk: string) => void | Promise<void>): Promise<void> {
  await write(`; The posted ledger, exported ${new Date().toISOString()}. Amounts in BDT.\n\n`);
  const accounts = await queryRows<{ code: string; name: string; type: keyof typeof TYPE_DIRECTIVE }>(
    db,
    sql`select code, name, type from chart_of_accounts order by code`,
  );
  for (const a of accounts)
    await write(`account ${hledgerAccountName(a.code, a.name)}  ; type: ${TYPE_DIRECTIVE[a.type]}\n`);
  await write("\ncommodity 1,000.00 BDT\n\n");

  let after: { date: string; id: string } | null = null;
  for (;;) {
    const cursor: { date: string; id: string } | null = after;
    const entries: { id: string; entry_date: string }[] = await queryRows<{ id: string; entry_date: string }>(
      db,
      sql`select id, entry_date::text as entry_date from journal_entries
           where status = 'posted' ${cursor ? sql`and (entry_date, id) > (${cursor.date}::date, ${cursor.id}::uuid)` : sql``}
           order by entry_date, id limit ${BATCH_ENTRIES}`,
    );
    if (entries.length === 0) break;
    const ids = sql.join(
      entries.map((e) => sql`${e.id}::uuid`),
      sql`, `,
    );
    const lines = await queryRows<LineRow>(
      db,
      sql`select e.id as entry_id, e.entry_date::text as entry_date, e.reference_no, e.description, e.source_type,
                 a.code, a.name,
                 l.debit::text as debit, l.credit::text as credit,
                 l.customer_id, l.supplier_id, l.employee_id
            from journal_entries e
            join journal_lines l on l.journal_entry_id = e.id
            join chart_of_accounts a on a.id = l.account_id
           where e.id in (${ids})
           order by e.entry_date, e.id, l.line_no, l.id`,
    );
    let chunk = "";
    let current: string | null = null;
    for (const line of lines) {
      if (line.entry_id !== current) {
        current = line.entry_id;
        const code = line.reference_no ? ` (${clean(line.reference_no).replace(/[()]/g, "")})` : "";
        // Tagged with its source, so a query can leave out the year-end close (not:tag:source=year_end_close).
        chunk += `\n${line.entry_date} *${code} ${clean(line.description) || "Journal entry"}  ; id: ${line.entry_id}, source: ${line.source_type}\n`;
      }
      const amount = line.debit !== "0.00" ? line.debit : `-${line.credit}`;
      const party = partyOf({
        customerId: line.customer_id,
        supplierId: line.supplier_id,
        employeeId: line.employee_id,
      });
      const tag = party ? `  ; party: ${hledgerPartyTag(party.kind, party.id)}` : "";
      chunk += `    ${hledgerAccountName(line.code, line.name)}  ${amount} BDT${tag}\n`;
    }
    await write(chunk);
    const last: { id: string; entry_date: string } = entries[entries.length - 1]!;
    after = { date: last.entry_date, id: last.id };
  }
}
