import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { chartOfAccounts } from "~/db/schema";
import { chartOfAccountsSeed } from "~/db/seed/accounting";
import { seedId } from "~/db/seed/ids";
import { twoLines } from "~/domain/accounting/journal";
import { postEntry } from "~/domain/accounting/ledger.server";
import { signInStaff } from "~/domain/auth/sign-in.server";
import type { UserRole } from "~/domain/auth/roles";
import { createPasswordUser } from "~/domain/auth/users.server";
import { addContactMessage, addEmployee, addEvent, addItem, addQuotation } from "~/domain/dashboard/test-support";
import { addDays } from "~/domain/dashboard/periods";
import { todayInDhaka } from "~/lib/dhaka-time";
import { createRequestContext } from "~/lib/request-context";
import { loader } from "./dashboard";
import type { Route } from "./+types/dashboard";

// The loader as the router calls it, for users signed in through the real sign-in, on the figures of today.

async function signedIn(role: UserRole, mustChangePassword = false): Promise<string> {
  const email = `${role}${mustChangePassword ? "-new" : ""}@example.com`;
  const password = `${role}-password-1`;
  await createPasswordUser(getDb(), { name: role, email, password, role, mustChangePassword });
  const form = new FormData();
  form.append("email", email);
  form.append("password", password);
  const outcome = await signInStaff(getDb(), form, {
    headers: new Headers(),
    actor: { ipAddress: "203.0.113.60", userAgent: "vitest" },
  });
  if (!outcome.ok) throw new Error(`could not sign in ${email}`);
  return outcome.setCookies.map((c) => c.split(";")[0]).join("; ");
}

function load(cookie = "") {
  return loader({
    request: new Request("http://localhost/admin", { headers: cookie ? { cookie } : {} }),
    params: {},
    context: createRequestContext({ clientAddress: "203.0.113.60" }),
  } as unknown as Route.LoaderArgs);
}

async function refusal(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("the loader answered instead of refusing");
}

const cookies: Partial<Record<UserRole, string>> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = getDb();
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
  const today = todayInDhaka();

  const wall = await addItem(db, 20);
  await addItem(db, 5, "booked");
  await addItem(db, 3, "under-repair");
  ids.pending1 = await addQuotation(db, {
    status: "pending",
    eventName: "Corporate Event",
    createdAt: minutesAgo(60),
  });
  ids.pending2 = await addQuotation(db, { status: "pending", eventName: "Holud Night", createdAt: minutesAgo(5) });
  // Approved a second ago for an event today: 4 walls promised today (no revenue until the ledger holds it).
  await addQuotation(db, {
    status: "approved",
    total: "115000",
    eventName: "Product Launch",
    eventDate: today,
    createdAt: minutesAgo(3 * 24 * 60),
    approvedEventAt: new Date(now - 1000).toISOString(),
    lines: [{ itemId: wall, quantity: 4, unitPrice: "25000" }],
  });
  // Monthly Revenue: the income the ledger holds for this month (issue 21), ৳100,000 received today.
  await db.insert(chartOfAccounts).values(chartOfAccountsSeed);
  await db.transaction((tx) =>
    postEntry(tx, {
      date: today,
      description: "Product Launch rental",
      source: { type: "manual" },
      lines: twoLines(seedId("account:1100"), seedId("account:4000"), 10_000_000n),
      createdBy: null,
    }),
  );
  await addEvent(db, today);
  await addEvent(db, addDays(today, 10));
  await addEvent(db, addDays(today, -1));
  await addEmployee(db, "active");
  await addEmployee(db, "inactive");
  ids.message = await addContactMessage(db, {
    name: "Farhana Akter",
    subject: "Sound for 400 guests",
    createdAt: minutesAgo(30),
  });

  for (const role of ["admin", "staff", "accountant"] as const) cookies[role] = await signedIn(role);
});

describe("/admin loader", () => {
  it("sends a visitor who is not signed in to the sign-in page", async () => {
    const response = await refusal(load());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
  });

  it("sends a user who must change their password to the password form first", async () => {
    const response = await refusal(load(await signedIn("staff", true)));
    expect(response.headers.get("Location")).toBe("/admin/change-password");
  });

  it("gives the administrator today's figures from the database, each linked to its list", async () => {
    const dashboard = await load(cookies.admin);
    expect(Object.fromEntries(dashboard.cards.map((c) => [c.title, c.value]))).toEqual({
      "Pending Quotations": "2",
      "Upcoming Events": "2",
      "Available Equipment": String(20 - 4 + 5),
      "Active Employees": "1",
      "Monthly Revenue": "৳100,000",
      "Items Under Repair": "1",
    });
    expect(dashboard.cards.every((c) => c.href !== null)).toBe(true);
    expect(dashboard.cards.find((c) => c.title === "Monthly Revenue")).toMatchObject({
      caption: "Income posted this month, from the ledger",
      href: "/admin/accounts",
    });
  });

  it("lists the new quotation requests and the contact message, newest first, without the sign-ins", async () => {
    const { activity, now } = await load(cookies.admin);
    expect(Date.now() - new Date(now).getTime()).toBeLessThan(60_000);
    expect(activity.map((a) => [a.text, a.href])).toEqual([
      ["New quotation request received for Holud Night", `/admin/quotations?view=${ids.pending2}`],
      ["New contact message from Farhana Akter", `/admin/inbox/${ids.message}`],
      ["New quotation request received for Corporate Event", `/admin/quotations?view=${ids.pending1}`],
      ["New quotation request received for Product Launch", expect.stringMatching(/^\/admin\/quotations\?view=/)],
    ]);
  });

  it("counts the requests and the approval in the chart's twelve weeks", async () => {
    const { weeks } = await load(cookies.admin);
    expect(weeks).toHaveLength(12);
    const total = weeks.reduce((sum, w) => sum + w.requests, 0);
    expect(total).toBe(3);
    expect(weeks.reduce((sum, w) => sum + w.approvals, 0)).toBe(1);
  });

  it("shows the accountant all six figures, linking only the lists an accountant may open, and no inbox", async () => {
    const dashboard = await load(cookies.accountant);
    expect(Object.fromEntries(dashboard.cards.map((c) => [c.title, c.href]))).toEqual({
      "Pending Quotations": "/admin/quotations?status=pending",
      "Upcoming Events": null,
      "Available Equipment": null,
      "Active Employees": "/admin/employees?status=active",
      "Monthly Revenue": "/admin/accounts",
      "Items Under Repair": null,
    });
    expect(dashboard.cards.map((c) => c.value)).toEqual(["2", "2", "21", "1", "৳100,000", "1"]);
    expect(dashboard.activity.map((a) => a.kind)).toEqual(["quotation", "quotation", "quotation"]);
  });

  it("links every card for staff but Monthly Revenue, whose Transactions staff may not open", async () => {
    const dashboard = await load(cookies.staff);
    expect(dashboard.cards.map((c) => c.href)).toEqual([
      "/admin/quotations?status=pending",
      "/admin/events?status=upcoming",
      "/admin/inventory",
      "/admin/employees?status=active",
      null,
      "/admin/inventory?status=under-repair",
    ]);
    expect(dashboard.activity.some((a) => a.kind === "contact")).toBe(true);
  });
});
