// The quotation cart's rules (storefront.md §4-§5), the same in the browser and in the no-JavaScript path
// on the server: a product is added once, quantities stay between 1 and the item's stock.

export interface CartProduct {
  id: string;
  name: string;
  size: string | null;
  /** Decimal string, e.g. "5000.00". */
  price: string;
  /** Units in stock: the most one request may ask for. */
  stock: number;
}

export interface CartLine extends CartProduct {
  quantity: number;
}

/** The largest quantity the picker allows for a product: its stock, or 1 when none is selected. */
export function maxQuantity(product: CartProduct | undefined): number {
  return product ? Math.max(1, product.stock) : 1;
}

function clamp(quantity: number, product: CartProduct): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(Math.max(1, Math.floor(quantity)), maxQuantity(product));
}

/** Adds a product; nothing happens with no product, or when it is already in the cart. */
export function addToCart(cart: CartLine[], product: CartProduct | undefined, quantity: number): CartLine[] {
  if (!product || cart.some((line) => line.id === product.id)) return cart;
  return [...cart, { ...product, quantity: clamp(quantity, product) }];
}

/** Changes a line's quantity by `delta`; it never goes below 1 nor above the stock. */
export function changeQuantity(cart: CartLine[], productId: string, delta: number): CartLine[] {
  return cart.map((line) => (line.id === productId ? { ...line, quantity: clamp(line.quantity + delta, line) } : line));
}

export function removeFromCart(cart: CartLine[], productId: string): CartLine[] {
  return cart.filter((line) => line.id !== productId);
}
