import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, journalEntries, journalLines } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { createBankRule } from "~/domain/banking/bank-rules.server";
import { postBankTransaction } from "~/domain/banking/post-bank-transaction.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { loadAccountingSettings, saveAccountingSettings } from "./accounting-settings.server";
import { twoLines } from "./journal";
import { LEDGER_MESSAGES, postEntry, PostingRefused, writeEntry } from "./ledger.server";
import { reverseEntry } from "./reverse-entry.server";

// A role locked to documents only (issue 36, Settings > Accounting): entries typed by hand (a manual journal, a bank
// transaction, a bank rule's) may not post to its account, naming the field; documents and reversals still do, and
// the database refuses a hand-made entry whatever writes it (journal_entry_documents_only).

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const VAT_PAYABLE = seedId("account:2100");
const today = todayInDhaka();
const LOCKED = LEDGER_MESSAGES.documentsOnly("2100", "VAT Payable", "VAT payable (output VAT)");

beforeAll(async () => {
  await seedDatabase(getDb());
});

async function lockRoles(roles: string[]) {
  const { values } = await loadAccountingSettings(getDb());
  const saved = await saveAccountingSettings(getDb(), { ...values, documentsOnly: roles }, actor);
  expect(saved.ok).toBe(true);
}

const manualEntry = (description: string) => ({
  date: today,
  description,
  source: { type: "manual" as const },
  lines: twoLines(CASH, VAT_PAYABLE, 500_00n),
  createdBy: null,
});

/** The constraint the database named when it refused `run`. */
async function constraintOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause ?? (error as { constraint?: string });
    return cause.constraint;
  }
  throw new Error("not refused");
}

describe("a role locked to documents only", () => {
  it("is saved, shown and audited, and opened again", async () => {
    await lockRoles(["vat.payable", "receivable"]);
    expect((await loadAccountingSettings(getDb())).values.documentsOnly.sort()).toEqual(["receivable", "vat.payable"]);
    const [line] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "accounting_settings.updated"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(line!.changes).toEqual({
      "documentsOnly.receivable": { from: "open", to: "documents only" },
      "documentsOnly.vat.payable": { from: "open", to: "documents only" },
    });
    expect(line!.summary).toBe(
      "Changed the accounting settings: Accounts receivable, VAT payable (output VAT) locked to documents only",
    );

    await lockRoles(["receivable"]);
    expect((await loadAccountingSettings(getDb())).values.documentsOnly).toEqual(["receivable"]);
    const [opened] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "accounting_settings.updated"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(opened!.summary).toBe("Changed the accounting settings: VAT payable (output VAT) open to manual entries");
    await lockRoles([]);
  });

  it("refuses a manual journal, a draft, a bank transaction and a bank rule on its account, naming the field", async () => {
    const before = await getDb().transaction((tx) => postEntry(tx, manualEntry("VAT adjustment before the lock")));
    await lockRoles(["vat.payable"]);
    try {
      await expect(getDb().transaction((tx) => postEntry(tx, manualEntry("VAT adjustment")))).rejects.toEqual(
        new PostingRefused({ "lines.1.accountId": LOCKED }),
      );
      await expect(
        getDb().transaction((tx) => writeEntry(tx, manualEntry("VAT adjustment, drafted"), "draft")),
      ).rejects.toEqual(new PostingRefused({ "lines.1.accountId": LOCKED }));
      await expect(
        getDb().transaction((tx) =>
          postBankTransaction(tx, {
            accountId: BANK,
            kind: "withdrawal",
            counterAccountId: VAT_PAYABLE,
            date: today,
            amount: "500.00",
            description: "VAT paid",
            createdBy: null,
          }),
        ),
      ).rejects.toEqual(new PostingRefused({ counterAccountId: LOCKED }));
      const rule = await createBankRule(getDb(), actor, {
        id: "",
        accountId: BANK,
        contains: "NBR VAT",
        kind: "withdrawal",
        counterAccountId: VAT_PAYABLE,
      });
      expect(rule).toMatchObject({ ok: false, errors: { counterAccountId: LOCKED } });

      // Documents keep the account, and what was posted by hand before the lock may still be taken back.
      const documentEntry = await getDb().transaction((tx) =>
        postEntry(tx, { ...manualEntry("Output VAT of a tax record"), source: { type: "tax_record" } }),
      );
      expect(documentEntry).toMatch(/^[0-9a-f-]{36}$/);
      const reversed = await reverseEntry(getDb(), actor, { entryId: before, date: today });
      expect(reversed.ok).toBe(true);

      // Whatever writes a posted manual entry there, the database refuses it at commit.
      const constraint = await constraintOf(() =>
        getDb().transaction(async (tx) => {
          const [entry] = await tx
            .insert(journalEntries)
            .values({
              entryDate: today,
              description: "Typed straight into the table",
              status: "posted",
              sourceType: "manual",
              total: "10.00",
              postedAt: new Date(),
            })
            .returning({ id: journalEntries.id });
          await tx.insert(journalLines).values([
            { journalEntryId: entry!.id, accountId: CASH, debit: "10.00", credit: "0", lineNo: 0 },
            { journalEntryId: entry!.id, accountId: VAT_PAYABLE, debit: "0", credit: "10.00", lineNo: 1 },
          ]);
        }),
      );
      expect(constraint).toBe("journal_entry_documents_only");
    } finally {
      await lockRoles([]);
    }
    // Open again: the manual journal posts.
    expect(await getDb().transaction((tx) => postEntry(tx, manualEntry("VAT adjustment after")))).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });
});
