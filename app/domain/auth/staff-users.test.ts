import { describe, expect, it } from "vitest";
import { changeRoleSchema, inviteUserSchema } from "./staff-users";

describe("inviteUserSchema", () => {
  it("trims the name and keeps the e-mail address in lower case", () => {
    expect(
      inviteUserSchema.parse({ name: "  Nadia Rahman ", email: " Nadia@Example.COM ", role: "accountant" }),
    ).toEqual({
      name: "Nadia Rahman",
      email: "nadia@example.com",
      role: "accountant",
    });
  });

  it.each([
    [{ name: "", email: "a@example.com", role: "staff" }, "name", "Name is required"],
    [{ name: "x".repeat(101), email: "a@example.com", role: "staff" }, "name", "Name must be at most 100 characters"],
    [{ name: "Two\nLines", email: "a@example.com", role: "staff" }, "name", "Name must be one line of plain text"],
    [{ name: "Nadia", email: "", role: "staff" }, "email", "Email is required"],
    [{ name: "Nadia", email: "Nadia <a@example.com>", role: "staff" }, "email", "Invalid email address"],
    [
      { name: "Nadia", email: "a@example.com", role: "customer" },
      "role",
      "Choose a role: Administrator, Staff or Accountant",
    ],
    [{ name: "Nadia", email: "a@example.com" }, "role", "Choose a role: Administrator, Staff or Accountant"],
  ])("refuses %j on %s", (input, field, message) => {
    const result = inviteUserSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([[field, message]]);
  });
});

describe("changeRoleSchema", () => {
  it("takes a user id and one of the back-office roles", () => {
    const userId = "6f1d3f0e-8c1b-4b55-9a51-5d0c2f3b9e11";
    expect(changeRoleSchema.parse({ userId, role: "admin" })).toEqual({ userId, role: "admin" });
    expect(changeRoleSchema.safeParse({ userId: "1", role: "admin" }).success).toBe(false);
  });
});
