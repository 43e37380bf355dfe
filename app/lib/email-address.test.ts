import addressparser from "nodemailer/lib/addressparser";
import { describe, expect, it } from "vitest";
import { EMAIL_ADDRESS_MESSAGES, emailAddressSchema, isEmailAddress } from "./email-address";

// x@ and four labels of 63, 63, 63 and `last` letters and .com
const longAddress = (last: number) =>
  `x@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(63)}.${"g".repeat(last)}.com`;
const LONGEST = longAddress(56);
const ONE_TOO_LONG = longAddress(57);

const ACCEPTED = [
  "farhana@example.com",
  "a@b.co",
  "first.last@example.com",
  "tag+quote@example.com",
  "o'brien@example.ie",
  "under_score-dash@example.com",
  "UPPER@EXAMPLE.COM",
  "user@mail.sub.example.com.bd",
  "user@my-host.example",
  "user@xn--80ak6aa92e.xn--p1ai",
  `${"l".repeat(64)}@example.com`,
  LONGEST,
];

const REFUSED: Array<[string, string]> = [
  ["two addresses with a comma", "a,b@x.com"],
  ["two full addresses with a comma", "a@x.com,b@y.com"],
  ["two addresses with a semicolon", "a@x.com;b@y.com"],
  ["a name and angle brackets", "a<b@evil.com>"],
  ["an angle-bracketed address", "<a@x.com>"],
  ["a display name", "Farhana <farhana@example.com>"],
  ["a quoted local part", '"a b"@x.com'],
  ["a double quote", 'a"@x.com'],
  ["a space", "farhana @example.com"],
  ["a tab", "a\t@x.com"],
  ["a line break (header injection)", "a@x.com\r\nBcc: victim@example.com"],
  ["two @", "a@b@x.com"],
  ["no @", "farhana.example.com"],
  ["no local part", "@example.com"],
  ["no domain", "farhana@"],
  ["no top-level domain", "farhana@localhost"],
  ["a one-letter top-level domain", "a@x.c"],
  ["a numeric top-level domain", "a@x.123"],
  ["an IP address", "a@127.0.0.1"],
  ["a domain literal", "a@[127.0.0.1]"],
  ["a comment in parentheses", "a(comment)@x.com"],
  ["a group", "group:a@x.com;"],
  ["a colon", "a:b@x.com"],
  ["a backslash", "a\\b@x.com"],
  ["a leading dot", ".a@x.com"],
  ["a trailing dot in the local part", "a.@x.com"],
  ["two dots in a row", "a..b@x.com"],
  ["a trailing dot in the domain", "a@x.com."],
  ["an empty domain label", "a@x..com"],
  ["a label starting with a hyphen", "a@-x.com"],
  ["a label ending with a hyphen", "a@x-.com"],
  ["a mailto query", "a?cc=evil@x.com"],
  ["an ampersand", "a&b@x.com"],
  ["a percent sign", "a%b@x.com"],
  ["non-ASCII letters", "ফারহানা@example.com"],
  ["a local part over 64 characters", `${"l".repeat(65)}@example.com`],
  ["over 254 characters", ONE_TOO_LONG],
  ["the empty string", ""],
];

describe("isEmailAddress", () => {
  it("the long cases sit on each side of 254 characters", () => {
    expect([LONGEST.length, ONE_TOO_LONG.length]).toEqual([254, 255]);
  });

  it.each(ACCEPTED)("accepts %s", (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each(REFUSED)("refuses %s: %j", (_, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it("accepts only what a mail header reads back as that one address", () => {
    for (const address of ACCEPTED) {
      expect(addressparser(address, { flatten: true })).toEqual([{ name: "", address }]);
    }
  });
});

describe("emailAddressSchema", () => {
  it("trims the address and keeps its letter case", () => {
    expect(emailAddressSchema.parse("  Farhana@Example.com ")).toBe("Farhana@Example.com");
  });

  it.each([
    [undefined, EMAIL_ADDRESS_MESSAGES.required],
    ["   ", EMAIL_ADDRESS_MESSAGES.required],
    ["a,b@x.com", "Invalid email address"],
    ["a<b@evil.com>", "Invalid email address"],
    [`${"x".repeat(250)}@example.com`, "Email must be at most 254 characters"],
  ])("refuses %j with '%s' first", (value, message) => {
    const result = emailAddressSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
