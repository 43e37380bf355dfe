// Record payment's rules and arithmetic on their own (issue 22): roundedShare rounding half up, paymentFigures (VDS at most
// the VAT share, AIT on the value share, the rest to credit), the form's own rules (the reference a method needs,
// each allocation row's message) and paymentErrors' rules against the customer's invoices. The dialog runs these as
// one types and the use case under the invoices' locks; its integration tests cover what the database adds.
import { describe, expect, it } from "vitest";
import { MONEY_MAX_LABEL, roundedShare } from "../../lib/money";
import {
  CUSTOMER_PAYMENT_MESSAGES as M,
  normalizeRate,
  parseCustomerPaymentForm,
  paymentErrors,
  paymentFigures,
  paymentPreview,
  readCustomerPaymentForm,
  type CustomerPaymentFormValues,
  type CustomerPaymentInput,
  type OpenInvoice,
} from "./customer-payment-form";

const CUSTOMER = "5b1f0c2a-0000-4000-8000-000000000001";
const BANK = "5b1f0c2a-0000-4000-8000-0000000000b1";
const TODAY = "2026-03-15";

/** ৳69,000: net 60,000 + VAT 9,000, issued on the 1st. */
const INV1: OpenInvoice = {
  id: "5b1f0c2a-0000-4000-8000-00000000a001",
  number: "INV-2025-26-000001",
  issueDate: "2026-03-01",
  dueDate: "2026-03-08",
  netAmount: "60000.00",
  vatAmount: "9000.00",
  total: "69000.00",
  due: "69000.00",
};
/** ৳1,150 of which ৳400 is left; issued on the 10th. */
const INV2: OpenInvoice = {
  id: "5b1f0c2a-0000-4000-8000-00000000a002",
  number: "INV-2025-26-000002",
  issueDate: "2026-03-10",
  dueDate: null,
  netAmount: "1000.00",
  vatAmount: "150.00",
  total: "1150.00",
  due: "400.00",
};
/** Paid in full meanwhile (the server keeps it to say so). */
const SETTLED: OpenInvoice = {
  ...INV2,
  id: "5b1f0c2a-0000-4000-8000-00000000a003",
  number: "INV-2025-26-000003",
  due: "0.00",
};

function values(change: Partial<CustomerPaymentFormValues> = {}): CustomerPaymentFormValues {
  return {
    customerId: CUSTOMER,
    date: TODAY,
    method: "bank_transfer",
    methodReference: "",
    moneyAccountId: BANK,
    received: "1000",
    vdsAmount: "",
    aitRate: "",
    notes: "",
    allocations: [],
    ...change,
  };
}

function input(change: Partial<CustomerPaymentFormValues> = {}): CustomerPaymentInput {
  const parsed = parseCustomerPaymentForm(values(change));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

const ctx = (invoices: OpenInvoice[] = [INV1, INV2], vatWithholding = true) => ({
  invoices,
  vatWithholding,
  today: TODAY,
});
const errorsOf = (change: Partial<CustomerPaymentFormValues>, context = ctx()) => paymentErrors(input(change), context);

describe("roundedShare, as the payment figures use it", () => {
  it.each([
    [1n, 1n, 2n, 1n], // 0.5 rounds up
    [5n, 1n, 2n, 3n], // 2.5 rounds up
    [3n, 1n, 4n, 1n], // 0.75
    [1n, 1n, 4n, 0n], // 0.25
    [1n, 1n, 3n, 0n], // 0.333…
    [2n, 1n, 3n, 1n], // 0.666…
    [6_900_000n, 900_000n, 6_900_000n, 900_000n], // the whole invoice: its whole VAT
    [3_450_001n, 900_000n, 6_900_000n, 450_000n], // 450,000.13
    [3_450_001n, 6_000_000n, 6_900_000n, 3_000_001n], // 3,000,000.87
    [0n, 900_000n, 6_900_000n, 0n],
  ])("%i × %i / %i = %i, half up", (amount, part, whole, expected) => {
    expect(roundedShare(amount, part, whole)).toBe(expected);
  });
});

describe("normalizeRate", () => {
  it.each([
    ["", "0.00"],
    ["5", "5.00"],
    [" 2.5 % ", "2.50"],
    ["100", "100.00"],
    ["0.01", "0.01"],
  ])("%j is %s", (raw, rate) => expect(normalizeRate(raw)).toBe(rate));
  it.each(["100.01", "-1", "2.555", "five", "1e2"])("%j is not a rate", (raw) => expect(normalizeRate(raw)).toBeNull());
});

describe("paymentFigures", () => {
  it("the whole invoice net of VDS and AIT: VDS at most its VAT, AIT on its value, nothing to credit", () => {
    expect(
      paymentFigures(
        { received: "57000.00", vdsAmount: "9000.00", aitRate: "5.00" },
        [{ invoiceId: INV1.id, amount: "69000.00" }],
        [INV1],
      ),
    ).toEqual({
      received: 5_700_000n,
      vds: 900_000n,
      ait: 300_000n,
      total: 6_900_000n,
      allocated: 6_900_000n,
      vdsMax: 900_000n,
      aitBase: 6_000_000n,
      toCredit: 0n,
    });
  });

  it("a part allocation: the shares rounded half up, AIT half up on the value share", () => {
    const f = paymentFigures(
      { received: "33750.01", vdsAmount: "0.00", aitRate: "2.50" },
      [{ invoiceId: INV1.id, amount: "34500.01" }],
      [INV1],
    );
    expect(f).toMatchObject({ vdsMax: 450_000n, aitBase: 3_000_001n, ait: 75_000n, total: 3_450_001n, toCredit: 0n });
  });

  it("sums over invoices; an invoice it does not know adds no share; the rest is credit, or negative when over", () => {
    const f = paymentFigures(
      { received: "2000.00", vdsAmount: "0.00", aitRate: "0.00" },
      [
        { invoiceId: INV1.id, amount: "690.00" },
        { invoiceId: INV2.id, amount: "115.00" },
        { invoiceId: "5b1f0c2a-0000-4000-8000-00000000ffff", amount: "10.00" },
      ],
      [INV1, INV2],
    );
    expect(f).toMatchObject({
      allocated: 81_500n,
      vdsMax: 9_000n + 1_500n,
      aitBase: 60_000n + 10_000n,
      toCredit: 118_500n,
    });
    const over = paymentFigures(
      { received: "100.00", vdsAmount: "0.00", aitRate: "0.00" },
      [{ invoiceId: INV2.id, amount: "400.00" }],
      [INV2],
    );
    expect(over.toCredit).toBe(-30_000n);
  });
});

describe("parseCustomerPaymentForm", () => {
  it("keeps the allocations above 0, with their row, ids lower-cased; the rate normalised", () => {
    const parsed = input({
      aitRate: "5%",
      allocations: [
        { invoiceId: INV1.id.toUpperCase(), amount: "500" },
        { invoiceId: INV2.id, amount: "" },
        { invoiceId: SETTLED.id, amount: "0" },
      ],
    });
    expect(parsed).toMatchObject({
      aitRate: "5.00",
      vdsAmount: "0.00",
      methodReference: null,
      notes: null,
      allocations: [{ invoiceId: INV1.id, amount: "500.00", index: 0 }],
    });
  });

  it.each([
    ["cheque", "Cheque number is required"],
    ["bkash", M.referenceRequired("bKash transaction ID")],
    ["nagad", M.referenceRequired("Nagad transaction ID")],
  ])("a %s payment needs its reference", (method, message) => {
    const parsed = parseCustomerPaymentForm(values({ method, methodReference: "  " }));
    expect(parsed).toEqual({ ok: false, errors: { methodReference: message } });
  });

  it.each([
    ["a negative amount", "-1", "Allocation must be 0 or more"],
    ["three decimals", "10.005", "Allocation can have at most 2 decimals"],
    ["words", "ten", "Allocation must be an amount in taka, e.g. 1500 or 1500.50"],
  ])("an allocation row with %s is refused on its row", (_, amount, message) => {
    const parsed = parseCustomerPaymentForm(
      values({
        allocations: [
          { invoiceId: INV1.id, amount: "1" },
          { invoiceId: INV2.id, amount },
        ],
      }),
    );
    expect(parsed).toEqual({ ok: false, errors: { "allocations.1": message } });
  });

  it("an allocation to no invoice, or to the same invoice twice", () => {
    expect(parseCustomerPaymentForm(values({ allocations: [{ invoiceId: "nope", amount: "5" }] }))).toEqual({
      ok: false,
      errors: { "allocations.0": M.allocationInvoice },
    });
    expect(
      parseCustomerPaymentForm(
        values({
          allocations: [
            { invoiceId: INV1.id, amount: "5" },
            { invoiceId: INV1.id.toUpperCase(), amount: "6" },
          ],
        }),
      ),
    ).toEqual({ ok: false, errors: { "allocations.1": M.allocationTwice } });
  });

  it("orders the messages as the form shows its fields", () => {
    const parsed = parseCustomerPaymentForm(
      values({
        customerId: "",
        moneyAccountId: "",
        received: "",
        method: "cheque",
        allocations: [{ invoiceId: "x", amount: "5" }],
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      customerId: M.customerRequired,
      methodReference: "Cheque number is required",
      moneyAccountId: M.accountRequired,
      received: "Amount received is required",
      "allocations.0": M.allocationInvoice,
    });
    expect(Object.keys(parsed.errors)).toEqual([
      "customerId",
      "methodReference",
      "moneyAccountId",
      "received",
      "allocations.0",
    ]);
  });

  it("reads the posted rows in order", () => {
    const form = new FormData();
    form.set("customerId", CUSTOMER);
    form.append("allocationInvoiceId", INV1.id);
    form.append("allocationAmount", "100");
    form.append("allocationInvoiceId", INV2.id);
    form.append("allocationAmount", "");
    expect(readCustomerPaymentForm(form).allocations).toEqual([
      { invoiceId: INV1.id, amount: "100" },
      { invoiceId: INV2.id, amount: "" },
    ]);
  });
});

describe("paymentErrors", () => {
  const one = (invoice: OpenInvoice, amount: string) => [{ invoiceId: invoice.id, amount }];

  it("accepts a payment net of VDS and AIT that settles the invoice", () => {
    expect(errorsOf({ received: "57000", vdsAmount: "9000", aitRate: "5", allocations: one(INV1, "69000") })).toEqual(
      {},
    );
  });

  it.each([
    ["a date after today", { date: "2026-03-16" }, { date: M.dateFuture }],
    [
      "an invoice not among the customer's",
      { allocations: [{ invoiceId: "5b1f0c2a-0000-4000-8000-00000000ffff", amount: "5" }] },
      { "allocations.0": M.allocationNotOpen },
    ],
    [
      "more than the due",
      { received: "500", allocations: one(INV2, "400.01") },
      { "allocations.0": M.allocationAboveDue("400.00") },
    ],
    [
      "before the invoice was issued",
      { date: "2026-03-09", allocations: one(INV2, "100") },
      { "allocations.0": M.allocationBeforeIssue(INV2.number, INV2.issueDate) },
    ],
    [
      "allocations above the payment's total",
      { received: "300", allocations: one(INV2, "400") },
      { allocations: M.allocatedAboveTotal("400.00", "300.00") },
    ],
    ["a zero payment", { received: "0" }, { received: M.totalPositive }],
    [
      "VDS over the VAT share",
      { received: "347.82", vdsAmount: "52.18", allocations: one(INV2, "400") },
      { vdsAmount: M.vdsAboveShare("52.17") },
    ],
    ["VDS with no allocation", { vdsAmount: "10" }, { vdsAmount: M.vdsWithoutAllocation }],
    ["AIT with no allocation", { aitRate: "5" }, { aitRate: M.aitWithoutAllocation }],
  ] as const)("refuses %s, naming the field", (_, change, errors) => {
    expect(errorsOf(change as Partial<CustomerPaymentFormValues>)).toEqual(errors);
  });

  it("takes an amount received at the typed bound, ৳99,999,999.99", () => {
    expect(errorsOf({ received: "99,999,999.99", aitRate: "", allocations: [] })).toEqual({});
  });

  it.each([
    ["an amount received a paisa above it", { received: "100000000.00" }, "received", "Amount received"],
    ["VDS above it", { vdsAmount: "100000000" }, "vdsAmount", "VDS"],
  ] as const)("refuses %s (the typed bound), naming the field", (_, change, field, label) => {
    const parsed = parseCustomerPaymentForm(values(change));
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? {} : parsed.errors).toMatchObject({ [field]: `${label} must be at most ৳99,999,999.99` });
  });

  it("takes VDS at exactly the VAT share (400 × 150 / 1150 = 52.17)", () => {
    expect(errorsOf({ received: "347.83", vdsAmount: "52.17", allocations: one(INV2, "400") })).toEqual({});
  });

  it("VDS from a customer who does not withhold", () => {
    expect(errorsOf({ received: "300", vdsAmount: "10", allocations: one(INV2, "310") }, ctx([INV2], false))).toEqual({
      vdsAmount: M.vdsNotWithholding,
    });
  });

  it("an invoice settled meanwhile is named as settled (the server's second payment of the same invoice)", () => {
    expect(errorsOf({ received: "400", allocations: one(SETTLED, "400") }, ctx([SETTLED]))).toEqual({
      "allocations.0": M.allocationSettled(SETTLED.number),
    });
    expect(M.allocationSettled("INV-2025-26-000003")).toBe(
      "INV-2025-26-000003 is settled already: nothing is left to pay on it",
    );
  });

  it("a row's own message stands alone: the sum's message is not added over it", () => {
    expect(errorsOf({ received: "100", allocations: one(INV2, "500") })).toEqual({
      "allocations.0": M.allocationAboveDue("400.00"),
    });
  });

  it("several rows, each with its own message, in the form's order", () => {
    const errors = errorsOf({
      date: "2026-03-05",
      received: "100000",
      allocations: [
        { invoiceId: INV2.id, amount: "100" },
        { invoiceId: INV1.id, amount: "69000.01" },
      ],
    });
    expect(errors).toEqual({
      "allocations.0": M.allocationBeforeIssue(INV2.number, INV2.issueDate),
      "allocations.1": M.allocationAboveDue("69000.00"),
    });
    expect(Object.keys(errors)).toEqual(["allocations.0", "allocations.1"]);
  });

  it("says the messages in words a clerk reads", () => {
    expect(M.allocationAboveDue("400.00")).toBe("At most the invoice's due: ৳400.00");
    expect(M.allocatedAboveTotal("400.00", "300.00")).toBe(
      "The allocations (৳400.00) are more than the payment's total (৳300.00: received + VDS + AIT)",
    );
    expect(M.totalTooLarge).toBe(`The payment's total can be at most ${MONEY_MAX_LABEL}`);
  });
});

describe("paymentPreview", () => {
  it("what the customer owes and their credit after, as one types", () => {
    const preview = paymentPreview(
      {
        received: "1000",
        vdsAmount: "",
        aitRate: "",
        allocations: [
          { invoiceId: INV2.id, amount: "400" },
          { invoiceId: INV1.id, amount: "" },
        ],
      },
      [INV1, INV2],
      "50.00",
    );
    expect(preview).toMatchObject({
      duesBefore: 6_940_000n,
      duesAfter: 6_900_000n,
      creditBefore: 5_000n,
      creditAfter: 65_000n,
      owesBefore: 6_935_000n,
      owesAfter: 6_835_000n,
      leftOn: { [INV1.id]: 6_900_000n, [INV2.id]: 0n },
    });
  });

  it("no figures while an amount cannot be read", () => {
    const preview = paymentPreview({ received: "abc", vdsAmount: "", aitRate: "", allocations: [] }, [INV2], "0");
    expect(preview.figures).toBeNull();
    expect(preview.owesAfter).toBe(preview.owesBefore);
  });
});
