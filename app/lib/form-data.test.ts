import { describe, expect, it } from "vitest";
import { formFields, formText, formTexts } from "./form-data";

describe("reading a posted form", () => {
  const form = new FormData();
  form.set("name", "  Sadia ");
  form.append("row", "a");
  form.append("row", new Blob(["x"]), "x.txt");
  form.append("row", "c");
  form.set("picture", new Blob(["x"]), "x.png");

  it('gives a field\'s text as typed, and "" for a missing field or a file', () => {
    expect(formText(form, "name")).toBe("  Sadia ");
    expect(formText(form, "missing")).toBe("");
    expect(formText(form, "picture")).toBe("");
  });

  it('gives every value of a repeated field in order, a file as ""', () => {
    expect(formTexts(form, "row")).toEqual(["a", "", "c"]);
    expect(formTexts(form, "missing")).toEqual([]);
  });

  it("gives the named fields as one object", () => {
    expect(formFields(form, ["name", "missing"] as const)).toEqual({ name: "  Sadia ", missing: "" });
  });
});
