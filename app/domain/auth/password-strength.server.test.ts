import { describe, expect, it } from "vitest";
import { weakPasswordMessage } from "./password-strength.server";

describe("weakPasswordMessage", () => {
  it.each([
    ["12345678", "This is a heavily used password."],
    ["password1", "This is a commonly used password."],
    ["        ", 'Repeated characters like "aaa" are easy to guess.'],
    ["qwertyuiop", "This is a frequently used password."],
  ])("refuses %j, saying why", (password, why) => {
    const message = weakPasswordMessage(password);
    expect(message).toMatch(/^New password is too easy to guess\. /);
    expect(message).toContain(why);
    expect(message).toContain("Add more words that are less common.");
  });

  it("refuses a password built on the user's own name or the site's", () => {
    expect(weakPasswordMessage("rafiqulislam1", ["rafiqul@example.com", "Rafiqul Islam"])).toMatch(/too easy/);
    expect(weakPasswordMessage("utsabevents1")).toMatch(/too easy/);
  });

  it.each(["a-new-password", "my-own-portal-password", "farhana-own-password-2027", "Tr0ub4dor&3x"])(
    "accepts %j",
    (password) => {
      expect(weakPasswordMessage(password, ["shila@example.com", "Shila Staff"])).toBeNull();
    },
  );
});
