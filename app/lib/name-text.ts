import { z } from "zod";

// The one rule for a name typed into a form (people, customers, items, events, teams, the company; issue 19,
// security point 10), browser and server. A name is one line of text that a person can see: refused when it is
// made only of invisible characters (spaces of any kind, zero-width spaces and joiners, the byte-order mark,
// other format or ignorable characters), when it holds a control character or a line break, when it holds a
// bidirectional override or isolate (U+202A..U+202E, U+2066..U+2069), which make a name display as other text
// in lists, e-mails and PDFs, and when an invisible character hides inside a visible name (issue 38: "Tanvir
// Rahman\u200b" looks like the real employee but is another record). Two are kept where they show: the
// zero-width non-joiner and joiner between two Bengali letters or signs, which Bengali writing needs ("র\u200d্যাব"),
// and the emoji or text variation selector right after a pictograph ("\u2764\ufe0f", a red heart), which picks
// how it is drawn.

/** Controls (C0, DEL, C1) and the line and paragraph separators: a name is one line. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI, PDI). */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
/**
 * One character a reader can see: not white space, not a separator, control or format character, not a
 * default-ignorable one (which covers U+200B..U+200D, U+2060, U+FEFF and the Hangul fillers), not a combining
 * mark on its own, and not the blank braille pattern.
 */
const VISIBLE = /[^\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;
/**
 * A character that shows nothing inside a name: every format character (the soft hyphen, the Arabic letter mark,
 * left-to-right and right-to-left marks, zero-width spaces and joiners, the word joiner and invisible operators,
 * the byte-order mark, the Mongolian vowel separator, the interlinear annotation marks U+FFF9..U+FFFB, the tag
 * characters), every other default-ignorable one (the Hangul fillers, variation selectors, the combining grapheme
 * joiner) and the blank braille pattern.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** The Bengali block: letters, vowel signs, the virama (hasanta) and digits. */
const BENGALI = /^[\u0980-\u09ff]$/u;
const JOINERS = new Set(["\u200c", "\u200d"]);
const VARIATION_SELECTORS = new Set(["\ufe0e", "\ufe0f"]);
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;

/** Whether an invisible character hides in `value`, other than a joiner inside Bengali or a pictograph's selector. */
function hidesInvisible(value: string): boolean {
  // By code point, so that a tag character (two UTF-16 units) is one character; no look-behind, which older
  // Safari cannot compile.
  const chars = Array.from(value);
  return chars.some((char, i) => {
    if (!INVISIBLE.test(char)) return false;
    const before = chars[i - 1] ?? "";
    if (JOINERS.has(char)) return !(BENGALI.test(before) && BENGALI.test(chars[i + 1] ?? ""));
    if (VARIATION_SELECTORS.has(char)) return !PICTOGRAPH.test(before);
    return true;
  });
}

export const NAME_TEXT_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max.toLocaleString("en-US")} characters`,
  control: (label: string) => `${label} contains characters that are not allowed`,
  bidi: (label: string) => `${label} cannot contain right-to-left or other direction control characters`,
  invisible: (label: string) => `${label} must contain visible letters or digits, not only invisible characters`,
  invisibleInside: (label: string) =>
    `${label} contains invisible characters (such as zero-width spaces, joiners or direction marks): type it again without them`,
} as const;

export interface NameFieldOptions {
  max: number;
  /** Empty is allowed (and stays ""); otherwise empty is refused with `messages.required`. */
  optional?: boolean;
  /** A form's own wording where its spec or its screen already has one. */
  messages?: Partial<Record<keyof typeof NAME_TEXT_MESSAGES, string>>;
}

/**
 * What is wrong with a name (already trimmed), or null. An empty value is not judged here: whether a name is
 * required is the field's business.
 */
export function nameTextProblem(
  value: string,
  label: string,
  messages: NameFieldOptions["messages"] = {},
): string | null {
  if (value === "") return null;
  if (CONTROL.test(value)) return messages.control ?? NAME_TEXT_MESSAGES.control(label);
  if (BIDI_CONTROL.test(value)) return messages.bidi ?? NAME_TEXT_MESSAGES.bidi(label);
  if (!VISIBLE.test(value)) return messages.invisible ?? NAME_TEXT_MESSAGES.invisible(label);
  if (hidesInvisible(value)) return messages.invisibleInside ?? NAME_TEXT_MESSAGES.invisibleInside(label);
  return null;
}

/**
 * A form's name field: trimmed, required unless `optional`, at most `max` characters, then judged by
 * nameTextProblem. One message at a time, naming the field by `label`.
 */
export function nameField(label: string, options: NameFieldOptions) {
  const { max, optional = false, messages = {} } = options;
  const required = messages.required ?? NAME_TEXT_MESSAGES.required(label);
  return z
    .string({ error: required })
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") {
        if (!optional) ctx.addIssue({ code: "custom", message: required });
        return;
      }
      if (value.length > max) {
        ctx.addIssue({ code: "custom", message: messages.tooLong ?? NAME_TEXT_MESSAGES.tooLong(label, max) });
        return;
      }
      const problem = nameTextProblem(value, label, messages);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}
