import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, isHoneypotFilled } from "./honeypot";

const form = (value?: string | Blob) => {
  const f = new FormData();
  f.append("name", "A");
  if (value !== undefined) f.append(HONEYPOT_FIELD, value);
  return f;
};

describe("HONEYPOT_FIELD", () => {
  it("has a name no autofill recognises as a field it should fill", () => {
    expect(HONEYPOT_FIELD).not.toMatch(
      /web|site|url|home|name|mail|phone|tel|company|org|address|street|city|zip|postal|country|user|login|pass/i,
    );
  });
});

describe("isHoneypotFilled", () => {
  it("is false when the field is absent or blank, true when it holds text or a file", () => {
    expect(isHoneypotFilled(form())).toBe(false);
    expect(isHoneypotFilled(form("  "))).toBe(false);
    expect(isHoneypotFilled(form("https://spam.example"))).toBe(true);
    expect(isHoneypotFilled(form(new Blob(["x"])))).toBe(true);
  });
});
