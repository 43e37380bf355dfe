import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { bankStatementLines, bankStatements, chartOfAccounts } from "~/db/schema";
import { UNKNOWN_INTENT_MESSAGE } from "~/domain/auth/guard.server";
import { ROLE_PERMISSIONS, type Permission } from "~/domain/auth/permissions";
import { STATEMENT_FILE_MESSAGES } from "~/domain/banking/statement-file.server";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import { seedBooks } from "../../../../tests/support/invoice-fixtures";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { action, loader } from "./reconciliation-import";

// The statement import screen (issue 23): its guard (accounts.manage to open it and to post), a file read and its
// columns guessed, the preview from the rows the form carries back, Import and its redirect to matching, the mapping
// kept for the account's next file; bad files, accounts and forms answered with a message naming the field and
// nothing written.

const PATH = "/admin/accounts/reconciliation/import";
const TABLES = ["bank_statements", "bank_statement_lines", "bank_statement_mappings", "audit_log"] as const;
const fixture = (name: string) => readFileSync(path.resolve("tests/fixtures/statements", name));

let accountant: TestUser;
let staff: TestUser;
let viewer: TestUser;

interface Body {
  intent: string | null;
  formError: string | null;
  errors: Record<string, string>;
  file: { name: string; sha256: string; rowsJson: string; width: number; rowCount: number } | null;
  values: Record<string, string>;
  mappingSource: string;
  preview: {
    ok: boolean;
    counts: Record<string, number>;
    balances: Record<string, unknown>;
    rows: { rowNo: number; status: string; problems: string[] }[];
  } | null;
}

function upload(intent: string, file: File | null, account = "1100"): FormData {
  const form = new FormData();
  form.set("account", account);
  form.set("file", file ?? new File([], "", { type: "application/octet-stream" }));
  form.set("intent", intent);
  return form;
}

/** The next step's form: what the screen posts back (the carried rows and the mapping as shown, and more). */
function carried(body: Body, intent: string, over: Record<string, string> = {}): FormData {
  const form = new FormData();
  const values = {
    ...body.values,
    rows: body.file!.rowsJson,
    fileName: body.file!.name,
    fileSha256: body.file!.sha256,
  };
  for (const [k, v] of Object.entries({ ...values, ...over })) form.set(k, v);
  form.set("intent", intent);
  return form;
}

const post = async (as: TestUser, form: FormData, query = "?account=1100") =>
  answerOf<Body>(await callRoute(action, `${PATH}${query}`, { as, form }));

beforeAll(async () => {
  await seedBooks();
  [accountant, staff, viewer] = await Promise.all([
    signedInUser("accountant"),
    signedInUser("staff"),
    signedInUser("staff"),
  ]);
  // A role that sees the books but may not change them: staff given accounts.view for this file.
  (ROLE_PERMISSIONS.staff as Set<Permission>).add("accounts.view");
});

afterAll(() => {
  (ROLE_PERMISSIONS.staff as Set<Permission>).delete("accounts.view");
});

describe("the guard", () => {
  it("opens for accounts.manage only, with the active bank and wallet accounts", async () => {
    const page = answerOf<{ accounts: { code: string }[]; account: string; accountError: string | null }>(
      await callRoute(loader, `${PATH}?account=1200`, { as: accountant }),
    ).body;
    expect(page.accounts.map((a) => a.code)).toEqual(["1100", "1110", "1200", "1210"]);
    expect(page).toMatchObject({ account: "1200", accountError: null });
    expect((await thrownBy(callRoute(loader, PATH, { as: viewer }))).status).toBe(403);
    expect((await thrownBy(callRoute(loader, PATH, { as: staff }))).status).toBe(403);
  });

  it("refuses an accounts.view-only user, staff and nobody, writing nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const file = new File([fixture("bkash-signed.csv")], "bkash.csv", { type: "text/csv" });
    for (const intent of ["preview", "import"]) {
      expect((await thrownBy(post(viewer, upload(intent, file)))).status).toBe(403);
      expect((await thrownBy(post(staff, upload(intent, file)))).status).toBe(403);
      expect((await thrownBy(post(ANONYMOUS, upload(intent, file)))).status).toBe(401);
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("importing a statement through the screen", () => {
  it("reads the file, guesses its columns, previews the carried rows, imports and goes on to matching", async () => {
    const before = await tableFingerprint(TABLES);
    const file = new File([fixture("bank-debit-credit.csv")], "dcb-march.csv", { type: "text/csv" });
    const read = await post(accountant, upload("preview", file));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      intent: "preview",
      formError: null,
      mappingSource: "guessed",
      file: { name: "dcb-march.csv", width: 5, rowCount: 8 },
      values: {
        account: "1100",
        amountMode: "split",
        debitColumn: "3",
        creditColumn: "4",
        headerRows: "2",
        footerRows: "1",
      },
      // No balance column: the balances are asked for.
      errors: { openingBalance: "Opening balance is required: the file has no balance column mapped" },
      preview: { ok: false, counts: { rows: 5, ok: 5, bad: 0 } },
    });

    const previewed = await post(
      accountant,
      carried(read.body, "preview", { openingBalance: "0", closingBalance: "151902" }),
    );
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({
      errors: {},
      preview: { ok: true, balances: { opening: "0.00", closing: "151902.00", balanced: true } },
    });
    expect(previewed.body.preview!.rows.map((r) => r.status)).toEqual(["ok", "ok", "ok", "ok", "ok"]);
    // Reading and previewing stored nothing.
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const done = (await callRoute(action, PATH, {
      as: accountant,
      form: carried(previewed.body, "import", { openingBalance: "0", closingBalance: "151902" }),
    })) as Response;
    expect(done.status).toBe(302);
    const [statement] = await getDb().select().from(bankStatements).where(eq(bankStatements.fileName, "dcb-march.csv"));
    expect(done.headers.get("location")).toBe(
      `/admin/accounts/reconciliation/match?account=1100&statement=${statement!.id}`,
    );
    expect(flashToast(done)).toEqual({
      type: "success",
      message: "5 lines imported, none refused as already imported",
    });
    expect(
      await getDb().select().from(bankStatementLines).where(eq(bankStatementLines.statementId, statement!.id)),
    ).toHaveLength(5);

    // The next file of the account starts from its kept mapping.
    const again = await post(accountant, upload("preview", new File([fixture("bank-debit-credit.csv")], "again.csv")));
    expect(again.body).toMatchObject({ mappingSource: "saved", values: { debitColumn: "3", headerRows: "2" } });
    // Importing it again: every line refused, named, nothing written.
    const beforeAgain = await tableFingerprint(TABLES);
    const refused = await post(
      accountant,
      carried(again.body, "import", { openingBalance: "0", closingBalance: "151902" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.form).toBe(
      "Every line of this file is already imported or inside a finished reconciliation: there is nothing to import",
    );
    expect(
      refused.body.preview!.rows.every((r) => r.status === "duplicate" && /^Already imported on /.test(r.problems[0]!)),
    ).toBe(true);
    expect(await tableFingerprint(TABLES)).toEqual(beforeAgain);
  });

  it("reads an XLSX file", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sheet1");
    sheet.addRow(["Date", "Description", "Amount", "Balance"]);
    sheet.addRow([new Date(Date.UTC(2025, 5, 1)), "Cash in", 300, 300]);
    const file = new File([await workbook.xlsx.writeBuffer()], "wallet.xlsx");
    const read = await post(accountant, upload("preview", file, "1200"), "?account=1200");
    expect(read.body).toMatchObject({
      errors: {},
      preview: { ok: true, counts: { ok: 1 } },
      values: { dateFormat: "YYYY-MM-DD" },
    });
  });
});

describe("malformed posts: a message naming the field, nothing written", () => {
  let nagadDeactivated = false;
  const csvFile = (name = "s.csv") => new File([fixture("bkash-signed.csv")], name, { type: "text/csv" });
  const cases: [string, () => Promise<FormData>, number, string, string][] = [
    ["no file chosen", async () => upload("preview", null), 400, "file", STATEMENT_FILE_MESSAGES.required],
    [
      "an empty file",
      async () => upload("preview", new File([""], "e.csv")),
      400,
      "file",
      STATEMENT_FILE_MESSAGES.empty,
    ],
    [
      "a binary file",
      async () =>
        upload("preview", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 0xff, 0xfe])], "logo.png")),
      400,
      "file",
      STATEMENT_FILE_MESSAGES.binary,
    ],
    [
      "an .xls workbook",
      async () => upload("preview", new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1])], "old.xls")),
      400,
      "file",
      STATEMENT_FILE_MESSAGES.xls,
    ],
    [
      "an XLSX with no rows",
      async () => {
        const workbook = new ExcelJS.Workbook();
        workbook.addWorksheet("Empty");
        return upload("preview", new File([await workbook.xlsx.writeBuffer()], "empty.xlsx"));
      },
      400,
      "file",
      STATEMENT_FILE_MESSAGES.xlsxNoRows,
    ],
    [
      "a file over 5 MB",
      async () => upload("preview", new File([new Uint8Array(5 * 1024 * 1024 + 10).fill(65)], "big.csv")),
      413,
      "file",
      STATEMENT_FILE_MESSAGES.tooBig,
    ],
    [
      "an unknown account",
      async () => upload("preview", null, "9999"),
      400,
      "account",
      "Choose a bank or wallet account",
    ],
    [
      "a deactivated account",
      async () => {
        nagadDeactivated = true;
        await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.code, "1210"));
        const form = upload("import", null, "1210");
        form.set(
          "rows",
          JSON.stringify([
            ["Date", "Description", "Amount"],
            ["2025-01-01", "x", "1"],
          ]),
        );
        return form;
      },
      400,
      "account",
      "Account 1210 Mobile Banking - Nagad is deactivated: choose another",
    ],
    [
      "a non-bank account",
      async () => {
        const form = upload("import", null, "4000");
        form.set(
          "rows",
          JSON.stringify([
            ["Date", "Description", "Amount"],
            ["2025-01-01", "x", "1"],
          ]),
        );
        return form;
      },
      400,
      "account",
      "4000 Equipment Rental Income is not a bank or wallet account: choose one",
    ],
    [
      "an import without its rows",
      async () => upload("import", null),
      400,
      "file",
      "The file's rows are missing: choose the file again",
    ],
    [
      "rows tampered into something else",
      async () => {
        const form = upload("preview", null);
        form.set("rows", '{"rows": 1}');
        return form;
      },
      400,
      "file",
      "The file's rows could not be read back: choose the file again",
    ],
    [
      "a mapping with a column twice",
      async () => {
        const read = await post(accountant, upload("preview", csvFile(), "1200"), "?account=1200");
        return carried(read.body, "import", { descriptionColumn: "0" });
      },
      400,
      "descriptionColumn",
      "Column A is already the date column: choose another for the description column",
    ],
  ];

  afterAll(async () => {
    if (nagadDeactivated)
      await getDb().update(chartOfAccounts).set({ isActive: true }).where(eq(chartOfAccounts.code, "1210"));
  });

  it.each(cases)("%s", async (_name, form, status, field, message) => {
    const posted = await form();
    const before = await tableFingerprint(TABLES);
    const answer = await post(accountant, posted);
    expect(answer.status).toBe(status);
    expect(answer.body.errors[field]).toBe(message);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses an intent the page does not take", async () => {
    const before = await tableFingerprint(TABLES);
    const refused = await thrownBy(post(accountant, upload("delete", csvFile())));
    expect(refused).toMatchObject({ status: 400, body: UNKNOWN_INTENT_MESSAGE });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});
