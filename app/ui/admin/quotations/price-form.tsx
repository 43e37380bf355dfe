import { Plus, Send, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { normalizeMoney } from "~/lib/money";
import { amountInWords } from "~/lib/amount-in-words";
import { chargeText, lineDays, rentalLength } from "~/domain/catalogue/rate-structures";
import { formatMoney } from "~/lib/format";
import type { AdminQuotation, ProductOption } from "~/domain/quotations/admin-quotations.server";
import {
  parseQuoteForm,
  QUOTE_LIMITS,
  typedQuantity,
  QUOTE_MESSAGES,
  quoteTotals,
  readQuoteForm,
  type QuoteFormValues,
} from "~/domain/quotations/quote-form";
import type { FormCheck } from "~/lib/form-errors";
import {
  FormError,
  inputClass,
  SubmitButton,
  TextAreaField,
  TextField,
  useFormBusy,
  useFormCheck,
} from "~/ui/admin/form";
import { primaryButton, secondaryButton } from "~/ui/buttons";

// The pricing half of the Quotation Details panel (backoffice.md §2, issue 10): each line's unit price (prefilled
// from the inventory), quantity and total, lines added or removed, a discount, VAT at the company's rate, the
// total in figures and in words, and Save / Send Quotation. The totals follow the inputs as one types (the same
// quoteTotals the server stores); Send stays disabled until every line has a price. It posts plain form fields, so
// it works before the page's JavaScript has loaded too. A line priced per day is charged for the rental's days
// through its item's rate structure (ADR 0019): the days follow the last rental day as it is typed; staff type
// the unit price, never the days.

export function initialQuoteValues(q: AdminQuotation): QuoteFormValues {
  return {
    id: q.id,
    version: q.version,
    lines: q.lines.map((l) => ({
      lineId: l.id,
      itemId: l.inventoryItemId ?? "",
      name: l.name,
      quantity: String(l.quantity),
      // A line not yet priced takes the inventory's price.
      unitPrice: l.unitPrice !== "0.00" ? l.unitPrice : (l.cataloguePrice ?? ""),
    })),
    discount: q.discount === "0.00" ? "" : q.discount,
    rentalEndDate: q.rentalEndDate ?? "",
    message: "",
  };
}

/** The columns of a line: quantity, price, total, remove (the name spans them on a phone, leads from 640 px). */
const LINE_GRID = "grid-cols-[3.75rem_minmax(0,1fr)_auto_2.25rem] sm:grid-cols-[minmax(0,1fr)_5rem_8rem_7rem_2.5rem]";

type LineState = QuoteFormValues["lines"][number] & { key: string };

function parsedPrice(text: string): string | null {
  return text.trim() === "" ? null : normalizeMoney(text);
}

/** The panel's rules as the browser runs them before a save or a send (the pressed button is the intent). */
const CHECK_QUOTE_FORM: FormCheck = (form) => {
  const result = parseQuoteForm(readQuoteForm(form), form.get("intent") === "send" ? "send" : "save");
  return result.ok ? null : result.errors;
};

export function PriceForm({
  quotation,
  values,
  errors: serverErrors,
}: {
  quotation: AdminQuotation;
  /** What to show: the stored values, or the values of a refused post. */
  values: QuoteFormValues;
  errors: Record<string, string>;
}) {
  const [lines, setLines] = useState<LineState[]>(() =>
    values.lines.map((l, i) => ({ ...l, key: `${i}-${l.lineId}` })),
  );
  const [discount, setDiscount] = useState(values.discount);
  const [rentalEnd, setRentalEnd] = useState(values.rentalEndDate);
  // The products chosen in this panel (found by the search), for how their new lines are charged.
  const [chosen, setChosen] = useState<ReadonlyMap<string, ProductOption>>(new Map());
  const { errors, onSubmit } = useFormCheck(CHECK_QUOTE_FORM, serverErrors);
  const saving = useFormBusy("save");
  const sending = useFormBusy("send");
  const byLineId = new Map(quotation.lines.map((l) => [l.id, l]));
  const onQuote = new Set(lines.map((l) => l.itemId));

  const length = rentalLength(quotation.eventDate, /^\d{4}-\d{2}-\d{2}$/.test(rentalEnd) ? rentalEnd : null);
  // How each line is charged: a stored line by its item now (as a save will), a new one by the chosen product.
  const charging = lines.map((l) => {
    const stored = l.lineId ? byLineId.get(l.lineId) : undefined;
    const product = chosen.get(l.itemId);
    const priceUnit = stored ? stored.currentPriceUnit : (product?.priceUnit ?? null);
    const structure = stored ? stored.rateStructure : (product?.rateStructure ?? null);
    return { priceUnit, days: lineDays(priceUnit, length, structure) };
  });
  const totals = quoteTotals(
    lines.map((l, i) => ({
      unitPrice: parsedPrice(l.unitPrice),
      quantity: typedQuantity(l.quantity),
      days: charging[i]!.days,
    })),
    parsedPrice(discount),
    quotation.vatRatePercent,
  );
  const missingPrice = lines.some((l) => {
    const price = parsedPrice(l.unitPrice);
    return price === null || price === "0.00";
  });
  const change = (key: string, patch: Partial<LineState>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  function addLine(product: ProductOption) {
    setChosen((all) => new Map(all).set(product.id, product));
    setLines((all) => [
      ...all,
      {
        key: `new-${product.id}`,
        lineId: "",
        itemId: product.id,
        name: product.name,
        quantity: "1",
        unitPrice: product.price,
      },
    ]);
  }

  return (
    <Form method="post" className="space-y-4" aria-label="Prices" onSubmit={onSubmit}>
      <input type="hidden" name="id" value={values.id} />
      <input type="hidden" name="version" value={values.version} />
      <FormError message={errors.form} />
      {errors.lines && <FormError message={errors.lines} />}

      {/* A row a line: on a phone the name above, then quantity, price, total and remove; from 640 px, columns. */}
      <div className="rounded-md border border-slate-200 text-sm" role="group" aria-label="Lines">
        <div
          aria-hidden
          className={`hidden gap-3 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-600 uppercase sm:grid ${LINE_GRID}`}
        >
          <span>Product</span>
          <span>Qty</span>
          <span>Unit price (৳)</span>
          <span className="text-right">Total</span>
          <span />
        </div>
        <ul className="divide-y divide-slate-100">
          {lines.map((line, i) => {
            const stored = line.lineId ? byLineId.get(line.lineId) : undefined;
            const free = stored?.freeLeast;
            const quantity = typedQuantity(line.quantity);
            const lineError =
              errors[`lines.${i}.itemId`] ?? errors[`lines.${i}.lineId`] ?? errors[`lines.${i}.quantity`];
            const priceError = errors[`lines.${i}.unitPrice`];
            return (
              <li key={line.key} className={`grid items-start gap-x-2 gap-y-1.5 px-3 py-2.5 sm:gap-x-3 ${LINE_GRID}`}>
                <div className="col-span-4 sm:col-span-1">
                  <input type="hidden" name="lineId" value={line.lineId} />
                  <input type="hidden" name="itemId" value={line.itemId} />
                  <input type="hidden" name="lineName" value={line.name} />
                  <span className="font-medium text-ink-900">{line.name}</span>
                  {stored?.size && <span className="block text-xs text-slate-500">Size: {stored.size}</span>}
                  <span className="block text-xs text-slate-600 tabular-nums" data-testid="line-charge">
                    {chargeText(
                      {
                        quantity,
                        unitPrice: parsedPrice(line.unitPrice) ?? "0",
                        priceUnit: charging[i]!.priceUnit,
                        days: charging[i]!.days,
                      },
                      formatMoney,
                    )}
                  </span>
                  {stored?.itemGone ? (
                    <span className="block text-xs text-red-700">No longer in the inventory</span>
                  ) : free ? (
                    <span
                      className={`block text-xs ${free.free < quantity ? "font-medium text-red-700" : "text-slate-500"}`}
                      title={`Fewest free on ${free.day}`}
                    >
                      {free.free} free on the event dates
                      {free.free < quantity ? ` (short by ${quantity - free.free})` : ""}
                    </span>
                  ) : null}
                  {lineError && <span className="mt-1 block text-xs text-red-700">{lineError}</span>}
                </div>
                <input
                  name="quantity"
                  inputMode="numeric"
                  aria-label={`Quantity of ${line.name}`}
                  aria-invalid={errors[`lines.${i}.quantity`] ? true : undefined}
                  value={line.quantity}
                  onChange={(e) => change(line.key, { quantity: e.target.value })}
                  className={`${inputClass} ${errors[`lines.${i}.quantity`] ? "border-red-600" : "border-slate-300"}`}
                />
                <div>
                  <input
                    name="unitPrice"
                    inputMode="decimal"
                    aria-label={`Unit price of ${line.name}`}
                    aria-invalid={priceError ? true : undefined}
                    value={line.unitPrice}
                    placeholder="0.00"
                    onChange={(e) => change(line.key, { unitPrice: e.target.value })}
                    className={`${inputClass} text-right tabular-nums ${priceError ? "border-red-600" : "border-slate-300"}`}
                  />
                  {priceError && <span className="mt-1 block text-xs text-red-700">{priceError}</span>}
                </div>
                <span className="py-2 text-right whitespace-nowrap tabular-nums" data-testid="line-total">
                  {formatMoney(totals.lineTotals[i] ?? "0")}
                </span>
                <button
                  type="button"
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                  className="justify-self-end rounded p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
                  aria-label={`Remove ${line.name}`}
                  title="Remove"
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      </div>

      {lines.length < QUOTE_LIMITS.lines && <ProductSearch onQuote={onQuote} onChoose={addLine} />}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-3">
          <TextField
            name="discount"
            label="Discount (৳)"
            inputMode="decimal"
            value={discount}
            placeholder="0.00"
            onChange={(e) => setDiscount(e.target.value)}
            error={errors.discount}
          />
          <TextField
            name="rentalEndDate"
            label="Last rental day"
            type="date"
            value={rentalEnd}
            onChange={(e) => setRentalEnd(e.target.value)}
            min={quotation.eventDate}
            error={errors.rentalEndDate}
            hint={`Leave empty for a one-day rental on the event date. Now: ${length} ${length === 1 ? "day" : "days"}; prices per day are charged by each item's rate structure.`}
          />
        </div>
        <dl className="space-y-1.5 rounded-md bg-slate-50 p-4 text-sm" aria-label="Totals">
          <Figure term="Subtotal" value={formatMoney(totals.subtotal)} />
          <Figure term="Discount" value={`-${formatMoney(totals.discount)}`} />
          <Figure term={`VAT (${Number(quotation.vatRatePercent)}%)`} value={formatMoney(totals.vatAmount)} />
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-ink-900">
            <dt>Total Estimate</dt>
            <dd className="tabular-nums" data-testid="quote-total">
              {formatMoney(totals.total)}
            </dd>
          </div>
          <p className="text-xs text-slate-600">{amountInWords(totals.total)}</p>
        </dl>
      </div>

      <TextAreaField
        name="message"
        label="Message to the customer"
        hint="Optional; it goes in the e-mail."
        rows={2}
        maxLength={QUOTE_LIMITS.message}
        defaultValue={values.message}
        error={errors.message}
      />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {missingPrice && (
          <p className="text-sm text-amber-800 sm:mr-auto" role="status">
            {QUOTE_MESSAGES.priceMissing}
          </p>
        )}
        <SubmitButton
          name="intent"
          value="save"
          label="Save Prices"
          busyLabel="Saving..."
          busy={saving}
          className={secondaryButton}
        />
        <button
          type="submit"
          name="intent"
          value="send"
          className={primaryButton}
          disabled={missingPrice || lines.length === 0 || sending}
          aria-busy={sending}
        >
          <Send aria-hidden className="size-4" />
          {sending
            ? "Sending..."
            : quotation.revision > 0
              ? `Send Revision ${quotation.revision + 1}`
              : "Send Quotation"}
        </button>
      </div>
    </Form>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 text-slate-700">
      <dt>{term}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * "Add a product": the items matching what is typed (GET /admin/quotations/product-options?q=), twenty at most,
 * those already on the quotation left out; choosing one adds its line at the catalogue price.
 */
function ProductSearch({
  onQuote,
  onChoose,
}: {
  onQuote: ReadonlySet<string>;
  onChoose: (product: ProductOption) => void;
}) {
  const fetcher = useFetcher<{ options: ProductOption[] }>();
  const [query, setQuery] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searched = query.trim().length >= 2;
  const options = searched ? (fetcher.data?.options ?? []).filter((p) => !onQuote.has(p.id)) : [];
  function search(text: string) {
    setQuery(text);
    clearTimeout(timer.current);
    if (text.trim().length < 2) return;
    timer.current = setTimeout(
      () => void fetcher.load(`/admin/quotations/product-options?q=${encodeURIComponent(text.trim())}`),
      250,
    );
  }
  return (
    <div>
      <label className="block text-sm font-medium text-ink-900">
        Add a product
        <input
          type="search"
          value={query}
          onChange={(e) => search(e.target.value)}
          autoComplete="off"
          placeholder="Type a name, e.g. LED wall"
          className={`mt-1 ${inputClass} border-slate-300`}
        />
      </label>
      {searched && fetcher.state === "idle" && fetcher.data && options.length === 0 && (
        <p className="mt-1 text-sm text-slate-600">No product matches “{query.trim()}”.</p>
      )}
      {options.length > 0 && (
        <ul
          aria-label="Matching products"
          className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200"
        >
          {options.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => {
                  onChoose(p);
                  setQuery("");
                }}
                className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50"
              >
                <span className="min-w-0 truncate">
                  {p.name}
                  {p.size ? ` (${p.size})` : ""}
                </span>
                <span className="flex shrink-0 items-center gap-1 text-slate-600 tabular-nums">
                  {formatMoney(p.price)}
                  <Plus aria-hidden className="size-4" />
                  <span className="sr-only">Add {p.name}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
