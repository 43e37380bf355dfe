import { describe, expect, it } from "vitest";
import { parseOwnNameForm, readOwnNameForm } from "./own-name-form";

describe("my account's name form", () => {
  it("takes a name, trimmed", () => {
    const form = new FormData();
    form.set("name", "  Farhana Rahman ");
    expect(parseOwnNameForm(readOwnNameForm(form))).toEqual({ ok: true, input: { name: "Farhana Rahman" } });
    expect(parseOwnNameForm({ name: "ফারহানা রহমান" })).toEqual({ ok: true, input: { name: "ফারহানা রহমান" } });
  });

  it("names the field with the invitation's messages", () => {
    expect(parseOwnNameForm({ name: " " })).toEqual({ ok: false, errors: { name: "Name is required" } });
    expect(parseOwnNameForm({ name: "a".repeat(101) })).toEqual({
      ok: false,
      errors: { name: "Name must be at most 100 characters" },
    });
    expect(parseOwnNameForm({ name: "one\ntwo" })).toEqual({
      ok: false,
      errors: { name: "Name must be one line of plain text" },
    });
    expect(parseOwnNameForm({ name: "\u200b\u200b" })).toMatchObject({ ok: false });
  });
});
