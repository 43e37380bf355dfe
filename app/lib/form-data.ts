// Reading a posted form (browser and server): every form's read function goes through these, so a missing field,
// or a file where text was expected, reads as "" the same way everywhere.

/** A field's text: "" when it is missing or holds a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Every value of a repeated field (one per row), as texts in their order. */
export function formTexts(form: FormData, name: string): string[] {
  return form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
}

/** The named fields' texts as one object: a form's values exactly as typed. */
export function formFields<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, formText(form, name)])) as Record<K, string>;
}

/** How many files were chosen in a file field (a field left empty posts one empty file). */
export function chosenFileCount(form: FormData, name: string): number {
  return form.getAll(name).filter((value) => typeof value !== "string" && value.size > 0).length;
}
