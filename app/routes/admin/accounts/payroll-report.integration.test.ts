// Payroll's Generate Report through its route (issue 25): the month's register as PDF and CSV for those who see the
// accounts; a bad month or format answered 400 naming the parameter, a month never processed 404 with its message;
// staff refused (403), visitors and customers sent to sign in.
import { beforeAll, describe, expect, it } from "vitest";
import { pdfWords } from "../../../../tests/support/pdf-text";
import {
  ANONYMOUS,
  callRoute,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { PAYROLL_REGISTER_MESSAGES as M, payrollRegister } from "~/domain/payroll/payroll-register.server";
import { loader } from "./payroll-report";

const PATH = "/admin/accounts/payroll/report";
const NOW = new Date("2026-11-27T06:00:00Z");

let admin: TestUser;
let accountant: TestUser;
let staff: TestUser;
let customer: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  [admin, accountant, staff, customer] = await Promise.all([
    signedInUser("admin"),
    signedInUser("accountant"),
    signedInUser("staff"),
    signedInUser("customer"),
  ]);
  const run = await processPayroll(
    getDb(),
    { userId: accountant.id, label: accountant.email, ipAddress: null, userAgent: null },
    { month: "2026-11" },
    NOW,
  );
  if (!run.ok) throw new Error(JSON.stringify(run));
});

const get = (query: string, as: TestUser = accountant) => callRoute(loader, `${PATH}${query}`, { as });

describe(PATH, () => {
  it("sends the month's register as a PDF (the default) and as a CSV", async () => {
    const register = (await payrollRegister(getDb(), "2026-11"))!;
    const pdf = (await get("?month=2026-11")) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain("payroll-register-2026-11.pdf");
    const words = pdfWords(new Uint8Array(await pdf.arrayBuffer()));
    expect(words).toContain("Payroll register — November 2026");
    expect(words).toContain(`Net payable ৳${Number(register.totals.net).toLocaleString("en-US")}`);

    const csv = (await get("?month=2026-11&format=csv", admin)) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toContain("payroll-register-2026-11.csv");
    const body = await csv.text();
    // Response.text() drops the byte order mark; the bytes carry it.
    expect(body).toContain("Employee,Position,Department,Payment method,Days paid,Days in month,Basic,");
    expect(body).toContain(`Total,,,,,,${register.totals.basic},`);
    expect(body).toContain(`,${register.totals.net},"Processed, not yet paid"\r\n`);
  });

  it.each([
    ["", M.monthInvalid],
    ["?month=November", M.monthInvalid],
    ["?month=2026-13&format=pdf", M.monthInvalid],
    ["?month=2026-11&format=xlsx", M.formatInvalid],
  ])("answers %j with 400 and the parameter's message", async (query, message) => {
    expect(await thrownBy(get(query))).toEqual({ status: 400, body: message, location: null });
  });

  it("answers a month never processed with 404 and says so", async () => {
    expect(await thrownBy(get("?month=2026-10&format=csv"))).toEqual({
      status: 404,
      body: M.notProcessed("2026-10"),
      location: null,
    });
  });

  it("is for those who see the accounts: staff refused, visitors and customers sent to sign in", async () => {
    expect(await thrownBy(get("?month=2026-11", staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(get("?month=2026-11", ANONYMOUS))).toMatchObject({
      status: 302,
      location: expect.stringContaining("/admin/login"),
    });
    expect(await thrownBy(get("?month=2026-11", customer))).toMatchObject({
      status: 302,
      location: expect.stringContaining("/admin/login"),
    });
  });
});
