// Settings > Export (issue 39): on the demo books (every kind of document) and a processed payroll month, the
// download is a ZIP holding README.md, a CSV per table of EXPORT_TABLES and ledger.journal; each CSV's header is its
// table's columns and its rows are the database's (counted, and compared field by field on what a person reads:
// names, numbers, amounts); the README names every file and column; the journal is the ledger's own hledger export.
// The download is audited; a staff member or an accountant is refused 403 with nothing read and nothing recorded.
// And it streams: the first bytes leave before the later tables are read (a row added after them is in the file).
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { auditLog, customers, suppliers } from "~/db/schema";
import { seedDemoBooks } from "~/db/seed/demo-books.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { writeHledgerJournal } from "~/domain/accounting/hledger.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { zipTextFiles } from "../../../tests/support/read-zip";
import { callRoute, signedInUser, thrownBy, type TestUser } from "../../../tests/support/signed-in-request";
import { loader as downloadLoader } from "../../routes/admin/settings/export-download";
import { loader as screenLoader } from "../../routes/admin/settings/export";
import { companyDataZipStream } from "./company-data-zip.server";
import { COMPANY_DATA_EXPORTED } from "./company-data";
import { LEDGER_JOURNAL_FILE } from "./export-readme";
import { EXPORT_TABLES } from "./export-tables.server";

const TODAY = "2026-08-20";
const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const DOWNLOAD = "/admin/settings/export/download";
let admin: TestUser;

type CsvRow = Record<string, string>;

/** A CSV file of the export as rows keyed by header (the byte order mark dropped). */
function rowsOf(files: Map<string, string>, file: string): CsvRow[] {
  const body = files.get(file);
  if (body === undefined) throw new Error(`${file} is not in the ZIP`);
  return parse(body.replace(/^\uFEFF/, ""), { columns: true, relax_column_count: false }) as CsvRow[];
}

function headerOf(files: Map<string, string>, file: string): string[] {
  const firstLine = files
    .get(file)!
    .replace(/^\uFEFF/, "")
    .split("\r\n")[0]!;
  return (parse(firstLine) as string[][])[0]!;
}

async function body(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

/** A cell as the CSV writer writes it: a text starting like a formula gets a ' before it. */
const csvCell = (value: string | null) => {
  const v = value ?? "";
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(v) && !/^-?\d+(?:\.\d+)?$/.test(v) ? `'${v}` : v;
};

const sorted = (rows: string[]) => [...rows].sort();

beforeAll(async () => {
  await seedDatabase(getDb());
  await seedDemoBooks(getDb(), { today: TODAY });
  const payroll = await processPayroll(getDb(), actor, { month: "2026-07" }, new Date("2026-08-20T06:00:00Z"));
  if (!payroll.ok) throw new Error(payroll.message);
  admin = await signedInUser("admin");
}, 300_000);

describe("the company's data as a ZIP", () => {
  let files: Map<string, string>;
  let response: Response;

  beforeAll(async () => {
    response = (await callRoute(downloadLoader, DOWNLOAD, { as: admin })) as Response;
    files = await zipTextFiles(await body(response));
  }, 120_000);

  it("is a ZIP file to save, named by the day, not cached", () => {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="utsab-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("holds the README, every table's CSV and the journal, and nothing else", () => {
    expect(sorted([...files.keys()])).toEqual(
      sorted(["README.md", ...EXPORT_TABLES.map((t) => t.file), LEDGER_JOURNAL_FILE]),
    );
    for (const file of ["customers.csv", "suppliers.csv", "invoices.csv", "customer-payments.csv", "payments.csv"])
      expect(EXPORT_TABLES.map((t) => t.file)).toContain(file);
    for (const file of ["ledger-lines.csv", "payslips.csv", "inventory.csv", "jobs.csv"])
      expect(EXPORT_TABLES.map((t) => t.file)).toContain(file);
  });

  it("writes each CSV with its table's header, and the README names every file and column", () => {
    const readme = files.get("README.md")!;
    for (const table of EXPORT_TABLES) {
      // A byte order mark first, so a spreadsheet reads the file as UTF-8 (names in Bangla).
      expect(files.get(table.file)!.startsWith("\uFEFF"), table.file).toBe(true);
      expect(headerOf(files, table.file)).toEqual(table.columns.map((c) => c.header));
      expect(readme).toContain(`## ${table.file}`);
      for (const column of table.columns) expect(readme).toContain(`| ${column.header} | ${column.about} |`);
    }
    expect(readme).toContain(`\`${LEDGER_JOURNAL_FILE}\``);
  });

  it("has as many rows in each CSV as the database has records, and the demo books fill every one", async () => {
    const counts: Record<string, string> = {
      "customers.csv": "select count(*)::int as n from customers",
      "suppliers.csv": "select count(*)::int as n from suppliers",
      "employees.csv": "select count(*)::int as n from employees",
      "invoices.csv": "select count(*)::int as n from invoices",
      "invoice-lines.csv": "select count(*)::int as n from invoice_lines",
      "credit-notes.csv": "select count(*)::int as n from credit_notes",
      "customer-payments.csv": "select count(*)::int as n from customer_payments",
      "transactions.csv": "select count(*)::int as n from transactions",
      "payments.csv": "select count(*)::int as n from settlements",
      "ledger-lines.csv":
        "select count(*)::int as n from journal_lines l join journal_entries e on e.id = l.journal_entry_id where e.status = 'posted'",
      "payslips.csv": "select count(*)::int as n from payslips",
      "inventory.csv": "select count(*)::int as n from inventory_items",
      "jobs.csv": "select count(*)::int as n from jobs",
      "job-lines.csv": "select count(*)::int as n from job_lines",
    };
    expect(Object.keys(counts).sort()).toEqual(EXPORT_TABLES.map((t) => t.file).sort());
    for (const [file, query] of Object.entries(counts)) {
      const [{ n }] = (await queryRows<{ n: number }>(getDb(), sql.raw(query))) as [{ n: number }];
      expect(n, file).toBeGreaterThan(0);
      expect(rowsOf(files, file).length, file).toBe(n);
    }
  });

  it("gives customers, invoices and payments as the database holds them, with the customer's name", async () => {
    const dbCustomers = await queryRows<{ name: string; email: string | null; phone: string | null }>(
      getDb(),
      sql`select name, email, phone from customers`,
    );
    expect(sorted(rowsOf(files, "customers.csv").map((r) => `${r.Name}|${r["E-mail"]}|${r.Phone}`))).toEqual(
      sorted(dbCustomers.map((c) => `${csvCell(c.name)}|${csvCell(c.email)}|${csvCell(c.phone)}`)),
    );
    const dbInvoices = await queryRows<Record<string, string>>(
      getDb(),
      sql`select i.number, c.name, i.issue_date::text as date, i.total::text as total, i.paid_amount::text as paid,
                 i.credited_amount::text as credited, i.status
            from invoices i join customers c on c.id = i.customer_id`,
    );
    expect(
      sorted(
        rowsOf(files, "invoices.csv").map(
          (r) => `${r.Number}|${r.Customer}|${r["Issue Date"]}|${r.Total}|${r.Paid}|${r.Credited}|${r.Status}`,
        ),
      ),
    ).toEqual(
      sorted(
        dbInvoices.map(
          (i) => `${i.number}|${csvCell(i.name!)}|${i.date}|${i.total}|${i.paid}|${i.credited}|${i.status}`,
        ),
      ),
    );
    // Money is the ledger's 2-decimal string, dates ISO.
    for (const r of rowsOf(files, "invoices.csv")) {
      expect(r.Total).toMatch(/^\d+\.\d{2}$/);
      expect(r["Issue Date"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r["Issued At"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+06:00$/);
    }
    const dbPayments = await queryRows<Record<string, string>>(
      getDb(),
      sql`select p.date::text as date, c.name, p.total::text as total, coalesce(p.void_date::text, '') as voided
            from customer_payments p join customers c on c.id = p.customer_id`,
    );
    expect(
      sorted(rowsOf(files, "customer-payments.csv").map((r) => `${r.Date}|${r.Customer}|${r.Total}|${r["Voided On"]}`)),
    ).toEqual(sorted(dbPayments.map((p) => `${p.date}|${csvCell(p.name!)}|${p.total}|${p.voided}`)));
  });

  it("gives the ledger's lines so that each account's debits and credits are the book's", async () => {
    const totals = new Map<string, { debit: number; credit: number }>();
    for (const r of rowsOf(files, "ledger-lines.csv")) {
      const t = totals.get(r.Account!) ?? { debit: 0, credit: 0 };
      // In paisa, so the sums are exact.
      t.debit += Math.round(Number(r.Debit) * 100);
      t.credit += Math.round(Number(r.Credit) * 100);
      totals.set(r.Account!, t);
    }
    const book = await queryRows<{ account: string; debit: string; credit: string }>(
      getDb(),
      sql`select a.code || ' ' || a.name as account, (sum(l.debit) * 100)::bigint::text as debit,
                 (sum(l.credit) * 100)::bigint::text as credit
            from journal_lines l join journal_entries e on e.id = l.journal_entry_id
            join chart_of_accounts a on a.id = l.account_id
           where e.status = 'posted' group by a.code, a.name`,
    );
    expect(totals.size).toBe(book.length);
    for (const b of book)
      expect(totals.get(csvCell(b.account)), b.account).toEqual({ debit: Number(b.debit), credit: Number(b.credit) });
  });

  it("gives payroll, inventory and jobs as the database holds them", async () => {
    const slips = await queryRows<Record<string, string>>(
      getDb(),
      sql`select to_char(r.period_month, 'YYYY-MM') as month, p.employee_name as name, p.gross::text as gross,
                 p.net::text as net from payslips p join payroll_runs r on r.id = p.payroll_run_id`,
    );
    expect(sorted(rowsOf(files, "payslips.csv").map((r) => `${r.Month}|${r.Employee}|${r.Gross}|${r.Net}`))).toEqual(
      sorted(slips.map((s) => `${s.month}|${csvCell(s.name!)}|${s.gross}|${s.net}`)),
    );
    const items = await queryRows<Record<string, string>>(
      getDb(),
      sql`select name, price::text as price, quantity::text as quantity from inventory_items`,
    );
    expect(sorted(rowsOf(files, "inventory.csv").map((r) => `${r.Name}|${r.Price}|${r.Quantity}`))).toEqual(
      sorted(items.map((i) => `${csvCell(i.name!)}|${i.price}|${i.quantity}`)),
    );
    const dbJobs = await queryRows<Record<string, string>>(
      getDb(),
      sql`select number::text as number, title, customer_name as customer, start_date::text as start from jobs`,
    );
    expect(
      sorted(rowsOf(files, "jobs.csv").map((r) => `${r.Number}|${r.Title}|${r.Customer}|${r["Start Date"]}`)),
    ).toEqual(sorted(dbJobs.map((j) => `${j.number}|${csvCell(j.title!)}|${csvCell(j.customer!)}|${j.start}`)));
  });

  it("holds the ledger's own hledger export as the journal", async () => {
    let journal = "";
    await writeHledgerJournal(getDb(), (chunk) => {
      journal += chunk;
    });
    // The first line is the export's own time.
    const withoutTime = (text: string) => text.slice(text.indexOf("\n"));
    expect(files.get(LEDGER_JOURNAL_FILE)!.startsWith("; The posted ledger, exported ")).toBe(true);
    expect(withoutTime(files.get(LEDGER_JOURNAL_FILE)!)).toBe(withoutTime(journal));
    expect(journal.split("\n").length).toBeGreaterThan(100);
  });

  it("is recorded in the audit log with who downloaded it", async () => {
    const lines = await getDb().select().from(auditLog).where(eq(auditLog.action, COMPANY_DATA_EXPORTED));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actorUserId: admin.id, actorLabel: admin.email, entityType: "company_data" });
    expect(lines[0]!.summary).toMatch(/^Downloaded the company's data \(utsab-data-\d{4}-\d{2}-\d{2}\.zip\)$/);
  });
});

describe("who may export", () => {
  it.each(["staff", "accountant"] as const)("refuses %s 403, reading and recording nothing", async (role) => {
    const user = await signedInUser(role);
    const before = await getDb().select().from(auditLog).where(eq(auditLog.action, COMPANY_DATA_EXPORTED));
    const refused = await thrownBy(callRoute(downloadLoader, DOWNLOAD, { as: user }));
    expect(refused.status).toBe(403);
    expect(String(refused.body)).not.toContain("PK");
    const screen = await thrownBy(callRoute(screenLoader, "/admin/settings/export", { as: user }));
    expect(screen.status).toBe(403);
    const after = await getDb().select().from(auditLog).where(eq(auditLog.action, COMPANY_DATA_EXPORTED));
    expect(after).toHaveLength(before.length);
  });

  it("shows an administrator the screen with every file", async () => {
    const screen = (await callRoute(screenLoader, "/admin/settings/export", { as: admin })) as Awaited<
      ReturnType<typeof screenLoader>
    >;
    expect(screen.files.map((f) => f.file)).toEqual(EXPORT_TABLES.map((t) => t.file));
  });
});

describe("streaming", () => {
  it("sends the first bytes before the later tables are read: a supplier added after them is in the file", async () => {
    // Enough customers (the first table) that their CSV, compressed, is far more than the streams buffer ahead.
    const many = Array.from({ length: 3000 }, (_, i) => ({
      name: `Streamed customer ${String(i).padStart(5, "0")}`,
      notes: `${crypto.randomUUID()} ${crypto.randomUUID()} ${crypto.randomUUID()}`,
    }));
    for (let i = 0; i < many.length; i += 500)
      await getDb()
        .insert(customers)
        .values(many.slice(i, i + 500));
    const reader = companyDataZipStream(getDb(), { batchSize: 50 }).getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    expect(first.done).toBe(false);
    chunks.push(first.value!);
    // A buffered ZIP would have read the suppliers already; a streamed one has not reached them.
    await getDb().insert(suppliers).values({ name: "Added after the first bytes" });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const files = await zipTextFiles(Buffer.concat(chunks));
    expect(rowsOf(files, "suppliers.csv").map((r) => r.Name)).toContain("Added after the first bytes");
    expect(rowsOf(files, "customers.csv").filter((r) => r.Name!.startsWith("Streamed customer "))).toHaveLength(3000);
  }, 120_000);
});
