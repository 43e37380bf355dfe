import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../client.server";
import type { AuditActor } from "../../domain/audit/audit.server";
import { roleAccounts } from "../../domain/accounting/ledger.server";
import { createJournalEntry } from "../../domain/accounting/create-journal-entry.server";
import { createMoneyDocument } from "../../domain/accounting/create-money-document.server";
import { settleOpenItem } from "../../domain/accounting/settle-open-item.server";
import { reverseEntry } from "../../domain/accounting/reverse-entry.server";
import type { MoneyDocumentKind } from "../../domain/accounting/money-document-form";
import type { UseCaseResult } from "../../domain/use-case";
import { todayInDhaka } from "../../lib/dhaka-time";
import { addDays } from "../../domain/dashboard/periods";
import { seedId } from "./ids";

// `npm run db:seed:demo` (issue 21): about three months of a rental company's books, ending today, posted through
// the same use cases the screens call (createMoneyDocument, settleOpenItem, createJournalEntry, reverseEntry), so
// every accounting screen has something to show and every figure is the ledger's own. Deterministic (a fixed
// pseudo-random sequence). Refuses books that already have entries: demo figures never mix with real ones, and a
// second run would post everything twice.

export const DEMO_BOOKS_MESSAGES = {
  notEmpty: (entries: number) =>
    `The books already have ${entries} journal ${entries === 1 ? "entry" : "entries"}: the demo data goes only into empty books (a fresh database).`,
} as const;

export class DemoBooksRefused extends Error {}

const actor: AuditActor = { userId: null, label: "demo data (npm run db:seed:demo)", ipAddress: null, userAgent: null };

/** A small deterministic generator (MINSTD, exact in doubles): the same demo books every time. */
function sequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
  return {
    /** An integer from min to max. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!,
  };
}

function done<T extends object>(result: UseCaseResult<T>, what: string): T {
  if (!result.ok) throw new Error(`demo data: ${what} was refused: ${result.message} ${JSON.stringify(result.errors)}`);
  return result;
}

const CUSTOMERS = [
  "Bashundhara Convention Hall",
  "Grameenphone Ltd.",
  "Nadia & Arif Wedding",
  "BRAC Bank",
  "Radisson Blu Dhaka",
  "Unilever Bangladesh",
  "Dhaka Fashion Week",
];
const SUPPLIERS = [
  "Rahim Generator Service",
  "Karim Transport",
  "Dhaka Truss Works",
  "Padma Printers",
  "DESCO",
  "Sound Hub BD",
];
const INCOME: [string, string][] = [
  ["Equipment Rental", "LED wall and sound rental"],
  ["Equipment Rental", "Stage lighting rental"],
  ["Service Fee", "Crew and technical service"],
  ["Sales", "Used par cans sold"],
  ["Consulting", "Event production consulting"],
];
const EXPENSES: [string, string][] = [
  ["Maintenance", "Moving head repair"],
  ["Transportation", "Truck hire to venue"],
  ["Utilities", "Warehouse electricity"],
  ["Office Expenses", "Office supplies"],
  ["Marketing", "Facebook ads"],
  ["Other Expenses", "Generator fuel"],
];

export interface DemoBooksResult {
  transactions: number;
  openItems: number;
  settlements: number;
  journals: number;
  reversals: number;
  from: string;
  to: string;
}

/** Posts the demo books; throws DemoBooksRefused when the books are not empty. */
export async function seedDemoBooks(db: Db, options: { today?: string } = {}): Promise<DemoBooksResult> {
  const [{ entries }] = (await queryRows<{ entries: number }>(
    db,
    sql`select count(*)::int as entries from journal_entries`,
  )) as [{ entries: number }];
  if (entries > 0) throw new DemoBooksRefused(DEMO_BOOKS_MESSAGES.notEmpty(entries));

  const today = options.today ?? todayInDhaka();
  const from = addDays(today, -90);
  const random = sequence(2126);
  const money = await roleAccounts(db, ["money.cash", "money.bank", "money.mobile_banking"]);
  const accountOf = {
    cash: money["money.cash"],
    bank: money["money.bank"],
    mobile_banking: money["money.mobile_banking"],
  };
  const result: DemoBooksResult = {
    transactions: 0,
    openItems: 0,
    settlements: 0,
    journals: 0,
    reversals: 0,
    from,
    to: today,
  };

  const journal = async (date: string, reference: string, description: string, lines: [string, string, string][]) => {
    const created = done(
      await createJournalEntry(
        db,
        {
          id: "",
          version: "",
          entryDate: date,
          reference,
          description,
          status: "posted",
          lines: lines.map(([code, debit, credit]) => ({
            accountId: seedId(`account:${code}`),
            debit,
            credit,
            description: "",
          })),
        },
        actor,
      ),
      `journal ${reference}`,
    );
    result.journals++;
    return created.id;
  };

  // The owner's capital, paid into the bank on the first day.
  await journal(from, "JV-OPEN", "Owner's capital paid in", [
    ["1100", "2500000.00", "0"],
    ["3000", "0", "2500000.00"],
  ]);

  const document = async (
    kind: MoneyDocumentKind,
    values: {
      date: string;
      type: "income" | "expense";
      category: string;
      description: string;
      amount: number;
      status: "completed" | "pending";
      party?: string;
      dueDate?: string;
    },
  ) => {
    const method = random.pick(["cash", "bank", "bank", "mobile_banking"] as const);
    return done(
      await createMoneyDocument(db, actor, kind, {
        date: values.date,
        type: values.type,
        category: values.category,
        description: values.description,
        amount: `${values.amount}.00`,
        paymentMethod: method,
        moneyAccountId: values.status === "completed" ? accountOf[method] : "",
        reference: "",
        status: values.status,
        party: values.party ?? "",
        dueDate: values.dueDate ?? "",
      }),
      `${kind} ${values.description}`,
    );
  };

  // Completed income and expenses, two or three a week.
  for (let day = 1; day <= 90; day += random.int(2, 4)) {
    const date = addDays(from, day);
    const [incomeCategory, incomeText] = random.pick(INCOME);
    await document("transaction", {
      date,
      type: "income",
      category: incomeCategory,
      description: `${incomeText}: ${random.pick(CUSTOMERS)}`,
      amount: random.int(15, 180) * 1000,
      status: "completed",
    });
    const [expenseCategory, expenseText] = random.pick(EXPENSES);
    await document("transaction", {
      date,
      type: "expense",
      category: expenseCategory,
      description: expenseText,
      amount: random.int(2, 40) * 500,
      status: "completed",
    });
    result.transactions += 2;
  }

  // Receivables and payables, some settled in full, some in part, some still open (a few overdue).
  for (let i = 0; i < 14; i++) {
    const date = addDays(from, 5 + i * 6);
    const income = i % 2 === 0;
    const amount = income ? random.int(60, 400) * 1000 : random.int(10, 120) * 1000;
    const party = income ? random.pick(CUSTOMERS) : random.pick(SUPPLIERS);
    const created = await document(income ? "receivable" : "payable", {
      date,
      type: income ? "income" : "expense",
      category: income
        ? random.pick(["Equipment Rental", "Service Fee"])
        : random.pick(["Maintenance", "Transportation", "Equipment Purchase"]),
      description: income ? "Event invoice" : "Supplier bill",
      amount,
      status: "pending",
      party,
      dueDate: addDays(date, 30),
    });
    result.openItems++;
    const share = i % 3; // 0: open, 1: half, 2: in full
    if (share === 0) continue;
    const method = random.pick(["cash", "bank", "mobile_banking"] as const);
    const paid = share === 2 ? amount : Math.round(amount / 2);
    const paidOn = addDays(date, random.int(7, 25));
    if (paidOn > today) continue;
    done(
      await settleOpenItem(db, actor, {
        id: created.id,
        date: paidOn,
        paymentMethod: method,
        moneyAccountId: accountOf[method],
        amount: `${paid}.00`,
        reference: `PAY-${i + 1}`,
      }),
      `settlement ${i + 1}`,
    );
    result.settlements++;
  }

  // Month-end journals: depreciation, the owner's drawings; and one mistaken entry, reversed.
  for (let month = 1; month <= 3; month++) {
    const date = addDays(from, month * 30 - 1);
    await journal(date, `JV-DEP-${month}`, "Depreciation of rental equipment", [
      ["6800", "45000.00", "0"],
      ["1510", "0", "45000.00"],
    ]);
  }
  await journal(addDays(from, 40), "JV-DRAW", "Owner's drawings", [
    ["3200", "60000.00", "0"],
    ["1100", "0", "60000.00"],
  ]);
  const mistaken = await journal(addDays(from, 50), "JV-RENT", "Warehouse rent booked to office rent by mistake", [
    ["6100", "35000.00", "0"],
    ["1100", "0", "35000.00"],
  ]);
  done(await reverseEntry(db, actor, { entryId: mistaken, date: addDays(from, 52) }), "the reversal");
  result.reversals++;
  await journal(addDays(from, 52), "JV-RENT-2", "Warehouse rent", [
    ["6110", "35000.00", "0"],
    ["1100", "0", "35000.00"],
  ]);
  return result;
}
