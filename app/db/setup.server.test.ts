import { describe, expect, it } from "vitest";
import { adminCredentialLines } from "./setup.server";

describe("adminCredentialLines", () => {
  it("says which employee the first administrator is", () => {
    const lines = adminCredentialLines(
      {
        email: "admin@utsabevents.com.bd",
        generatedPassword: "abcdEFGH23456789",
        employee: { name: "Tanvir Rahman", position: "Manager", department: "Operations" },
      },
      "http://localhost:3000",
    );
    expect(lines).toEqual([
      "Administrator account created",
      "  Sign in at: http://localhost:3000/admin/login",
      "  E-mail:     admin@utsabevents.com.bd",
      "  Password:   abcdEFGH23456789   (shown only this once; you will be asked to change it)",
      "  Employee:   Tanvir Rahman, Operations Manager (leave and tasks act as this person)",
    ]);
  });

  it("says so when the administrator is no employee (the seeded one already had a sign-in)", () => {
    const lines = adminCredentialLines({ email: "boss@example.com" }, "https://example.com");
    expect(lines.at(-2)).toBe("  Password:   the one given in ADMIN_PASSWORD");
    expect(lines.at(-1)).toBe("  Employee:   none linked (add one under Employees and give it this sign-in)");
  });
});
