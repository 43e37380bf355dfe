import { Plus } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";
import { maxQuantity, type CartProduct } from "~/domain/quotations/cart";
import { formatMoney } from "~/lib/format";
import { useHydrated } from "~/ui/use-hydrated";

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-ink-900 shadow-sm focus:border-brand-600 disabled:bg-slate-100";

export interface PickerProduct extends CartProduct {
  slug: string;
  priceUnit: string;
}

/**
 * The product picker: a dropdown of the inventory by name, a quantity (1 to the selected item's stock) and
 * Add. While the inventory loads it reads 'Loading products...'; when the read failed, ' (Error loading
 * products)'; when there is none, 'No products available'.
 */
export function ProductPicker({
  products,
  selectedId,
  onSelect,
  quantity,
  onQuantity,
  onAdd,
  interactive,
}: {
  products: Promise<PickerProduct[]>;
  selectedId: string;
  onSelect: (id: string) => void;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onAdd: (products: PickerProduct[]) => void;
  interactive: boolean;
}) {
  const disabledPicker = (label: string) => (
    <PickerRow
      select={
        <select id="product" disabled className={selectClass}>
          <option>{label}</option>
        </select>
      }
      quantity={<QuantityInput quantity={quantity} max={1} onQuantity={onQuantity} onEnter={() => {}} />}
      add={<AddButton disabled interactive={interactive} onClick={() => {}} />}
    />
  );
  // One boundary for the three controls: they hydrate together, after the list streams in, and the row says
  // so (data-ready) once its handlers are attached. A value typed into a part hydrated later would be reset.
  return (
    <Suspense fallback={disabledPicker("Loading products...")}>
      <Await resolve={products} errorElement={disabledPicker("Select a product (Error loading products)")}>
        {(list) => (
          <LoadedPicker
            list={list}
            selectedId={selectedId}
            onSelect={onSelect}
            quantity={quantity}
            onQuantity={onQuantity}
            onAdd={onAdd}
            interactive={interactive}
          />
        )}
      </Await>
    </Suspense>
  );
}

function LoadedPicker({
  list,
  selectedId,
  onSelect,
  quantity,
  onQuantity,
  onAdd,
  interactive,
}: {
  list: PickerProduct[];
  selectedId: string;
  onSelect: (id: string) => void;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onAdd: (products: PickerProduct[]) => void;
  interactive: boolean;
}) {
  // False while this boundary hydrates, true once its handlers are attached.
  const ready = useHydrated();
  return (
    <PickerRow
      ready={ready}
      select={
        list.length === 0 ? (
          <select id="product" disabled className={selectClass}>
            <option>No products available</option>
          </select>
        ) : (
          <select
            id="product"
            name="selectedProduct"
            value={selectedId}
            onChange={(e) => onSelect(e.target.value)}
            className={selectClass}
          >
            <option value="">Select a product</option>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.size ? ` (${p.size})` : ""} · {formatMoney(p.price)} / {p.priceUnit}
              </option>
            ))}
          </select>
        )
      }
      quantity={
        <QuantityInput
          quantity={quantity}
          max={maxQuantity(list.find((p) => p.id === selectedId))}
          onQuantity={onQuantity}
          onEnter={() => onAdd(list)}
        />
      }
      add={<AddButton disabled={list.length === 0} interactive={interactive} onClick={() => onAdd(list)} />}
    />
  );
}

function PickerRow({
  select,
  quantity,
  add,
  ready = false,
}: {
  select: ReactNode;
  quantity: ReactNode;
  add: ReactNode;
  ready?: boolean;
}) {
  return (
    <div
      data-testid="product-picker"
      data-ready={ready ? "" : undefined}
      className="grid gap-3 sm:grid-cols-[1fr_7rem_auto] sm:items-end"
    >
      <div>
        <label htmlFor="product" className="text-sm font-medium text-ink-900">
          Product
        </label>
        {select}
      </div>
      {quantity}
      {add}
    </div>
  );
}

function QuantityInput({
  quantity,
  max,
  onQuantity,
  onEnter,
}: {
  quantity: number;
  max: number;
  onQuantity: (q: number) => void;
  /** With JavaScript, Enter here adds the product instead of sending the half-filled request. */
  onEnter: () => void;
}) {
  return (
    <div>
      <label htmlFor="pick-quantity" className="text-sm font-medium text-ink-900">
        Quantity
      </label>
      <input
        id="pick-quantity"
        name="pickQuantity"
        type="number"
        min={1}
        max={max}
        step={1}
        value={quantity}
        onChange={(e) => onQuantity(Number(e.target.value))}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          onEnter();
        }}
        className={selectClass}
      />
    </div>
  );
}

function AddButton({
  disabled,
  interactive,
  onClick,
}: {
  disabled: boolean;
  interactive: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type={interactive ? "button" : "submit"}
      name="intent"
      formNoValidate
      value="add"
      disabled={disabled}
      onClick={interactive ? onClick : undefined}
      className="inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
    >
      <Plus aria-hidden size={18} /> Add
    </button>
  );
}
