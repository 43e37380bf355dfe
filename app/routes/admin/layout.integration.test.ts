// The back office's header names the employee a sign-in acts as in tasks and leave (issue 19, security point 8):
// linked by employees.user_id, or until linked by the sign-in's e-mail; the login's own name otherwise.
import { afterEach, describe, expect, it } from "vitest";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import { callRoute, cookieHeader, signedInUser, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { getEnv, setEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { loader } from "./layout";

describe("the back office header's name", () => {
  it("is the linked employee's name, not the login's, for an administrator", async () => {
    const admin = await signedInUser("admin", { name: "Administrator" });
    await insertEmployee("Tanvir Rahman", { user: admin });
    const { user } = await callRoute(loader, "/admin", { as: admin });
    expect(user).toMatchObject({ name: "Tanvir Rahman", employeeName: "Tanvir Rahman", role: "Administrator" });
  });

  it("is the employee with the sign-in's e-mail while not yet linked", async () => {
    const staff = await signedInUser("staff", { name: "shila" });
    await insertEmployee("Shila Akter", { user: staff, link: false });
    const { user } = await callRoute(loader, "/admin", { as: staff });
    expect(user).toMatchObject({ name: "Shila Akter", employeeName: "Shila Akter", role: "Staff" });
  });

  it("is the login's name when no active employee is linked", async () => {
    const accountant = await signedInUser("accountant", { name: "Outside Auditor" });
    await insertEmployee("Former Self", { user: accountant, status: "inactive" });
    const { user } = await callRoute(loader, "/admin", { as: accountant });
    expect(user).toMatchObject({ name: "Outside Auditor", employeeName: null, role: "Accountant" });
  });
});

// Issue 20: while SMTP_URL is unset nothing leaves the outbox; administrators are told so while messages wait.
describe("the e-mail banner", () => {
  const original = getEnv();
  const withSmtp = (smtpUrl: string | undefined) => setEnv({ ...original, smtpUrl });
  afterEach(async () => {
    setEnv(original);
    await getDb().delete(emailOutbox);
  });
  const waitingFor = async (as: TestUser) => (await callRoute(loader, "/admin", { as })).emailWaiting;
  const queue = (n: number, status: "pending" | "sent" = "pending") =>
    getDb()
      .insert(emailOutbox)
      .values(
        Array.from({ length: n }, (_, i) => ({
          toAddress: `someone${i}@example.com`,
          subject: "Your quotation",
          textBody: "Hello",
          kind: "quotation.sent",
          status,
        })),
      );

  it("counts an administrator's waiting messages without SMTP_URL, none while nothing waits", async () => {
    const admin = await signedInUser("admin");
    withSmtp(undefined);
    expect(await waitingFor(admin)).toEqual({ count: 0, more: false });
    // Delivered messages do not wait.
    await queue(2, "sent");
    expect(await waitingFor(admin)).toEqual({ count: 0, more: false });
    await queue(3);
    expect(await waitingFor(admin)).toEqual({ count: 3, more: false });
    // Past the cap it says "100+" instead of counting every row.
    await queue(120);
    expect(await waitingFor(admin)).toEqual({ count: 100, more: true });
  });

  it("is not there with SMTP_URL set, nor for staff and accountants, who may not open the outbox", async () => {
    const [admin, staff, accountant] = await Promise.all([
      signedInUser("admin"),
      signedInUser("staff"),
      signedInUser("accountant"),
    ]);
    await queue(1);
    withSmtp("smtp://mail.example.com:587");
    expect(await waitingFor(admin)).toBeNull();
    withSmtp(undefined);
    expect(await waitingFor(staff)).toBeNull();
    expect(await waitingFor(accountant)).toBeNull();
    expect(await waitingFor(admin)).toEqual({ count: 1, more: false });
  });
});

describe("a toast's link across a redirect", () => {
  it("reaches the page with its link to a path of this site, and loses a link to anywhere else", async () => {
    const admin = await signedInUser("admin");
    const toastAfter = async (href: string) => {
      const redirect = await redirectWithToast("/admin", {
        type: "success",
        message: "Quotation saved.",
        link: { href, label: "Open in the outbox" },
      });
      const flash = cookieHeader(redirect.headers.getSetCookie());
      return (await callRoute(loader, "/admin", { as: { cookie: `${admin.cookie}; ${flash}` } })).flashToast;
    };
    expect(await toastAfter("/admin/outbox/1")).toEqual({
      type: "success",
      message: "Quotation saved.",
      link: { href: "/admin/outbox/1", label: "Open in the outbox" },
    });
    for (const href of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"])
      expect(await toastAfter(href), href).toEqual({ type: "success", message: "Quotation saved." });
  });
});
