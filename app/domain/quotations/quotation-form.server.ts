import type { Db } from "../../db/client.server";
import { isHoneypotFilled } from "../../lib/honeypot";
import { getLogger } from "../../lib/logger.server";
import {
  checkAllowance,
  describeRetry,
  publicFormRule,
  RateLimitExceededError,
  takeAllowance,
} from "../../lib/rate-limit.server";
import { listQuotableProducts } from "../catalogue/catalogue.server";
import { addToCart, changeQuantity, removeFromCart, type CartLine } from "./cart";
import { createQuotationRequest } from "./create-quotation.server";
import { QUOTATION_TEXT_FIELDS, quotationRequestFromForm } from "./form-data";
import { refuse, type Done, type Refused } from "../use-case";

type Values = Partial<Record<(typeof QUOTATION_TEXT_FIELDS)[number], string>>;

/** What the page shows: the request sent, or the cart changed by a button without JavaScript. */
export type QuotationFormAnswer =
  | { status: "sent"; quotationId: string; total: string; createdAt: string; duplicate: boolean }
  | { status: "cart"; values: Values; cart: CartLine[]; selectedProduct: string };

/** Refused as invalid (the fields say why) or too-many (retryAfterSeconds), with what was typed and the cart. */
export type ReceiveQuotationResult =
  Done<{ answer: QuotationFormAnswer }> | (Refused & { values: Values; cart: CartLine[] });

/** What the page reads back (its HTTP status comes from app/lib/use-case-http.ts). */
export type QuotationFormOutcome =
  | QuotationFormAnswer
  | { status: "invalid"; errors: Record<string, string>; values: Values; cart: CartLine[] }
  | { status: "limited"; message: string; retryAfterSeconds: number; values: Values; cart: CartLine[] };

export function quotationFormOutcome(result: ReceiveQuotationResult): QuotationFormOutcome {
  if (result.ok) return result.answer;
  const { values, cart } = result;
  if (result.refusal === "too-many")
    return {
      status: "limited",
      message: result.message,
      retryAfterSeconds: result.retryAfterSeconds ?? 0,
      values,
      cart,
    };
  return { status: "invalid", errors: result.errors, values, cart };
}

function valuesOf(form: FormData | null): Values {
  const values: Values = {};
  for (const name of QUOTATION_TEXT_FIELDS) {
    const v = form?.get(name);
    if (typeof v === "string") values[name] = v;
  }
  return values;
}

/**
 * The cart's buttons without JavaScript write nothing but read the inventory: they have their own allowance,
 * this many times the form's (FORM_RATE_LIMIT).
 */
export const CART_BUTTON_LIMIT_FACTOR = 10;

const limitedMessage = (retryAfterSeconds: number) =>
  `Too many requests from your connection. Please try again ${describeRetry(retryAfterSeconds)}.`;

type QuotableProduct = Awaited<ReturnType<typeof listQuotableProducts>>[number];

/** The cart as posted (product and quantity pairs), rebuilt from the live inventory with the cart's rules. */
async function postedCart(db: Db, form: FormData | null, inventory?: QuotableProduct[]): Promise<CartLine[]> {
  const ids = form?.getAll("productId") ?? [];
  const quantities = form?.getAll("quantity") ?? [];
  if (ids.length === 0) return [];
  const products = inventory ?? (await listQuotableProducts(db));
  let cart: CartLine[] = [];
  ids.forEach((id, i) => {
    const product = products.find((p) => p.id === id);
    cart = addToCart(cart, product, Number(quantities[i]));
  });
  return cart;
}

/**
 * Everything the /quotation form can post. Without JavaScript the cart's buttons post an intent (add,
 * increase:<id>, decrease:<id>, remove:<id>) that changes the cart and writes nothing; each post uses one of
 * the client's cart allowance. A submission is refused when the client's allowance of stored requests is used
 * up, dropped quietly when the honeypot is filled, and otherwise stored by createQuotationRequest, which uses
 * the allowance only when it stores a new quotation (not for field errors, nor for a repeated submission).
 */
export async function receiveQuotationForm(
  db: Db,
  form: FormData | null,
  clientAddress: string,
): Promise<ReceiveQuotationResult> {
  const intent = form?.get("intent");
  const values = valuesOf(form);
  // The page says what it shows by itself: the sent panel, the cart as changed.
  const done = (answer: QuotationFormAnswer): ReceiveQuotationResult => ({ ok: true, message: "", answer });
  const limited = async (retryAfterSeconds: number): Promise<ReceiveQuotationResult> => ({
    ...refuse("too-many", limitedMessage(retryAfterSeconds)),
    retryAfterSeconds,
    values,
    cart: await postedCart(db, form),
  });

  if (typeof intent === "string" && intent !== "submit") {
    const allowance = await takeAllowance(
      db,
      publicFormRule("quotation-cart", clientAddress, CART_BUTTON_LIMIT_FACTOR),
    );
    if (!allowance.allowed) return limited(allowance.retryAfterSeconds);
    const [action, productId = ""] = intent.split(":");
    // One read of the inventory serves the posted cart and the product being added.
    const products = await listQuotableProducts(db);
    let cart = await postedCart(db, form, products);
    if (action === "add") {
      const selected = products.find((p) => p.id === form?.get("selectedProduct"));
      cart = addToCart(cart, selected, Number(form?.get("pickQuantity") ?? 1));
    } else if (action === "increase") cart = changeQuantity(cart, productId, 1);
    else if (action === "decrease") cart = changeQuantity(cart, productId, -1);
    else if (action === "remove") cart = removeFromCart(cart, productId);
    return done({
      status: "cart",
      values,
      cart,
      selectedProduct: action === "add" ? "" : String(form?.get("selectedProduct") ?? ""),
    });
  }

  const rule = publicFormRule("quotation", clientAddress);
  const allowance = await checkAllowance(db, rule);
  if (!allowance.allowed) return limited(allowance.retryAfterSeconds);
  if (form && isHoneypotFilled(form)) {
    // A robot filled the hidden field: it sees success, nothing is stored.
    getLogger().warn({ form: "quotation", clientAddress }, "honeypot filled: submission dropped");
    return done({
      status: "sent",
      quotationId: "",
      total: "0.00",
      createdAt: new Date().toISOString(),
      duplicate: false,
    });
  }
  let result;
  try {
    result = await createQuotationRequest(db, quotationRequestFromForm(form ?? new FormData()), { allowance: rule });
  } catch (error) {
    // Another request from this client took the last use while this one was being stored.
    if (error instanceof RateLimitExceededError) return limited(error.retryAfterSeconds);
    throw error;
  }
  if (!result.ok) return { ...result, values, cart: await postedCart(db, form) };
  return done({
    status: "sent",
    quotationId: result.quotation.id,
    total: result.quotation.total,
    createdAt: new Date(result.quotation.createdAt).toISOString(),
    duplicate: result.duplicate,
  });
}
