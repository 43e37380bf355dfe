import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { newSupplierNote, SUPPLIER_OPTIONS_PATH, type SupplierOptions } from "~/domain/purchases/supplier-list";
import { TextField } from "~/ui/admin/form";
import { SUPPLIER_TYPING_PAUSE_MS } from "./use-supplier-record-bin";

// New Payable's supplier (issue 36): a text field offering the live suppliers' names as one types (a <datalist>
// filled from GET /admin/suppliers/options?q=, so the dialog never carries every supplier), and, once the answer for
// what is typed says no supplier has that name (nor that e-mail address), the note that saving adds one. Saving names
// the record of that name, or adds it (partyNamed): this field only says which beforehand. Without JavaScript it is
// the plain text field it was.

export function SupplierNameField({
  name,
  label,
  maxLength,
  defaultValue,
  error,
  onChange,
}: {
  name: string;
  label: string;
  maxLength: number;
  defaultValue: string;
  error?: string;
  /** The name as it is typed (New Payable's VAT block follows it). */
  onChange?: (name: string) => void;
}) {
  const listId = `${useId()}-suppliers`;
  const fetcher = useFetcher<SupplierOptions>();
  const [text, setText] = useState(defaultValue);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { load } = fetcher;
  useEffect(() => {
    clearTimeout(timer.current);
    const q = text.trim();
    if (!q) return;
    timer.current = setTimeout(
      () => void load(`${SUPPLIER_OPTIONS_PATH}?q=${encodeURIComponent(q)}`),
      SUPPLIER_TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer.current);
  }, [text, load]);
  const answer = fetcher.data;
  const typed = text.replace(/\s+/g, " ").trim();
  // Only an answer for exactly what is in the field speaks: none while the next one is on its way.
  const current = answer && typed !== "" && answer.q === typed ? answer : null;
  return (
    <div>
      <TextField
        name={name}
        label={label}
        required
        maxLength={maxLength}
        defaultValue={defaultValue}
        error={error}
        autoComplete="off"
        list={listId}
        onChange={(event) => {
          setText(event.currentTarget.value);
          onChange?.(event.currentTarget.value);
        }}
      />
      <datalist id={listId}>
        {(answer?.names ?? []).map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <p aria-live="polite" className="mt-1 text-xs text-slate-600 empty:hidden" data-testid="new-supplier-note">
        {current && !current.exists ? newSupplierNote(text) : ""}
      </p>
    </div>
  );
}
