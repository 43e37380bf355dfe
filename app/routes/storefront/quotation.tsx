import { randomUUID } from "node:crypto";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import { getDb } from "~/db/client.server";
import { findProductIdBySlug, listQuotableProducts } from "~/domain/catalogue/catalogue.server";
import { addToCart, changeQuantity, removeFromCart, type CartLine } from "~/domain/quotations/cart";
import { priceLines } from "~/lib/money";
import { quotationFormOutcome, receiveQuotationForm } from "~/domain/quotations/quotation-form.server";
import { httpInitOf } from "~/lib/use-case-http";
import { QUOTATION_MESSAGES, QUOTATION_SENT_TEXTS, quotationRequestSchemaFor } from "~/domain/quotations/request";
import { todayInDhaka } from "~/lib/dhaka-time";
import { getEnv } from "~/lib/env.server";
import { fieldErrors } from "~/lib/form-errors";
import { formatMoney } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { randomUuid } from "~/lib/random-uuid";
import { HoneypotField } from "~/ui/honeypot-field";
import { PageHero } from "~/ui/page-hero";
import { CartTable } from "~/ui/quotation/cart-table";
import { ProductPicker, type PickerProduct } from "~/ui/quotation/product-picker";
import { EMPTY_VALUES, RequestFields, type RequestFieldName, type RequestValues } from "~/ui/quotation/request-fields";
import { QuotationSidebar } from "~/ui/quotation/sidebar";
import { primaryButton } from "~/ui/buttons";
import { useHydrated } from "~/ui/use-hydrated";
import { requestInfo } from "~/lib/request-context";
import type { Route } from "./+types/quotation";

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const slug = new URL(request.url).searchParams.get("product");
  return {
    // Streamed: the picker reads 'Loading products...' until it arrives.
    products: listQuotableProducts(db) as Promise<PickerProduct[]>,
    preselectedId: slug ? await findProductIdBySlug(db, slug) : null,
    idempotencyKey: randomUUID(),
    // The day the browser's check judges event dates by, so that it agrees with the server's.
    today: todayInDhaka(),
    // Whether e-mail goes out at all (SMTP_URL set); without it the e-mails only wait in the outbox.
    deliversEmail: getEnv().smtpUrl !== undefined,
  };
}

// The first page is sent whole (the product list in it) so the form works without JavaScript; going to
// the page from another one shows 'Loading products...' until the list arrives.
export const handle = { renderWhenReady: true };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const result = await receiveQuotationForm(getDb(), form, requestInfo(context).clientAddress);
  const { status, headers } = result.ok ? { status: 200, headers: {} } : httpInitOf(result);
  return data(quotationFormOutcome(result), { status, headers: { ...headers, "Cache-Control": "no-store" } });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : { "Cache-Control": "no-store" };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Request a Quotation",
    description: "Fill out the form below to receive a customized quotation for your event needs.",
    path: "/quotation",
  });
}

/** The browser's check of the whole form, with the spec's messages (the server checks again). */
function validate(
  values: RequestValues,
  cart: CartLine[],
  idempotencyKey: string,
  today: string,
): Record<string, string> {
  const parsed = quotationRequestSchemaFor(today).safeParse({
    ...values,
    items: cart.map((l) => ({ productId: l.id, quantity: l.quantity })),
    idempotencyKey,
  });
  return parsed.success ? {} : fieldErrors(parsed.error);
}

export default function Quotation({ loaderData }: Route.ComponentProps) {
  const outcome = useActionData<typeof action>();
  const navigation = useNavigation();
  const interactive = useHydrated();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  const restored = outcome && outcome.status !== "sent" ? outcome : undefined;
  const [values, setValues] = useState<RequestValues>({ ...EMPTY_VALUES, ...restored?.values });
  const [cart, setCart] = useState<CartLine[]>(restored?.cart ?? []);
  const [selectedId, setSelectedId] = useState<string>(
    (restored?.status === "cart" ? restored.selectedProduct : undefined) ?? loaderData.preselectedId ?? "",
  );
  const [pickQuantity, setPickQuantity] = useState(1);
  const [idempotencyKey, setIdempotencyKey] = useState(restored?.values.idempotencyKey ?? loaderData.idempotencyKey);
  const [errors, setErrors] = useState<Record<string, string>>(restored?.status === "invalid" ? restored.errors : {});
  const [checked, setChecked] = useState(restored?.status === "invalid");
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const notified = useRef<string | null>(null);

  // Answers of the server after a JavaScript submission: field errors and toasts (storefront.md §8).
  const [seenOutcome, setSeenOutcome] = useState(outcome);
  if (outcome !== seenOutcome) {
    setSeenOutcome(outcome);
    if (outcome?.status === "invalid") {
      setErrors(outcome.errors);
      setChecked(true);
    }
  }
  useEffect(() => {
    if (!outcome || outcome.status === "sent" || outcome.status === "cart") return;
    const reason =
      outcome.status === "limited"
        ? outcome.message
        : (outcome.errors.items ?? outcome.errors.form ?? Object.values(outcome.errors)[0]);
    toast.error(`Failed to submit quotation. ${reason ?? "Please try again."}`);
  }, [outcome]);

  const sent = outcome?.status === "sent" && outcome.quotationId !== dismissedId ? outcome : undefined;

  // After a quotation is saved the browser asks for the notification e-mails (storefront.md §7.3).
  useEffect(() => {
    if (!sent || !sent.quotationId || notified.current === sent.quotationId) return;
    notified.current = sent.quotationId;
    const items = cart.map((l) => ({
      productId: l.id,
      name: l.name,
      quantity: l.quantity,
      unit_price: l.price,
      size: l.size,
    }));
    fetch("/api/email/quotation", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        quotation: {
          id: sent.quotationId,
          customerName: values.name,
          customerEmail: values.email,
          total: sent.total,
          items,
          status: "pending",
          createdAt: sent.createdAt,
          event_name: values.event_name,
          event_date: values.event_date,
          event_location: values.event_location,
          notes: values.notes || null,
        },
        recipientEmail: values.email,
        type: "created",
      }),
    })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { ok?: boolean };
        if (!response.ok || !body.ok) throw new Error("not ok");
        if (loaderData.deliversEmail) toast.success("Confirmation email sent!");
      })
      .catch(() => toast.warning("Quotation submitted, but email notification failed"));
  }, [sent, cart, values, loaderData.deliversEmail]);

  const update = (name: RequestFieldName, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (checked) setErrors(validate(next, cart, idempotencyKey, loaderData.today));
  };
  const updateCart = (next: CartLine[]) => {
    setCart(next);
    if (checked) setErrors(validate(values, next, idempotencyKey, loaderData.today));
  };

  const startOver = () => {
    setValues(EMPTY_VALUES);
    setCart([]);
    setErrors({});
    setChecked(false);
    setSelectedId("");
    setPickQuantity(1);
    setIdempotencyKey(randomUuid());
    setDismissedId(sent?.quotationId ?? null);
  };

  if (sent) {
    return (
      <main>
        <PageHero
          title="Request a Quotation"
          subtitle="Fill out the form below to receive a customized quotation for your event needs."
        />
        <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6" aria-live="polite">
          <h2 className="text-3xl font-bold text-ink-900">Request Sent!</h2>
          <p className="mt-4 text-lg text-slate-700">
            {loaderData.deliversEmail ? QUOTATION_SENT_TEXTS.emailSent : QUOTATION_SENT_TEXTS.noEmail}
          </p>
          <p className="mt-2 text-slate-600">
            We will check availability and send you a priced quotation, usually within one working day.
          </p>
          {interactive ? (
            <button type="button" onClick={startOver} className={`${primaryButton} mt-8`}>
              Submit Another Request
            </button>
          ) : (
            <Link to="/quotation" reloadDocument className={`${primaryButton} mt-8`}>
              Submit Another Request
            </Link>
          )}
        </section>
      </main>
    );
  }

  const cartEmpty = cart.length === 0;
  return (
    <main>
      <PageHero
        title="Request a Quotation"
        subtitle="Fill out the form below to receive a customized quotation for your event needs."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <Form
          method="post"
          noValidate={interactive}
          className="space-y-8 lg:col-span-2"
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.name === "intent" && submitter.value !== "submit") return;
            const found = validate(values, cart, idempotencyKey, loaderData.today);
            setChecked(true);
            setErrors(found);
            if (Object.keys(found).length > 0 || submitting) event.preventDefault();
          }}
        >
          {/* Enter in a field presses the form's first submit button. Without JavaScript the picker's Add and
              the cart's buttons are submit buttons too, so this copy of Submit Request comes first: Enter sends
              the request. Hidden from sight, the tab order and assistive technology, which use the real one. */}
          <button
            type="submit"
            name="intent"
            value="submit"
            disabled={cartEmpty || submitting}
            aria-hidden
            tabIndex={-1}
            className="sr-only"
          >
            Submit Request
          </button>
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <HoneypotField id="quotation-hp" />

          <section
            aria-labelledby="products-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="products-heading" className="text-xl font-bold text-ink-900">
              Select Products
            </h2>
            <div className="mt-4">
              <ProductPicker
                products={loaderData.products}
                selectedId={selectedId}
                onSelect={(id) => {
                  setSelectedId(id);
                  setPickQuantity(1);
                }}
                quantity={pickQuantity}
                onQuantity={setPickQuantity}
                interactive={interactive}
                onAdd={(products) => {
                  const product = products.find((p) => p.id === selectedId);
                  if (!product) return;
                  updateCart(addToCart(cart, product, pickQuantity));
                  setSelectedId("");
                  setPickQuantity(1);
                }}
              />
            </div>
            <div className="mt-6">
              {cartEmpty ? (
                <p
                  className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600"
                  role="status"
                >
                  {QUOTATION_MESSAGES.cartEmpty}
                </p>
              ) : (
                <CartTable
                  cart={cart}
                  interactive={interactive}
                  onChange={(id, delta) => updateCart(changeQuantity(cart, id, delta))}
                  onRemove={(id) => updateCart(removeFromCart(cart, id))}
                />
              )}
              {errors.items && !cartEmpty && (
                <p className="mt-2 text-sm text-red-700" role="alert">
                  {errors.items}
                </p>
              )}
            </div>
          </section>

          <section
            aria-labelledby="details-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="details-heading" className="text-xl font-bold text-ink-900">
              Your Details
            </h2>
            <div className="mt-4">
              <RequestFields values={values} errors={errors} onChange={update} earliestEventDate={loaderData.today} />
            </div>
          </section>

          {outcome?.status === "limited" && (
            <p className="rounded-md bg-red-50 p-4 text-sm text-red-800" role="alert">
              {outcome.message}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-4">
            <button
              type="submit"
              name="intent"
              value="submit"
              disabled={cartEmpty || submitting}
              className={primaryButton}
            >
              {submitting ? "Submitting..." : "Submit Request"}
            </button>
            {!cartEmpty && (
              <p className="text-sm text-slate-600">
                Estimated total{" "}
                <strong className="text-ink-900">
                  {formatMoney(priceLines(cart.map((l) => ({ unitPrice: l.price, quantity: l.quantity }))).total)}
                </strong>
                ; the final price comes with our quotation.
              </p>
            )}
          </div>
        </Form>
        <QuotationSidebar />
      </div>
    </main>
  );
}
