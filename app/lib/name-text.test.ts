import { describe, expect, it } from "vitest";
import { NAME_TEXT_MESSAGES, nameField, nameTextProblem } from "./name-text";

const field = nameField("Name", { max: 20 });
const errorOf = (value: unknown) => {
  const result = field.safeParse(value);
  return result.success ? null : result.error.issues.map((i) => i.message);
};

describe("nameField", () => {
  it.each([
    ["a plain name", "Tanvir Rahman"],
    ["a Bengali name", "তানভীর রহমান"],
    ["a Bengali name with a zero-width joiner inside", "র\u200d্যাব"],
    ["an Arabic name (right-to-left text itself is fine)", "محمد"],
    ["an apostrophe and a hyphen", "O'Brien-Smith"],
    ["digits only", "360"],
    ["a name with an accent written as a combining mark", "Rene\u0301"],
  ])("accepts %s", (_case, value) => {
    expect(field.parse(value)).toBe(value);
  });

  it("trims the ends and keeps what is left", () => {
    expect(field.parse("  Nusrat Jahan \u00a0")).toBe("Nusrat Jahan");
  });

  it.each([
    ["empty", ""],
    ["spaces only", "    "],
    ["non-breaking spaces only", "\u00a0\u00a0"],
    ["ideographic and thin spaces only", "\u3000\u2009"],
    ["a byte-order mark only", "\ufeff"],
  ])("says a name of %s is required", (_case, value) => {
    expect(errorOf(value)).toEqual(["Name is required"]);
  });

  it.each([
    ["zero-width spaces", "\u200b\u200b"],
    ["a zero-width non-joiner and joiner", "\u200c\u200d"],
    ["word joiners", "\u2060\u2060"],
    ["a zero-width space between non-breaking spaces", "\u00a0\u200b\u00a0"],
    ["a soft hyphen", "\u00ad"],
    ["left-to-right and right-to-left marks", "\u200e\u200f"],
    ["Hangul fillers", "\u3164\u3164"],
    ["a blank braille pattern", "\u2800"],
    ["a combining mark alone", "\u0301"],
    ["an invisible times and separator", "\u2062\u2063"],
  ])("refuses a name made only of %s, naming the field", (_case, value) => {
    expect(errorOf(value)).toEqual([NAME_TEXT_MESSAGES.invisible("Name")]);
    expect(NAME_TEXT_MESSAGES.invisible("Name")).toBe(
      "Name must contain visible letters or digits, not only invisible characters",
    );
  });

  it.each([
    ["a right-to-left override", "Invoice\u202egpj.exe"],
    ["a left-to-right override", "\u202dAli"],
    ["a right-to-left embedding", "Ali\u202b"],
    ["a pop directional formatting", "Ali\u202c"],
    ["a left-to-right embedding", "\u202aAli"],
    ["a right-to-left isolate", "Ali \u2067x\u2069"],
    ["a left-to-right isolate", "\u2066Ali"],
    ["a first-strong isolate", "\u2068Ali"],
  ])("refuses a name holding %s", (_case, value) => {
    expect(errorOf(value)).toEqual(["Name cannot contain right-to-left or other direction control characters"]);
  });

  it.each([
    ["a line break", "Ali\nKhan"],
    ["a tab", "Ali\tKhan"],
    ["a NUL", "Ali\u0000"],
    ["a C1 control", "Ali\u0085Khan"],
    ["a line separator", "Ali\u2028Khan"],
  ])("refuses a name holding %s", (_case, value) => {
    expect(errorOf(value)).toEqual(["Name contains characters that are not allowed"]);
  });

  it("counts the length after trimming and names the limit", () => {
    expect(field.parse(` ${"a".repeat(20)} `)).toBe("a".repeat(20));
    expect(errorOf("a".repeat(21))).toEqual(["Name must be at most 20 characters"]);
    expect(nameField("Title", { max: 1500 }).safeParse("a".repeat(1501)).error?.issues[0]?.message).toBe(
      "Title must be at most 1,500 characters",
    );
  });

  it("refuses what is not text with the required message", () => {
    expect(errorOf(undefined)).toEqual(["Name is required"]);
    expect(errorOf(42)).toEqual(["Name is required"]);
  });

  it("lets an optional name be empty, and still judges one that is given", () => {
    const optional = nameField("Supplier name", { max: 50, optional: true });
    expect(optional.parse("  ")).toBe("");
    expect(optional.safeParse("\u200b").error?.issues[0]?.message).toBe(NAME_TEXT_MESSAGES.invisible("Supplier name"));
  });

  it("uses a form's own wording where given", () => {
    const custom = nameField("Name", {
      max: 5,
      messages: { required: "Please give a name", tooLong: "Too long", control: "One line please" },
    });
    expect(custom.safeParse("").error?.issues[0]?.message).toBe("Please give a name");
    expect(custom.safeParse("abcdef").error?.issues[0]?.message).toBe("Too long");
    expect(custom.safeParse("a\nb").error?.issues[0]?.message).toBe("One line please");
    expect(custom.safeParse("\u200b").error?.issues[0]?.message).toBe(NAME_TEXT_MESSAGES.invisible("Name"));
  });
});

describe("invisible characters inside a visible name (issue 38)", () => {
  const hidden = NAME_TEXT_MESSAGES.invisibleInside("Name");

  it("says so in words naming the field", () => {
    expect(hidden).toBe(
      "Name contains invisible characters (such as zero-width spaces, joiners or direction marks): type it again without them",
    );
  });

  // Each listed in the issue, and the other default-ignorable or format characters it stands for.
  const INVISIBLES: [string, string][] = [
    ["a zero-width space U+200B", "\u200b"],
    ["a left-to-right mark U+200E", "\u200e"],
    ["a right-to-left mark U+200F", "\u200f"],
    ["an Arabic letter mark U+061C", "\u061c"],
    ["a word joiner U+2060", "\u2060"],
    ["a soft hyphen U+00AD", "\u00ad"],
    ["a Hangul filler U+3164", "\u3164"],
    ["a halfwidth Hangul filler U+FFA0", "\uffa0"],
    ["a Mongolian vowel separator U+180E", "\u180e"],
    ["a tag character U+E0041", "\u{e0041}"],
    ["the cancel tag U+E007F", "\u{e007f}"],
    ["the first tag U+E0001", "\u{e0001}"],
    ["an interlinear annotation anchor U+FFF9", "\ufff9"],
    ["an interlinear annotation separator U+FFFA", "\ufffa"],
    ["an interlinear annotation terminator U+FFFB", "\ufffb"],
    ["an invisible times U+2062", "\u2062"],
    ["a combining grapheme joiner U+034F", "\u034f"],
    ["a variation selector after a letter U+FE0F", "\ufe0f"],
    ["a blank braille pattern U+2800", "\u2800"],
    ["a zero-width non-joiner after a Latin letter U+200C", "\u200c"],
    ["a zero-width joiner after a Latin letter U+200D", "\u200d"],
  ];

  it.each(INVISIBLES)("refuses %s at the end of a name", (_case, char) => {
    expect(errorOf(`Tanvir${char}`)).toEqual([hidden]);
    expect(nameTextProblem(`Tanvir Rahman${char}`, "Name")).toBe(hidden);
  });

  it.each(INVISIBLES)("refuses %s between the words of a name", (_case, char) => {
    expect(errorOf(`Tanvir${char} Rahman`)).toEqual([hidden]);
    expect(nameTextProblem(`Tanvir Rah${char}man`, "Name")).toBe(hidden);
  });

  it("refuses the byte-order mark inside a name, and trims one at the ends", () => {
    expect(errorOf("Tanvir\ufeffRahman")).toEqual([hidden]);
    expect(field.parse("\ufeffTanvir Rahman\ufeff")).toBe("Tanvir Rahman");
  });

  it.each([
    ["a joiner between Latin letters", "Tan\u200dvir"],
    ["a non-joiner between Latin letters", "Tan\u200cvir"],
    ["a joiner between a Bengali and a Latin letter", "র\u200dA"],
    ["a joiner after a Bengali letter at the end", "তানভীর\u200d"],
    ["a joiner before a Bengali letter at the start", "\u200dর্যাব"],
    ["a joiner between a Bengali letter and a space", "র\u200d রহমান"],
    ["two joiners between Bengali letters", "র\u200d\u200d্যাব"],
    ["a joiner between Devanagari letters", "क\u200dष"],
    ["a joiner between emoji", "\u{1f468}\u200d\u{1f469}"],
  ])("refuses %s", (_case, value) => {
    expect(errorOf(value)).toEqual([hidden]);
  });

  it.each([
    ["র্যাব written with a zero-width joiner after র", "র\u200d্যাব"],
    ["কোম্পানি as typed", "কোম্পানি"],
    ["কোম্পানি with a zero-width non-joiner after the hasanta", "কোম্\u200cপানি"],
    ["a Bengali name with a non-joiner between letters", "লক্ষ্\u200cমী রহমান"],
    ["a pictograph with its emoji variation selector", "Eid \u2764\ufe0f"],
    ["a pictograph with its text variation selector", "\u263a\ufe0e Crew"],
  ])("accepts %s", (_case, value) => {
    expect(field.parse(value)).toBe(value);
  });

  it("reads by code point: a tag character after an emoji is refused, the emoji alone is not", () => {
    expect(nameTextProblem("\u{1f389} Launch\u{e0020}", "Event")).toBe(NAME_TEXT_MESSAGES.invisibleInside("Event"));
    expect(nameTextProblem("\u{1f389} Launch", "Event")).toBeNull();
  });

  it("keeps the earlier messages first: a direction override before the hidden characters", () => {
    expect(nameTextProblem("Ali\u202e\u200b", "Name")).toBe(NAME_TEXT_MESSAGES.bidi("Name"));
    expect(nameTextProblem("\u200b\u200b", "Name")).toBe(NAME_TEXT_MESSAGES.invisible("Name"));
  });

  it("uses a form's own wording where given", () => {
    expect(nameTextProblem("Ali\u200b", "Name", { invisibleInside: "No hidden characters" })).toBe(
      "No hidden characters",
    );
  });
});

describe("nameTextProblem", () => {
  it("leaves the empty value to the field's required rule", () => {
    expect(nameTextProblem("", "Name")).toBeNull();
  });
  it("names the field it is given", () => {
    expect(nameTextProblem("\u2060", "Team name")).toBe(NAME_TEXT_MESSAGES.invisible("Team name"));
    expect(nameTextProblem("Crew", "Team name")).toBeNull();
  });
});
