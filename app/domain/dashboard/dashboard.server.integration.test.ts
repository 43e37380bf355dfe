import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { chartOfAccounts } from "~/db/schema";
import { chartOfAccountsSeed } from "~/db/seed/accounting";
import { seedId } from "~/db/seed/ids";
import { twoLines } from "~/domain/accounting/journal";
import { writeEntry } from "~/domain/accounting/ledger.server";
import { lastWeekStarts } from "./periods";
import { loadDashboard, readActivity, readFigures, readWeeks } from "./dashboard.server";
import { withFixtureParties } from "../../../tests/support/ledger-parties";
import { addAudit, addContactMessage, addEmployee, addEvent, addItem, addQuotation } from "./test-support";

// Wednesday 2 December 2026, noon in Dhaka (UTC+6). The week began on Monday 30 November.
const NOW = new Date("2026-12-02T06:00:00Z");
const TODAY = "2026-12-02";
const DECEMBER = { start: "2026-12-01", next: "2027-01-01" };
const OLD = "2026-06-01T00:00:00Z"; // long before the chart's 12 weeks

const ids: Record<string, string> = {};

const account = (code: string) => seedId(`account:${code}`);
/** An entry of `amount` taka debited to one account and credited to another, posted (or a draft). */
const entry = (date: string, debit: string, credit: string, amount: bigint, status: "posted" | "draft" = "posted") =>
  getDb().transaction(async (tx) =>
    writeEntry(
      tx,
      {
        date,
        description: "test",
        source: { type: "manual" },
        lines: await withFixtureParties(tx, twoLines(account(debit), account(credit), amount)),
        createdBy: null,
      },
      status,
    ),
  );

beforeAll(async () => {
  const db = getDb();

  // The ledger: Monthly Revenue is December's income, credits less debits of the income accounts (issue 21).
  await db.insert(chartOfAccounts).values(chartOfAccountsSeed);
  await entry("2026-12-01", "1000", "4000", 1_000_000n); // rental income ৳10,000.00 received in cash
  await entry("2026-12-31", "1100", "4100", 200_050n); // service income ৳2,000.50 into the bank
  await entry("2026-12-15", "4000", "1000", 50_000n); // ৳500 of rental income refunded: a debit
  await entry("2026-11-30", "1300", "4300", 70_000n); // November's
  await entry("2027-01-01", "1300", "4000", 400_000n); // January's
  await entry("2026-12-10", "6100", "1000", 900_000n); // an expense is no revenue
  await entry("2026-12-05", "1000", "4900", 500_000n, "draft"); // nor is a draft

  // Inventory: 10 + 2 units that count, 4 + 1 under repair; 3 of the first promised today.
  const wall = await addItem(db, 10);
  await addItem(db, 2, "booked");
  const repair = await addItem(db, 4, "under-repair");
  await addItem(db, 1, "under-repair");

  // Quotations. Pending: three. Approved: the chart counts them by when they were approved, in Dhaka; they are no
  // revenue until the ledger holds their income.
  for (const createdAt of [OLD, OLD, OLD]) await addQuotation(db, { status: "pending", createdAt });
  // 18:30 UTC on 30 November is 00:30 on 1 December in Dhaka: December.
  await addQuotation(db, {
    status: "approved",
    total: "1000.50",
    createdAt: OLD,
    approvedEventAt: "2026-11-30T18:30:00Z",
    eventDate: TODAY,
    lines: [{ itemId: wall, quantity: 3 }],
  });
  // Responded at 23:59 on 30 November in Dhaka: November.
  await addQuotation(db, { status: "approved", total: "2000", createdAt: OLD, respondedAt: "2026-11-30T17:59:00Z" });
  // No event and no response: its last update (December) is when it was approved.
  await addQuotation(db, { status: "approved", total: "300", createdAt: OLD, updatedAt: "2026-12-01T09:00:00Z" });
  // Approved in November (its event says so), edited in December: still November.
  await addQuotation(db, {
    status: "approved",
    total: "5000",
    createdAt: OLD,
    approvedEventAt: "2026-11-10T10:00:00Z",
    updatedAt: "2026-12-01T10:00:00Z",
  });
  // Sent and rejected ones are no revenue, whatever their totals.
  await addQuotation(db, { status: "sent", total: "7000", createdAt: OLD, updatedAt: "2026-12-01T10:00:00Z" });
  await addQuotation(db, { status: "rejected", total: "9000", createdAt: OLD, respondedAt: "2026-12-01T10:00:00Z" });
  // Promised today, but of an item under repair, which has no units free anyway: changes nothing.
  await addQuotation(db, {
    status: "approved",
    createdAt: OLD,
    eventDate: TODAY,
    lines: [{ itemId: repair, quantity: 2 }],
  });
  // Revenue: events on the first and the last day of December count, without VAT and less the discount, however
  // long ago they were approved; an event in January or November does not, though approved in December.
  await addQuotation(db, {
    status: "approved",
    createdAt: OLD,
    eventDate: "2026-12-01",
    lines: [{ quantity: 10, unitPrice: "1000" }],
    discount: "500",
    total: "10925.00", // 9,500 + 15% VAT
  });
  await addQuotation(db, {
    status: "approved",
    createdAt: OLD,
    eventDate: "2026-12-31",
    lines: [{ quantity: 1, unitPrice: "2000.50" }],
    total: "2300.58",
  });
  await addQuotation(db, {
    status: "approved",
    createdAt: OLD,
    eventDate: "2027-01-01",
    lines: [{ quantity: 1, unitPrice: "4000" }],
    total: "4600",
    updatedAt: "2026-12-01T08:00:00Z",
  });
  await addQuotation(db, {
    status: "approved",
    createdAt: OLD,
    eventDate: "2026-11-30",
    lines: [{ quantity: 1, unitPrice: "700" }],
    total: "805",
    approvedEventAt: "2026-12-01T10:00:00Z",
  });
  // Sent, not approved: no revenue though its event is in December.
  await addQuotation(db, {
    status: "sent",
    createdAt: OLD,
    eventDate: "2026-12-10",
    lines: [{ quantity: 1, unitPrice: "9000" }],
    total: "10350",
  });

  // Events: upcoming today and later count; yesterday's and completed ones do not.
  await addEvent(db, TODAY);
  await addEvent(db, "2027-01-15");
  await addEvent(db, "2026-12-01");
  await addEvent(db, "2027-01-20", "completed");

  await addEmployee(db, "active");
  await addEmployee(db, "active");
  await addEmployee(db, "inactive");
});

describe("readFigures", () => {
  it("counts what is in the database, judged in Dhaka", async () => {
    expect(await readFigures(getDb(), TODAY, DECEMBER)).toEqual({
      pendingQuotations: 3,
      upcomingEvents: 2,
      availableUnits: 10 - 3 + 2,
      activeEmployees: 2,
      // December's income posted: ৳10,000 and ৳2,000.50, less the ৳500 refunded; no quotation counts.
      monthlyRevenue: "11500.50",
      itemsUnderRepair: 2,
    });
  });

  it("counts revenue from the ledger: the month's posted income, by the entries' dates", async () => {
    const november = await readFigures(getDb(), "2026-11-15", { start: "2026-11-01", next: "2026-12-01" });
    expect(november.monthlyRevenue).toBe("700.00");
    const january = await readFigures(getDb(), "2027-01-15", { start: "2027-01-01", next: "2027-02-01" });
    expect(january.monthlyRevenue).toBe("4000.00");
    const empty = await readFigures(getDb(), "2026-08-15", { start: "2026-08-01", next: "2026-09-01" });
    expect(empty.monthlyRevenue).toBe("0.00");
  });
});

describe("loadDashboard", () => {
  it("gives the cards with the figures, the revenue's source, and the time it read them", async () => {
    const dashboard = await loadDashboard(getDb(), { role: "admin", now: NOW });
    expect(dashboard.now).toBe("2026-12-02T06:00:00.000Z");
    expect(dashboard.cards.map((c) => [c.title, c.value])).toEqual([
      ["Pending Quotations", "3"],
      ["Upcoming Events", "2"],
      ["Available Equipment", "9"],
      ["Active Employees", "2"],
      ["Monthly Revenue", "৳11,501"],
      ["Items Under Repair", "2"],
    ]);
    expect(dashboard.cards[4]).toMatchObject({
      caption: "Income posted this month, from the ledger",
      hint: expect.stringContaining("৳11,500.50"),
      href: "/admin/accounts",
    });
    expect(dashboard.weeks).toHaveLength(12);
  });
});

describe("readWeeks", () => {
  const weeks = lastWeekStarts(TODAY, 12); // 2026-09-14 ... 2026-11-30

  beforeAll(async () => {
    const db = getDb();
    // Requests: Monday 00:30 in Dhaka is this week; Sunday 23:59 the week before; 13 weeks ago is off the chart.
    await addQuotation(db, { status: "pending", createdAt: "2026-11-29T18:30:00Z" });
    await addQuotation(db, { status: "pending", createdAt: "2026-11-29T17:59:00Z" });
    await addQuotation(db, { status: "pending", createdAt: "2026-09-13T17:00:00Z" });
    await addQuotation(db, { status: "pending", createdAt: "2026-09-14T02:00:00Z" });
    // A request made in October and approved this week.
    await addQuotation(db, {
      status: "approved",
      createdAt: "2026-10-07T08:00:00Z",
      approvedEventAt: "2026-12-01T08:00:00Z",
    });
  });

  it("counts requests and approvals per Dhaka week, Monday first, and gives empty weeks as zero", async () => {
    const series = await readWeeks(getDb(), weeks);
    expect(series.map((w) => w.weekStart)).toEqual(weeks);
    const byWeek = Object.fromEntries(series.map((w) => [w.weekStart, [w.requests, w.approvals]]));
    expect(byWeek).toEqual({
      "2026-09-14": [1, 0],
      "2026-09-21": [0, 0],
      "2026-09-28": [0, 0],
      "2026-10-05": [1, 0],
      "2026-10-12": [0, 0],
      "2026-10-19": [0, 0],
      "2026-10-26": [0, 0],
      "2026-11-02": [0, 0],
      // the approval recorded on 10 November
      "2026-11-09": [0, 1],
      "2026-11-16": [0, 0],
      "2026-11-23": [1, 0],
      // 18:30 UTC 29 Nov (a request), the approvals at 18:30 UTC 30 Nov and 17:59 UTC 30 Nov, 8:00 and 10:00 UTC
      // 1 Dec, and the two whose last update (1 Dec) is their approval
      "2026-11-30": [1, 6],
    });
  });
});

describe("readActivity", () => {
  beforeAll(async () => {
    const db = getDb();
    ids.quotation = await addQuotation(db, {
      status: "pending",
      eventName: "Corporate Event",
      customerName: "Nusrat Karim",
      createdAt: "2026-12-02T05:00:00Z",
    });
    ids.message = await addContactMessage(db, {
      name: "Farhana Akter",
      subject: "Sound for 400 guests",
      createdAt: "2026-12-02T05:30:00Z",
    });
    ids.invite = await addAudit(db, {
      action: "user.invited",
      entityType: "user",
      entityId: "u-1",
      summary: "Invited Rafiq as staff",
      createdAt: "2026-12-02T05:10:00Z",
    });
    ids.logo = await addAudit(db, {
      action: "logo.uploaded",
      entityType: "logo",
      entityId: "l-1",
      summary: "Uploaded the logo Grameenphone",
      createdAt: "2026-12-02T04:00:00Z",
    });
    ids.itemEdit = await addAudit(db, {
      action: "inventory.updated",
      entityType: "inventory_item",
      entityId: "i-1",
      summary: "Changed the price of Moving Head Beam Light",
      createdAt: "2026-12-02T03:00:00Z",
    });
    // Sign-ins and their failures stay in the audit log, however recent.
    await addAudit(db, {
      action: "auth.sign_in",
      entityType: "user",
      summary: "Signed in",
      createdAt: "2026-12-02T05:59:00Z",
    });
    await addAudit(db, {
      action: "auth.sign_in_failed",
      entityType: "user",
      summary: "Sign-in failed: wrong e-mail or password",
      createdAt: "2026-12-02T05:58:00Z",
    });
  });

  it("merges the three sources, newest first, ten at most, each with its link", async () => {
    const activity = await readActivity(getDb(), "admin");
    expect(activity).toHaveLength(10);
    expect(activity.slice(0, 5).map((a) => [a.text, a.href])).toEqual([
      ["New contact message from Farhana Akter", `/admin/inbox/${ids.message}`],
      ["Invited Rafiq as staff", "/admin/settings/users"],
      ["New quotation request received for Corporate Event", `/admin/quotations?view=${ids.quotation}`],
      ["Uploaded the logo Grameenphone", "/admin/logos"],
      ["Changed the price of Moving Head Beam Light", "/admin/inventory?edit=i-1"],
    ]);
    expect(activity[0]).toMatchObject({ at: "2026-12-02T05:30:00.000Z", detail: "Sound for 400 guests" });
    expect(activity[2]).toMatchObject({ detail: "From Nusrat Karim" });
    expect(activity.some((a) => a.text.startsWith("Signed in") || a.text.startsWith("Sign-in"))).toBe(false);
    const times = activity.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("shows staff no audit entries about users or logos", async () => {
    const activity = await readActivity(getDb(), "staff");
    expect(activity.map((a) => a.text).slice(0, 3)).toEqual([
      "New contact message from Farhana Akter",
      "New quotation request received for Corporate Event",
      "Changed the price of Moving Head Beam Light",
    ]);
  });

  it("shows the accountant quotations but no contact messages", async () => {
    const activity = await readActivity(getDb(), "accountant");
    expect(activity[0]?.text).toBe("New quotation request received for Corporate Event");
    expect(activity.every((a) => a.kind === "quotation")).toBe(true);
  });
});
