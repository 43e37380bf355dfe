import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { jobReference } from "~/domain/jobs/constants";
import { JOB_CALENDAR_MESSAGES } from "~/domain/jobs/job-calendar";
import { JOB_LIST_MESSAGES } from "~/domain/jobs/job-list";
import { WAREHOUSE_DAY_MESSAGES } from "~/domain/jobs/warehouse-day.server";
import { approveQuotation } from "~/domain/quotations/change-status.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { insertItem, insertQuotation } from "../../../../tests/support/quotation-fixtures";
import { callRoute, signedInUser, thrownBy, type TestUser } from "../../../../tests/support/signed-in-request";
import { loader as calendarLoader } from "./calendar";
import { loader as dayLoader } from "./day";
import { loader as listLoader } from "./list";

// The jobs list, the calendar and the warehouse's day as their routes answer (issue 26): staff and accountants see
// the same jobs, a customer sees none; a value the address gives but the screen cannot read is named.

let staff: TestUser;
let accountant: TestUser;
let customer: TestUser;
let reference: string;
const today = todayInDhaka();

beforeAll(async () => {
  [staff, accountant, customer] = await Promise.all([
    signedInUser("staff"),
    signedInUser("accountant"),
    signedInUser("customer"),
  ]);
  const item = await insertItem("LED wall", 50);
  // A job for today: it leaves today, and is in this month and this week.
  const q = await insertQuotation("pending", "buyer@example.com", [[item, 4]], {
    eventName: "Route Gala",
    eventDate: today,
    rentalEndDate: today,
  });
  const approved = await approveQuotation(getDb(), q.id, {
    kind: "staff",
    audit: { userId: staff.id, label: staff.email, ipAddress: null, userAgent: null },
  });
  if (!approved.ok) throw new Error(approved.message);
  const [job] = await getDb().select().from(jobs).where(eq(jobs.quotationId, q.id));
  reference = jobReference(job!.number);
});

const list = (query: string, as: TestUser) => callRoute(listLoader, `/admin/jobs${query}`, { as });
const calendar = (query: string, as: TestUser) => callRoute(calendarLoader, `/admin/jobs/calendar${query}`, { as });
const day = (query: string, as: TestUser) => callRoute(dayLoader, `/admin/jobs/day${query}`, { as });

describe("who sees the jobs", () => {
  it.each([["staff"], ["accountant"]] as const)("%s sees the list, the calendar and the day", async (role) => {
    const as = role === "staff" ? staff : accountant;
    expect((await list("", as)).page.rows.map((r) => r.reference)).toEqual([reference]);
    expect((await calendar("", as)).jobs.map((j) => j.reference)).toEqual([reference]);
    expect((await calendar("?show=week", as)).jobs.map((j) => j.reference)).toEqual([reference]);
    const leaving = (await day("", as)).day.leaving;
    expect(leaving.map((j) => [j.reference, j.lines.map((l) => [l.name, l.quantity])])).toEqual([
      [reference, [["LED wall", 4]]],
    ]);
  });

  it("refuses a customer every one of them", async () => {
    for (const call of [list, calendar, day]) {
      const refused = await thrownBy(call("", customer));
      // A portal session is no back-office session: to the back office's sign-in.
      expect(refused.status).toBe(302);
      expect(refused.location).toMatch(/^\/admin\/login\?redirectTo=/);
    }
  });
});

describe("addresses that cannot be read", () => {
  it("the list names each value it leaves out", async () => {
    const answer = await list("?status=lost&from=2027-02-30&sort=price", staff);
    expect(answer.errors).toEqual({
      status: JOB_LIST_MESSAGES.status,
      from: JOB_LIST_MESSAGES.from,
      sort: JOB_LIST_MESSAGES.sort,
    });
    expect(answer.page.rows.map((r) => r.reference)).toEqual([reference]);
    expect((await list("?status=planned&q=route", staff)).errors).toEqual({});
  });

  it("the calendar names a month or a day it cannot read and shows this month or week", async () => {
    const month = await calendar("?month=2027-13", staff);
    expect(month.request).toMatchObject({ view: "month", month: today.slice(0, 7) });
    expect(month.request.errors).toEqual({ month: JOB_CALENDAR_MESSAGES.month });
    const week = await calendar("?show=week&date=tomorrow", staff);
    expect(week.request.errors).toEqual({ date: JOB_CALENDAR_MESSAGES.date });
    expect(week.jobs.map((j) => j.reference)).toEqual([reference]);
    expect((await calendar("?show=agenda", staff)).request.errors).toEqual({ show: JOB_CALENDAR_MESSAGES.show });
  });

  it("the day names a date it cannot read and shows today, with links to the days either side", async () => {
    const answer = await day("?date=2027-02-29", staff);
    expect(answer.errors).toEqual({ date: WAREHOUSE_DAY_MESSAGES.date });
    expect(answer.day.date).toBe(today);
    const other = await day("?date=2027-03-01", staff);
    expect(other).toMatchObject({
      errors: {},
      previous: "/admin/jobs/day?date=2027-02-28",
      next: "/admin/jobs/day?date=2027-03-02",
    });
    expect(other.day.leaving).toEqual([]);
  });
});
