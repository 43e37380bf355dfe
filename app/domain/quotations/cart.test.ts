import { describe, expect, it } from "vitest";
import { addToCart, changeQuantity, maxQuantity, removeFromCart, type CartProduct } from "./cart";

const wall: CartProduct = { id: "w", name: "LED wall", size: "8×4", price: "5000.00", stock: 120 };
const booth: CartProduct = { id: "b", name: "Booth", size: null, price: "25000.00", stock: 3 };

describe("quotation cart", () => {
  it("adds a product once, with the quantity kept between 1 and the stock", () => {
    let cart = addToCart([], wall, 32);
    expect(cart).toEqual([{ ...wall, quantity: 32 }]);
    cart = addToCart(cart, wall, 5);
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(32);
    expect(addToCart([], booth, 10)[0]!.quantity).toBe(3);
    expect(addToCart([], booth, 0)[0]!.quantity).toBe(1);
    expect(addToCart([], booth, Number.NaN)[0]!.quantity).toBe(1);
  });

  it("does nothing when no product is selected", () => {
    expect(addToCart([], undefined, 1)).toEqual([]);
  });

  it("changes quantities with minus and plus, never below 1 nor above the stock", () => {
    let cart = addToCart([], booth, 1);
    cart = changeQuantity(cart, "b", -1);
    expect(cart[0]!.quantity).toBe(1);
    cart = changeQuantity(changeQuantity(changeQuantity(cart, "b", 1), "b", 1), "b", 1);
    expect(cart[0]!.quantity).toBe(3);
  });

  it("removes a line", () => {
    expect(removeFromCart(addToCart(addToCart([], wall, 1), booth, 1), "w").map((l) => l.id)).toEqual(["b"]);
  });

  it("allows at most the stock in the picker, 1 when nothing is selected", () => {
    expect(maxQuantity(booth)).toBe(3);
    expect(maxQuantity(undefined)).toBe(1);
    expect(maxQuantity({ ...booth, stock: 0 })).toBe(1);
  });
});
