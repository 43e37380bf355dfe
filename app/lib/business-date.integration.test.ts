// One range for every business date (issue 38, finding 3): a journal entry or a transaction dated 9999-12-31 is
// refused by its form naming the date field and writes nothing; a date written past the forms is refused by the
// database's `<table>_<column>_range` checks (migration 0027); availability for ?month=9999-12 or 0000-01 falls
// back to this month instead of answering 500.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { journalEntries } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { twoLines } from "~/domain/accounting/journal";
import { writeEntry } from "~/domain/accounting/ledger.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { action as ledgerAction } from "~/routes/admin/accounts/ledger";
import { action as transactionsAction } from "~/routes/admin/accounts/transactions";
import { loader as availabilityLoader } from "~/routes/admin/quotation-availability";
import { tableFingerprint } from "../../tests/support/db-fingerprint";
import { answerOf, callRoute, signedInUser, type TestUser } from "../../tests/support/signed-in-request";
import { businessDateRangeMessage } from "./business-date";

const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const INCOME = seedId("account:4000");
const BOOKS = ["journal_entries", "journal_lines", "account_month_balances", "transactions", "audit_log"] as const;

let admin: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  admin = await signedInUser("admin");
});

type FormAnswer = { errors: Record<string, string> };

async function refusedBy(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await getDb().execute(statement);
    return null;
  } catch (error) {
    return violatedConstraint(error);
  }
}

describe("the forms", () => {
  it.each(["9999-12-31", "2100-01-01", "1999-12-31"])(
    "refuse a journal entry dated %s naming Entry date, and write nothing",
    async (entryDate) => {
      const before = await tableFingerprint(BOOKS);
      const answer = answerOf<FormAnswer>(
        await callRoute(ledgerAction, "/admin/accounts/ledger?new=1", {
          as: admin,
          form: {
            intent: "create",
            entryDate,
            reference: `JE-RANGE-${entryDate}`,
            description: "Far future",
            status: "posted",
            "lines.0.accountId": CASH,
            "lines.0.debit": "100",
            "lines.0.credit": "",
            "lines.0.description": "",
            "lines.1.accountId": INCOME,
            "lines.1.debit": "",
            "lines.1.credit": "100",
            "lines.1.description": "",
          },
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors.entryDate).toBe("Entry date must be between 1 Jan 2000 and 31 Dec 2099");
      expect(await tableFingerprint(BOOKS)).toEqual(before);
    },
  );

  it("refuses a transaction dated 9999-12-31 naming Date, and writes nothing", async () => {
    const before = await tableFingerprint(BOOKS);
    const answer = answerOf<FormAnswer>(
      await callRoute(transactionsAction, "/admin/accounts?new=1", {
        as: admin,
        form: {
          intent: "create",
          date: "9999-12-31",
          type: "income",
          category: "Equipment Rental",
          description: "Far future rental",
          amount: "2,500",
          paymentMethod: "bank",
          moneyAccountId: BANK,
          reference: "",
          status: "completed",
          party: "",
          dueDate: "",
        },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors.date).toBe(businessDateRangeMessage("Date"));
    expect(await tableFingerprint(BOOKS)).toEqual(before);
  });
});

describe("the database checks", () => {
  it("refuse an entry the ledger writes dated 9999-12-31 by journal_entries_entry_date_range", async () => {
    const before = await tableFingerprint(BOOKS);
    // A draft skips the lock date and the VAT periods: only the date's own check stands in the way.
    const written = getDb().transaction((tx) =>
      writeEntry(
        tx,
        {
          date: "9999-12-31",
          description: "draft far away",
          source: { type: "manual" },
          lines: twoLines(CASH, INCOME, 10_000n),
          createdBy: null,
        },
        "draft",
      ),
    );
    expect(await written.then(() => null, violatedConstraint)).toBe("journal_entries_entry_date_range");
    expect(await tableFingerprint(BOOKS)).toEqual(before);
  });

  it("refuse a date written straight in SQL, each by its own constraint", async () => {
    const draftId = await getDb().transaction((tx) =>
      writeEntry(
        tx,
        {
          date: "2027-05-01",
          description: "draft",
          source: { type: "manual" },
          lines: twoLines(CASH, INCOME, 500n),
          createdBy: null,
        },
        "draft",
      ),
    );
    expect(await refusedBy(sql`update journal_entries set entry_date = '9999-12-31' where id = ${draftId}`)).toBe(
      "journal_entries_entry_date_range",
    );
    // A line's date is the entry's, copied by trigger; a transaction's is its own.
    await getDb().execute(
      sql`insert into transactions (date, type, category, description, amount, payment_method, status)
        values ('2027-05-01', 'expense', 'Rent', 'range probe', 10, 'cash', 'pending')`,
    );
    expect(await refusedBy(sql`update transactions set date = '9999-12-31' where description = 'range probe'`)).toBe(
      "transactions_date_range",
    );
    expect(await refusedBy(sql`update accounting_settings set lock_date = '9999-12-31'`)).toBe(
      "accounting_settings_lock_date_range",
    );
    await getDb().execute(
      sql`insert into quotations (customer_name, email, phone, event_name, event_date, event_time, event_location)
        values ('Range Probe', 'range.probe@example.com', '01711000000', 'Range probe', '2027-03-13', '18:00', 'Gulshan')`,
    );
    expect(
      await refusedBy(
        sql`update quotations set rental_end_date = '9999-12-31' where email = 'range.probe@example.com'`,
      ),
    ).toBe("quotations_rental_end_date_range");
    // 13 Mar 2027 to 13 Mar 2028 is 367 days; to 12 Mar 2028, 366: a year, the longest a rental may last.
    expect(
      await refusedBy(
        sql`update quotations set rental_end_date = '2028-03-13' where email = 'range.probe@example.com'`,
      ),
    ).toBe("quotations_rental_span_check");
    expect(
      await refusedBy(
        sql`update quotations set rental_end_date = '2028-03-12' where email = 'range.probe@example.com'`,
      ),
    ).toBeNull();
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, draftId));
    expect(entry!.entryDate).toBe("2027-05-01");
    // Both ends of the range are business dates.
    expect(await refusedBy(sql`update journal_entries set entry_date = '2099-12-31' where id = ${draftId}`)).toBeNull();
    expect(await refusedBy(sql`update journal_entries set entry_date = '2000-01-01' where id = ${draftId}`)).toBeNull();
  });
});

describe("availability's ?month=", () => {
  it.each(["9999-12", "0000-01", "+275760-09", "2100-01"])(
    "falls back to this month for %s, flagged as not understood, instead of answering 500",
    async (month) => {
      const answer = answerOf<{ month: string; monthInvalid: boolean }>(
        await callRoute(availabilityLoader, `/admin/quotations/availability?month=${encodeURIComponent(month)}`, {
          as: admin,
        }),
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ month: todayInDhaka().slice(0, 7), monthInvalid: true });
    },
  );

  it("shows the range's last month", async () => {
    const data = await callRoute(availabilityLoader, "/admin/quotations/availability?month=2099-12", { as: admin });
    expect(data).toMatchObject({ month: "2099-12", monthInvalid: false });
  });
});
