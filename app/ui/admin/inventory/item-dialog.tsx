import { Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  AVAILABILITY_STATUSES,
  CATEGORIES,
  INVENTORY_GROUPS,
  PRICE_UNITS,
  SOURCES,
} from "~/domain/catalogue/constants";
import { DAILY_RATE_STRUCTURE } from "~/domain/catalogue/rate-structures";
import {
  INVENTORY_STATUS_HINT,
  INVENTORY_STATUS_LABELS,
  INVENTORY_STATUS_NAME,
} from "~/domain/inventory/inventory-list";
import {
  INVENTORY_MESSAGES,
  ITEM_LIMITS,
  parseItemForm,
  readItemForm,
  type ItemFormValues,
  type PartRowValues,
  type VariationRowValues,
} from "~/domain/inventory/item-form";
import type { PartOption } from "~/domain/inventory/part-options.server";
import { secondaryButton } from "~/ui/buttons";
import { RecordFormDialog } from "../form-dialog";
import { FormError, inputClass, SelectField, TextAreaField, TextField, useFormBusy, useFormCheck } from "../form";
import { Fieldset, PicturesField } from "../pictures-field";
import { chosenFileCount } from "~/lib/form-data";
import type { FormCheck } from "~/lib/form-errors";

// The Add New Inventory Item / Edit Inventory Item dialog (backoffice.md §2). Rows of variations and package
// parts, and the order of the pictures, are edited in the browser; without JavaScript the form still posts
// every field (one spare blank row each, pictures reordered by editing the address lines).

const CHECK_ITEM_FORM: FormCheck = (form) => {
  const result = parseItemForm(readItemForm(form), chosenFileCount(form, "newImages"));
  return result.ok ? null : result.errors;
};

export function ItemDialog({
  mode,
  values,
  errors: serverErrors,
  formError,
  closeHref,
  action,
  rateStructures,
}: {
  mode: "create" | "update";
  values: ItemFormValues;
  errors: Record<string, string | undefined>;
  formError?: string | null;
  closeHref: string;
  /** The URL the form posts to (this page with the dialog open, so a failure answers with it still open). */
  action: string;
  /** Settings' rate structures (the default, every day charged, is the empty choice). */
  rateStructures: { id: string; name: string }[];
}) {
  const busy = useFormBusy(mode);
  const { errors, onSubmit } = useFormCheck(
    CHECK_ITEM_FORM,
    serverErrors,
    mode === "create" ? INVENTORY_MESSAGES.addFailed : INVENTORY_MESSAGES.updateFailed,
  );
  const [source, setSource] = useState(values.source);
  const [unitsUnderRepair, setUnitsUnderRepair] = useState(values.unitsUnderRepair);
  const title = mode === "create" ? "Add New Inventory Item" : "Edit Inventory Item";
  return (
    <RecordFormDialog
      title={title}
      closeHref={closeHref}
      action={action}
      intent={mode}
      id={values.id}
      version={values.version}
      multipart
      onSubmit={onSubmit}
      submitLabel={mode === "create" ? "Save Item" : "Update Item"}
      busyLabel={mode === "create" ? "Saving..." : "Updating..."}
      busy={busy}
    >
      <div className="space-y-6 px-5 py-4">
        <FormError message={formError} />
        <Fieldset legend="Item">
          <TextField
            name="name"
            label="Name"
            defaultValue={values.name}
            error={errors.name}
            maxLength={ITEM_LIMITS.name}
            required
            className="sm:col-span-2"
          />
          <TextAreaField
            name="description"
            label="Description"
            defaultValue={values.description}
            error={errors.description}
            maxLength={ITEM_LIMITS.description}
            rows={3}
            className="sm:col-span-2"
          />
          <SelectField
            name="category"
            label="Category"
            defaultValue={values.category}
            error={errors.category}
            required
            options={[
              { value: "", label: "Choose a category" },
              ...CATEGORIES.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <SelectField
            name="inventoryGroup"
            label="Inventory group"
            defaultValue={values.inventoryGroup}
            error={errors.inventoryGroup}
            required
            options={INVENTORY_GROUPS.map((g) => ({ value: g, label: g }))}
          />
          <SelectField
            name="source"
            label="Source"
            value={source}
            onChange={(e) => setSource(e.target.value)}
            error={errors.source}
            required
            options={SOURCES.map((s) => ({ value: s, label: s === "in-house" ? "In-house" : "Outsourced" }))}
          />
          <SelectField
            name="status"
            label={INVENTORY_STATUS_NAME}
            title={INVENTORY_STATUS_HINT}
            defaultValue={values.status}
            error={errors.status}
            required
            options={AVAILABILITY_STATUSES.map((s) => ({ value: s, label: INVENTORY_STATUS_LABELS[s] }))}
          />
          <TextField
            name="tags"
            label="Tags"
            defaultValue={values.tags}
            error={errors.tags}
            hint="Separated by commas, e.g. outdoor, wedding, p3.9"
            className="sm:col-span-2"
          />
        </Fieldset>

        <Fieldset legend="Price and stock">
          <TextField
            name="price"
            label="Price (৳)"
            inputMode="decimal"
            defaultValue={values.price}
            error={errors.price}
            required
            hint="0 or more, at most 2 decimals"
          />
          <SelectField
            name="priceUnit"
            label="Price is"
            defaultValue={values.priceUnit}
            error={errors.priceUnit}
            options={PRICE_UNITS.map((u) => ({ value: u.id, label: u.label }))}
          />
          <SelectField
            name="rateStructureId"
            label="Rate structure"
            defaultValue={values.rateStructureId}
            error={errors.rateStructureId}
            options={[
              { value: "", label: `${DAILY_RATE_STRUCTURE.name}, the default` },
              ...rateStructures.map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
          <TextField
            name="sdRatePercent"
            label="Supplementary duty (SD) rate (%)"
            inputMode="decimal"
            defaultValue={values.sdRatePercent}
            error={errors.sdRatePercent}
            hint="0 for rental; the tax invoice charges it, VAT then on the value and the SD"
          />
          <TextField
            name="pricingHint"
            label="Pricing note"
            defaultValue={values.pricingHint}
            error={errors.pricingHint}
            maxLength={ITEM_LIMITS.pricingHint}
            hint="Shown under the price, e.g. Minimum 12 sqm"
          />
          <TextField
            name="size"
            label="Size"
            defaultValue={values.size}
            error={errors.size}
            maxLength={ITEM_LIMITS.size}
            hint="e.g. 3 m × 2 m"
          />
          <TextField
            name="quantity"
            label="Units owned"
            inputMode="numeric"
            defaultValue={values.quantity}
            error={errors.quantity}
            required
          />
          <TextField
            name="unitsUnderRepair"
            label="Units under repair"
            inputMode="numeric"
            value={unitsUnderRepair}
            onChange={(e) => setUnitsUnderRepair(e.target.value)}
            error={errors.unitsUnderRepair}
            hint="Not available until they are back; all of them makes the item Under Repair"
          />
          <TextField
            name="repairReturnDate"
            label="Expected back"
            type="date"
            defaultValue={values.repairReturnDate}
            error={errors.repairReturnDate}
            hint="Leave empty when not known"
            disabled={unitsUnderRepair.trim() === "0" || unitsUnderRepair.trim() === ""}
          />
        </Fieldset>

        <PicturesField
          legend="Pictures"
          hint="The first picture is the one the lists and the storefront's cards show."
          addresses={values.imageUrls}
          addressesError={errors.imageUrls}
          uploadsError={errors.newImages}
          uploadHint={`JPEG, PNG, WebP or AVIF; up to 6 at a time, ${ITEM_LIMITS.images} per item. Added after the pictures above.`}
        />

        <VariationRows initial={values.variations} error={errors.variations} />

        <Fieldset legend="Supplier and purchase">
          {source === "outsourced" ? (
            <>
              <TextField
                name="supplierName"
                label="Supplier"
                defaultValue={values.supplierName}
                error={errors.supplierName}
              />
              <TextField
                name="supplierPhone"
                label="Supplier phone"
                type="tel"
                defaultValue={values.supplierPhone}
                error={errors.supplierPhone}
              />
              <TextField
                name="supplierEmail"
                label="Supplier e-mail"
                type="email"
                defaultValue={values.supplierEmail}
                error={errors.supplierEmail}
              />
              <TextField
                name="supplierNotes"
                label="Supplier notes"
                defaultValue={values.supplierNotes}
                error={errors.supplierNotes}
              />
            </>
          ) : (
            <p className="text-sm text-slate-600 sm:col-span-2">Supplier details are kept for outsourced items.</p>
          )}
          <TextField
            name="purchaseRate"
            label="Purchase rate (৳)"
            inputMode="decimal"
            defaultValue={values.purchaseRate}
            error={errors.purchaseRate}
            hint="Optional"
          />
          <TextField
            name="paidAmount"
            label="Paid amount (৳)"
            inputMode="decimal"
            defaultValue={values.paidAmount}
            error={errors.paidAmount}
            hint="Optional"
          />
        </Fieldset>

        <PartRows initial={values.parts} error={errors.parts} />
      </div>
    </RecordFormDialog>
  );
}

/** Rows edited in the browser (variations, package parts): each with a key of its own, plus one spare blank row. */
function useRows<T>(initial: T[], blank: () => T) {
  const [rows, setRows] = useState(() => [...initial, blank()].map((row, key) => ({ ...row, key })));
  const [nextKey, setNextKey] = useState(rows.length);
  return {
    rows,
    add() {
      setRows([...rows, { ...blank(), key: nextKey }]);
      setNextKey(nextKey + 1);
    },
    remove(key: number) {
      setRows(rows.filter((r) => r.key !== key));
    },
  };
}

function RowsError({ error }: { error?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-700 sm:col-span-2">
      {error}
    </p>
  );
}

function RemoveRowButton({
  label,
  onClick,
  className = "",
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded p-2 text-red-700 hover:bg-red-50 ${className}`}
      aria-label={label}
    >
      <Trash2 aria-hidden className="size-4" />
    </button>
  );
}

function AddRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={`${secondaryButton} !px-3 !py-1.5`} onClick={onClick}>
      <Plus aria-hidden className="size-4" /> {label}
    </button>
  );
}

const blankVariation = (): VariationRowValues => ({ id: "", name: "", description: "", status: "available" });

function VariationRows({ initial, error }: { initial: VariationRowValues[]; error?: string }) {
  // The spare blank row lets a variation be added without JavaScript too.
  const { rows, add, remove } = useRows(initial, blankVariation);
  return (
    <Fieldset
      legend="Variations"
      hint="Sizes or versions of this item, each with its own availability. A row left blank is ignored."
    >
      <RowsError error={error} />
      <div className="space-y-3 sm:col-span-2">
        {rows.map((row, i) => (
          <div
            key={row.key}
            className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1.5fr_9rem_auto]"
          >
            <input type="hidden" name="variationId" value={row.id} />
            <label className="text-sm">
              <span className="sr-only sm:not-sr-only sm:block sm:text-xs sm:text-slate-600">Name</span>
              <input
                name="variationName"
                defaultValue={row.name}
                aria-label={`Variation ${i + 1} name`}
                className={`${inputClass} border-slate-300`}
              />
            </label>
            <label className="text-sm">
              <span className="sr-only sm:not-sr-only sm:block sm:text-xs sm:text-slate-600">Description</span>
              <input
                name="variationDescription"
                defaultValue={row.description}
                aria-label={`Variation ${i + 1} description`}
                className={`${inputClass} border-slate-300`}
              />
            </label>
            <label className="text-sm">
              <span className="sr-only sm:not-sr-only sm:block sm:text-xs sm:text-slate-600">Status</span>
              <select
                name="variationStatus"
                defaultValue={row.status}
                aria-label={`Variation ${i + 1} status`}
                className={`${inputClass} border-slate-300`}
              >
                {AVAILABILITY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {INVENTORY_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <RemoveRowButton label={`Remove variation ${i + 1}`} onClick={() => remove(row.key)} className="self-end" />
          </div>
        ))}
        <AddRowButton label="Add variation" onClick={add} />
      </div>
    </Fieldset>
  );
}

const blankPart = (): PartRowValues => ({ slug: "", quantity: "1" });

const PART_OPTIONS_ID = "inventory-part-options";

/** Suggestions for the part fields: the items matching what was last typed in one (GET part-options). */
function usePartOptions() {
  const fetcher = useFetcher<{ options: PartOption[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    options: fetcher.data?.options ?? [],
    search(text: string) {
      clearTimeout(timer.current);
      if (text.trim().length < 2) return;
      timer.current = setTimeout(
        () => void fetcher.load(`/admin/inventory/part-options?q=${encodeURIComponent(text.trim())}`),
        250,
      );
    },
  };
}

function PartRows({ initial, error }: { initial: PartRowValues[]; error?: string }) {
  const { rows, add, remove } = useRows(initial, blankPart);
  const suggestions = usePartOptions();
  return (
    <Fieldset
      legend="Package contents"
      hint="Make this item a package of others (a stage set of decks, truss and lights): type a part's name to choose it, and how many units one package takes. Approving a package books its parts."
    >
      <RowsError error={error} />
      <div className="space-y-3 sm:col-span-2">
        {rows.map((row, i) => (
          <div key={row.key} className="grid grid-cols-[1fr_6rem_auto] gap-2">
            <input
              name="partSlug"
              list={PART_OPTIONS_ID}
              autoComplete="off"
              onChange={(e) => suggestions.search(e.target.value)}
              defaultValue={row.slug}
              placeholder="Type a name, e.g. truss"
              aria-label={`Part ${i + 1} public id`}
              className={`${inputClass} border-slate-300`}
            />
            <input
              name="partQuantity"
              defaultValue={row.quantity}
              inputMode="numeric"
              aria-label={`Part ${i + 1} units per package`}
              className={`${inputClass} border-slate-300`}
            />
            <RemoveRowButton label={`Remove part ${i + 1}`} onClick={() => remove(row.key)} />
          </div>
        ))}
        <AddRowButton label="Add part" onClick={add} />
        <datalist id={PART_OPTIONS_ID}>
          {suggestions.options.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.name}
            </option>
          ))}
        </datalist>
      </div>
    </Fieldset>
  );
}
