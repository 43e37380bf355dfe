import { Search } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import {
  CUSTOMER_FIND_MAX_LENGTH,
  CUSTOMER_FIND_PARAM,
  customerChoicesNote,
  type CustomerChoices,
} from "~/domain/sales/customer-list";
import { inputClass } from "~/ui/admin/form";
import { secondaryButton } from "~/ui/buttons";

// The customer pickers' search (Merge, Record payment): a small GET form above the picker, so it works without
// JavaScript. The server answers with at most CUSTOMER_CHOICE_LIMIT customers matching it (the preselected ones
// always); the note under the box says how many and whether a search would narrow them. `keep` carries the screen's
// other parameters (its list's search, the dialog's own and what is chosen so far).

/** The query parameters of `href` (a screen's URL) as hidden fields' names and values. */
export function paramsOf(href: string): Record<string, string> {
  const params = new URL(href, "http://x").searchParams;
  return Object.fromEntries([...params].filter(([name]) => name !== CUSTOMER_FIND_PARAM));
}

export function CustomerFind({
  action,
  keep,
  picker,
}: {
  action: string;
  keep: Record<string, string | null | undefined>;
  picker: CustomerChoices;
}) {
  return (
    <RecordFind
      action={action}
      keep={keep}
      label="Find a customer"
      placeholder="Name, organisation, e-mail or phone"
      find={picker.find}
      note={customerChoicesNote(picker)}
    />
  );
}

/** The same search for another picker of records (Merge suppliers, issue 36): its label, placeholder and note. */
export function RecordFind({
  action,
  keep,
  label,
  placeholder,
  find,
  note,
}: {
  action: string;
  keep: Record<string, string | null | undefined>;
  label: string;
  placeholder: string;
  /** The search the picker's records match ("" for all). */
  find: string;
  /** What the picker offers: how many, and whether a search would narrow them. */
  note: string;
}) {
  const id = useId();
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      replace
      preventScrollReset
      className="grid gap-1 border-b border-slate-200 px-5 py-4"
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          name={CUSTOMER_FIND_PARAM}
          defaultValue={find}
          maxLength={CUSTOMER_FIND_MAX_LENGTH}
          placeholder={placeholder}
          aria-describedby={`${id}-note`}
          className={`${inputClass} min-w-0 flex-1 border-slate-300`}
        />
        <button type="submit" className={`${secondaryButton} shrink-0 !px-3 !py-2`}>
          <Search aria-hidden className="size-4" />
          Search
        </button>
      </div>
      <p id={`${id}-note`} role="status" className="text-xs text-slate-600">
        {note}
      </p>
    </Form>
  );
}
