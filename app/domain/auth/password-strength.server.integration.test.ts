import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { accounts, auditLog, companySettings, customers } from "~/db/schema";
import { sessionOf, signedInUser } from "../../../tests/support/signed-in-request";
import { changeOwnPassword } from "./account.server";
import { passwordUserInputs } from "./password-strength.server";

// Issue 38, finding 6: a password built from the account's own name or company passed. The inputs zxcvbn is
// given are looked up wherever a password is set: the user's e-mail and name, the customer record's name and
// organisation, and this company's own name.

beforeAll(async () => {
  await getDb()
    .insert(companySettings)
    .values({ name: "Meghna Decor House", address: "Dhaka", notificationEmail: "office@example.com" });
  await getDb()
    .insert(customers)
    .values([
      { name: "Nusrat Jahan", organisation: "Dhaka Fashion Week Ltd.", email: "Nusrat@Example.com" },
      { name: "Old Record", organisation: "Ghost Company", email: "old@example.com" },
    ]);
  const [kept] = await getDb().insert(customers).values({ name: "Kept", email: null }).returning({ id: customers.id });
  await getDb()
    .update(customers)
    .set({ mergedIntoId: kept!.id, mergedAt: new Date(), email: "nusrat@example.com" })
    .where(eq(customers.email, "old@example.com"));
});

describe("passwordUserInputs", () => {
  it("names the user, the live customer record of their address (any case) and the company, not a merged record", async () => {
    const inputs = await passwordUserInputs(getDb(), { email: "nusrat@example.com", name: "Nusrat" });
    expect(inputs.sort()).toEqual(
      ["nusrat@example.com", "Nusrat", "Nusrat Jahan", "Dhaka Fashion Week Ltd.", "Meghna Decor House"].sort(),
    );
  });
});

describe("changing one's password", () => {
  async function change(user: Awaited<ReturnType<typeof signedInUser>>, newPassword: string) {
    const form = new FormData();
    form.set("currentPassword", user.password);
    form.set("newPassword", newPassword);
    form.set("confirmPassword", newPassword);
    const headers = new Headers({ cookie: user.cookie });
    const session = await sessionOf(user.cookie);
    return changeOwnPassword(getDb(), form, {
      headers,
      user: session!.user,
      actor: { userId: user.id, label: user.email, ipAddress: "203.0.113.50", userAgent: "vitest" },
    });
  }
  const hashOf = async (userId: string) =>
    (await getDb().select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, userId)))[0]
      ?.password;

  it("refuses a customer's password built from their company's name, naming the field, changing nothing", async () => {
    const user = await signedInUser("customer", { name: "Nusrat Jahan", email: "nusrat@example.com" });
    const before = await hashOf(user.id);
    const outcome = await change(user, "dhakafashionweek");
    expect(outcome).toMatchObject({ ok: false, refusal: "invalid" });
    expect(!outcome.ok && outcome.errors.newPassword).toMatch(/^New password is too easy to guess\. /);
    expect(await hashOf(user.id)).toBe(before);
    expect(await getDb().$count(auditLog, eq(auditLog.action, "auth.password_changed"))).toBe(0);
  });

  it("refuses a staff password built from this company's name", async () => {
    const user = await signedInUser("staff", { name: "Shila Akter" });
    const outcome = await change(user, "meghnadecorhouse");
    expect(!outcome.ok && outcome.errors.newPassword).toMatch(/^New password is too easy to guess\. /);
  });
});
