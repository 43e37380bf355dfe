// One's own payslip (issue 25) through /admin/payslips/:id/pdf and the accounts' /admin/accounts/payroll/payslips/
// :id/pdf: an employee signed in gets their own payslip and nobody else's (answered exactly as an unknown id, so ids
// are not confirmed); those who see the accounts get any; staff are refused the accounts' route; customers and
// visitors are sent to sign in.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfWords } from "../../../tests/support/pdf-text";
import { ANONYMOUS, callRoute, signedInUser, thrownBy, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { employees, payslips } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { PAYSLIP_NOT_FOUND } from "~/domain/payroll/payslip-pdf-text";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { loader as accountsLoader } from "./accounts/payslip-pdf";
import { loader as ownLoader } from "./my-payslip-pdf";

const NOW = new Date("2026-11-27T06:00:00Z");
const EMPLOYEE_A = seedId("employee:rakib-hasan");
const EMPLOYEE_B = seedId("employee:sadia-islam");

let accountant: TestUser;
let userA: TestUser;
let userB: TestUser;
let staffNoEmployee: TestUser;
let customer: TestUser;
let slipA = "";
let slipB = "";

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, userA, userB, staffNoEmployee, customer] = await Promise.all([
    signedInUser("accountant"),
    signedInUser("staff", { name: "Rakib Hasan" }),
    signedInUser("staff", { name: "Sadia Islam" }),
    signedInUser("staff"),
    signedInUser("customer"),
  ]);
  await getDb().update(employees).set({ userId: userA.id }).where(eq(employees.id, EMPLOYEE_A));
  await getDb().update(employees).set({ userId: userB.id }).where(eq(employees.id, EMPLOYEE_B));
  const run = await processPayroll(
    getDb(),
    { userId: accountant.id, label: accountant.email, ipAddress: null, userAgent: null },
    { month: "2026-11" },
    NOW,
  );
  if (!run.ok) throw new Error(JSON.stringify(run));
  const slips = await getDb().select().from(payslips).where(eq(payslips.payrollRunId, run.runId));
  slipA = slips.find((s) => s.employeeId === EMPLOYEE_A)!.id;
  slipB = slips.find((s) => s.employeeId === EMPLOYEE_B)!.id;
});

const own = (id: string, as: TestUser) => callRoute(ownLoader, `/admin/payslips/${id}/pdf`, { as, params: { id } });
const accounts = (id: string, as: TestUser) =>
  callRoute(accountsLoader, `/admin/accounts/payroll/payslips/${id}/pdf`, { as, params: { id } });
const notFound = { status: 404, body: PAYSLIP_NOT_FOUND, location: null };

describe("/admin/payslips/:id/pdf: one's own payslip", () => {
  it("sends an employee their own payslip as a PDF", async () => {
    const response = (await own(slipA, userA)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toContain("payslip-2026-11-rakib-hasan.pdf");
    const words = pdfWords(new Uint8Array(await response.arrayBuffer()));
    expect(words).toContain("Payslip — November 2026");
    expect(words).toContain("Employee Rakib Hasan");
    expect(pdfWords(new Uint8Array(await ((await own(slipB, userB)) as Response).arrayBuffer()))).toContain(
      "Employee Sadia Islam",
    );
  });

  it("user B cannot reach user A's payslip: 404, the same as an id that names none", async () => {
    expect(await thrownBy(own(slipA, userB))).toEqual(notFound);
    expect(await thrownBy(own(slipB, userA))).toEqual(notFound);
    expect(await thrownBy(own(crypto.randomUUID(), userB))).toEqual(notFound);
    expect(await thrownBy(own("not-an-id", userB))).toEqual(notFound);
    // A staff user who is no employee reaches nobody's; nor, on the accounts' route, anybody's at all.
    expect(await thrownBy(own(slipA, staffNoEmployee))).toEqual(notFound);
    expect(await thrownBy(accounts(slipA, userB))).toMatchObject({ status: 403 });
    expect(await thrownBy(accounts(slipB, userB))).toMatchObject({ status: 403 });
  });

  it("sends visitors and customers to sign in", async () => {
    for (const as of [ANONYMOUS, customer]) {
      expect(await thrownBy(own(slipA, as))).toMatchObject({
        status: 302,
        location: expect.stringContaining("/admin/login"),
      });
    }
  });

  it("lets one who sees the accounts have any payslip, on either route", async () => {
    for (const response of [await own(slipA, accountant), await accounts(slipB, accountant)]) {
      expect((response as Response).headers.get("content-type")).toBe("application/pdf");
    }
    expect(await thrownBy(accounts(crypto.randomUUID(), accountant))).toEqual(notFound);
  });
});
