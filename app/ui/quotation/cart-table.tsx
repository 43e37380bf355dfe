import { Minus, Plus, Trash2 } from "lucide-react";
import type { CartLine } from "~/domain/quotations/cart";
import { priceLines } from "~/lib/money";
import { formatMoney } from "~/lib/format";

/**
 * The cart: name, size, unit price, quantity with minus and plus, line total, remove. Each line also posts
 * its product and quantity with the form. Without JavaScript the buttons submit the form with an intent the
 * server applies (`interactive` false); with it they change the cart in place.
 */
export function CartTable({
  cart,
  interactive,
  onChange,
  onRemove,
}: {
  cart: CartLine[];
  interactive: boolean;
  onChange: (productId: string, delta: number) => void;
  onRemove: (productId: string) => void;
}) {
  const { lines, total } = priceLines(cart.map((l) => ({ unitPrice: l.price, quantity: l.quantity })));
  const button =
    "rounded-md border border-slate-300 p-1.5 text-ink-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[520px] text-left text-sm">
        <caption className="sr-only">Products in your quotation</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wider text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Product
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Unit price
            </th>
            <th scope="col" className="py-2 pr-3 text-center">
              Quantity
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Total
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.map((line, i) => (
            <tr key={line.id} className="border-b border-slate-100" data-testid="cart-line">
              <td className="py-3 pr-3">
                <input type="hidden" name="productId" value={line.id} />
                <input type="hidden" name="quantity" value={line.quantity} />
                <p className="font-medium text-ink-900">{line.name}</p>
                {line.size && <p className="text-xs text-slate-600">{line.size}</p>}
              </td>
              <td className="py-3 pr-3 text-right whitespace-nowrap">{formatMoney(line.price)}</td>
              <td className="py-3 pr-3">
                <div className="flex items-center justify-center gap-2">
                  <button
                    type={interactive ? "button" : "submit"}
                    name="intent"
                    formNoValidate
                    value={`decrease:${line.id}`}
                    onClick={interactive ? () => onChange(line.id, -1) : undefined}
                    disabled={line.quantity <= 1}
                    aria-label={`One less ${line.name}`}
                    className={button}
                  >
                    <Minus aria-hidden size={16} />
                  </button>
                  <span className="w-10 text-center font-semibold" aria-live="polite" data-testid="cart-quantity">
                    {line.quantity}
                  </span>
                  <button
                    type={interactive ? "button" : "submit"}
                    name="intent"
                    formNoValidate
                    value={`increase:${line.id}`}
                    onClick={interactive ? () => onChange(line.id, 1) : undefined}
                    disabled={line.quantity >= line.stock}
                    aria-label={`One more ${line.name}`}
                    className={button}
                  >
                    <Plus aria-hidden size={16} />
                  </button>
                </div>
              </td>
              <td className="py-3 pr-3 text-right font-semibold whitespace-nowrap" data-testid="cart-line-total">
                {formatMoney(lines[i]!.total)}
              </td>
              <td className="py-3 text-right">
                <button
                  type={interactive ? "button" : "submit"}
                  name="intent"
                  formNoValidate
                  value={`remove:${line.id}`}
                  onClick={interactive ? () => onRemove(line.id) : undefined}
                  aria-label={`Remove ${line.name}`}
                  className="rounded-md p-1.5 text-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden size={18} />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="pt-4 pr-3 text-right text-base text-ink-900">
              Total Estimate
            </th>
            <td
              className="pt-4 pr-3 text-right text-lg font-bold text-ink-900 whitespace-nowrap"
              data-testid="cart-total"
            >
              {formatMoney(total)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
