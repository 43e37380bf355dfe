import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { accounts, users } from "~/db/schema";
import { ensureCustomerAccount } from "./customer-accounts.server";
import { signInCustomer } from "./sign-in.server";
import { createPasswordUser } from "./users.server";

async function userOf(email: string) {
  return getDb()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

describe("ensureCustomerAccount", () => {
  it("makes a customer who must change the generated password, and signs in with it", async () => {
    const db = getDb();
    const made = await ensureCustomerAccount(db, { email: "  New.Buyer@Example.com ", name: "New Buyer" });
    expect(made.isCustomer).toBe(true);
    expect(made.password).toMatch(/^[A-Za-z2-9]{16}$/);
    const [user] = await userOf("new.buyer@example.com");
    expect(user).toMatchObject({
      id: made.userId,
      email: "new.buyer@example.com",
      name: "New Buyer",
      role: "customer",
      mustChangePassword: true,
    });
    expect(await db.$count(accounts, eq(accounts.userId, made.userId))).toBe(1);

    const form = new FormData();
    form.set("email", "new.buyer@example.com");
    form.set("password", made.password!);
    const outcome = await signInCustomer(db, form, {
      headers: new Headers(),
      actor: { ipAddress: "203.0.113.9", userAgent: "vitest" },
    });
    expect(outcome).toMatchObject({ ok: true });
  });

  it("leaves an existing customer as they are, password and all, whatever the case of the address", async () => {
    const db = getDb();
    const first = await ensureCustomerAccount(db, { email: "repeat@example.com", name: "Repeat" });
    const again = await ensureCustomerAccount(db, { email: "REPEAT@example.com", name: "Someone Else" });
    expect(again).toEqual({ userId: first.userId, password: null, isCustomer: true });
    const [user] = await userOf("repeat@example.com");
    expect(user!.name).toBe("Repeat");
  });

  it("gives a back-office user's address no customer account", async () => {
    const db = getDb();
    const staff = await createPasswordUser(db, {
      name: "Staff",
      email: "staff.member@example.com",
      password: "a-long-password",
      role: "staff",
    });
    expect(await ensureCustomerAccount(db, { email: "Staff.Member@example.com", name: "X" })).toEqual({
      userId: staff.id,
      password: null,
      isCustomer: false,
    });
  });

  it("makes one account when two sends to a new address run at once", async () => {
    const db = getDb();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        db.transaction((tx) => ensureCustomerAccount(tx, { email: "race@example.com", name: "Race" })),
      ),
    );
    expect(new Set(results.map((r) => r.userId)).size).toBe(1);
    expect(results.filter((r) => r.password !== null)).toHaveLength(1);
    expect(await userOf("race@example.com")).toHaveLength(1);
  });
});
