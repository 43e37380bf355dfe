import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { TAX_DEPOSIT_KINDS } from "../../domain/accounting/constants";
import {
  ALLOCATION_KINDS,
  CUSTOMER_PAYMENT_METHODS,
  DOCUMENT_SERIES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
} from "../../domain/sales/constants";
import { SD_RATE_MAX_PERCENT } from "../../domain/catalogue/constants";
import { chartOfAccounts, journalEntries } from "./accounting";
import { users } from "./auth";
import { businessDateRange } from "./date-range";
import { createdAt, id, money, seller, sqlList, updatedAt } from "./columns";
import { quotations } from "./quotations";

// Customers, tax invoices (Mushak-6.3), credit notes (Mushak-6.7), customer payments with VDS and AIT, VAT periods
// and tax deposits (issue 22, DESIGN §10). Every money document carries the entry it posted; nothing posted is
// deleted.

/**
 * A customer: made from a quotation's contact on its first approval, or typed. A merged record points at the one it
 * was merged into and is no longer listed; its documents were moved there.
 */
export const customers = pgTable(
  "customers",
  {
    id: id(),
    name: text("name").notNull(),
    organisation: text("organisation"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    /** The Business Identification Number, when the customer is VAT-registered. */
    bin: text("bin"),
    /** A VAT withholding entity (a limited company, bank, NGO, government body): pays net of VDS and AIT. */
    vatWithholding: boolean("vat_withholding").notNull().default(false),
    notes: text("notes"),
    mergedIntoId: uuid("merged_into_id").references((): AnyPgColumn => customers.id, { onDelete: "restrict" }),
    mergedAt: timestamp("merged_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live record per e-mail address, so two approvals at once cannot make the same customer twice.
    uniqueIndex("customers_email_live_unique")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} is not null and ${t.mergedIntoId} is null`),
    index("customers_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("customers_organisation_trgm_idx").using("gin", sql`${t.organisation} gin_trgm_ops`),
    index("customers_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("customers_name_idx").on(t.name, t.id),
    index("customers_merged_into_id_idx").on(t.mergedIntoId),
    index("customers_created_by_idx").on(t.createdBy),
    check("customers_not_merged_into_self_check", sql`${t.mergedIntoId} is null or ${t.mergedIntoId} <> ${t.id}`),
    check("customers_merged_check", sql`(${t.mergedIntoId} is null) = (${t.mergedAt} is null)`),
  ],
);

/**
 * The last number given in each gapless series per fiscal year (July to June, named by the year it starts in). Taken
 * with UPDATE ... RETURNING in the document's own transaction: a second document waits for the row, and a document
 * that fails gives its number back with its rollback, so no number is skipped or given twice.
 */
export const documentSequences = pgTable(
  "document_sequences",
  {
    series: text("series", { enum: DOCUMENT_SERIES }).notNull(),
    fiscalYear: integer("fiscal_year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.fiscalYear] }),
    check("document_sequences_series_check", sql.raw(`series in (${sqlList(DOCUMENT_SERIES)})`)),
    check("document_sequences_last_number_check", sql`${t.lastNumber} >= 0`),
  ],
);

/**
 * A tax invoice (Mushak-6.3) on an approved quotation, or of a customer's damage and loss charges of jobs alone (kind
 * charges, on no quotation; issue 37): never edited once issued; a credit note corrects it.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    /** INV-2026-27-000123. */
    number: text("number").notNull().unique(),
    seller: seller(),
    /** The quotation's event as it was named when issued (the PDF's delivery block). */
    eventName: text("event_name"),
    fiscalYear: integer("fiscal_year").notNull(),
    sequence: integer("sequence").notNull(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    /** An advance invoice's share of the quotation, in percent. */
    advancePercent: numeric("advance_percent", { precision: 5, scale: 2 }),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("issued"),
    /** The quotation invoiced; null on a charges invoice only (invoices_quotation_check). */
    quotationId: uuid("quotation_id").references(() => quotations.id, { onDelete: "restrict" }),
    /** The quotation's revision invoiced (its lines and prices); null with the quotation. */
    quotationRevision: integer("quotation_revision"),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    /** The moment of issue, printed with its time (Mushak-6.3). */
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** The issue's day in Dhaka: the entry's date and the VAT period's. */
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date"),
    // The buyer as printed, kept as it was on the day of issue.
    buyerName: text("buyer_name").notNull(),
    buyerBin: text("buyer_bin"),
    buyerAddress: text("buyer_address"),
    deliveryAddress: text("delivery_address"),
    /**
     * The value before VAT (after discount), the supplementary duty on it (issue 37; 0 unless an item carries SD),
     * the VAT on the value and the SD, and their sum, as printed.
     */
    netAmount: money("net_amount").notNull(),
    sdAmount: money("sd_amount").notNull().default("0"),
    vatAmount: money("vat_amount").notNull(),
    total: money("total").notNull(),
    vatRatePercent: numeric("vat_rate_percent", { precision: 5, scale: 2 }).notNull(),
    /**
     * The part of the net that is damage and loss charges of jobs, posted to service income (issue 37): all of a
     * charges invoice's. 0 on invoices issued before, which posted their charges as rental income.
     */
    chargesNet: money("charges_net").notNull().default("0"),
    /** What settles it so far: payments and the customer's credit applied (invoice_allocations' sum). */
    paidAmount: money("paid_amount").notNull().default("0"),
    /** What credit notes took back from what was owed. */
    creditedAmount: money("credited_amount").notNull().default("0"),
    signatoryName: text("signatory_name").notNull(),
    signatoryDesignation: text("signatory_designation").notNull(),
    journalEntryId: uuid("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("invoices_fiscal_year_sequence_unique").on(t.fiscalYear, t.sequence),
    index("invoices_quotation_id_idx").on(t.quotationId),
    index("invoices_customer_id_idx").on(t.customerId, t.issuedAt),
    index("invoices_issue_date_idx").on(t.issueDate),
    index("invoices_issued_at_idx").on(t.issuedAt, t.id),
    index("invoices_journal_entry_id_idx").on(t.journalEntryId),
    index("invoices_created_by_idx").on(t.createdBy),
    index("invoices_number_trgm_idx").using("gin", sql`${t.number} gin_trgm_ops`),
    index("invoices_buyer_name_trgm_idx").using("gin", sql`${t.buyerName} gin_trgm_ops`),
    check("invoices_kind_check", sql.raw(`kind in (${sqlList(INVOICE_KINDS)})`)),
    // Every kind is on its quotation, a charges invoice on none (issue 37).
    check(
      "invoices_quotation_check",
      sql`(${t.kind} = 'charges') = (${t.quotationId} is null) and (${t.quotationId} is null) = (${t.quotationRevision} is null)`,
    ),
    check(
      "invoices_charges_net_check",
      sql`${t.chargesNet} >= 0 and ${t.chargesNet} <= ${t.netAmount} and (${t.kind} <> 'charges' or ${t.chargesNet} = ${t.netAmount})`,
    ),
    check("invoices_status_check", sql.raw(`status in (${sqlList(INVOICE_STATUSES)})`)),
    check("invoices_sequence_check", sql`${t.sequence} > 0`),
    check(
      "invoices_advance_percent_check",
      sql`(${t.kind} = 'advance') = (${t.advancePercent} is not null) and (${t.advancePercent} is null or (${t.advancePercent} > 0 and ${t.advancePercent} < 100))`,
    ),
    // The SD, like the VAT, may be a paisa below 0 on a final invoice whose advances' rounding took a little more.
    check("invoices_total_check", sql`${t.total} = ${t.netAmount} + ${t.sdAmount} + ${t.vatAmount} and ${t.total} > 0`),
    check("invoices_vat_rate_check", sql`${t.vatRatePercent} between 0 and 100`),
    businessDateRange("invoices", t.issueDate),
    businessDateRange("invoices", t.dueDate),
    check(
      "invoices_settled_check",
      sql`${t.paidAmount} >= 0 and ${t.creditedAmount} >= 0 and ${t.paidAmount} + ${t.creditedAmount} <= ${t.total}`,
    ),
  ],
);

/**
 * An invoice's lines as printed (Mushak-6.3): description, unit of supply, quantity and days, unit price, value
 * before VAT, supplementary duty rate and amount, VAT rate and amount. A final invoice's "less the advance invoiced"
 * line has a negative value, SD and VAT.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    lineNo: integer("line_no").notNull(),
    description: text("description").notNull(),
    /** The unit of supply (issue 37): the item's price unit ("unit/day", "sqm/day", "event"); null on a line without. */
    unitOfSupply: text("unit_of_supply"),
    quantity: integer("quantity"),
    days: integer("days"),
    unitPrice: money("unit_price"),
    /** Quantity × unit price × days, less this line's share of the discount: the value before VAT. */
    value: money("value").notNull(),
    /**
     * The supplementary duty's rate (null on an advance line of items at different rates) and amount: the value ×
     * the rate, half up (issue 37). VAT is charged on the value and the SD.
     */
    sdRatePercent: numeric("sd_rate_percent", { precision: 5, scale: 2 }).default("0"),
    sdAmount: money("sd_amount").notNull().default("0"),
    vatRatePercent: numeric("vat_rate_percent", { precision: 5, scale: 2 }).notNull(),
    vatAmount: money("vat_amount").notNull(),
  },
  (t) => [
    unique("invoice_lines_invoice_line_unique").on(t.invoiceId, t.lineNo),
    check(
      "invoice_lines_sd_rate_check",
      sql`${t.sdRatePercent} is null or (${t.sdRatePercent} >= 0 and ${t.sdRatePercent} <= ${sql.raw(String(SD_RATE_MAX_PERCENT))})`,
    ),
    check("invoice_lines_quantity_check", sql`${t.quantity} is null or ${t.quantity} > 0`),
    check("invoice_lines_days_check", sql`${t.days} is null or ${t.days} > 0`),
  ],
);

/** A credit note (Mushak-6.7): takes back part or all of an issued invoice, with its reason. */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: id(),
    /** CN-2026-27-000004. */
    number: text("number").notNull().unique(),
    seller: seller(),
    fiscalYear: integer("fiscal_year").notNull(),
    sequence: integer("sequence").notNull(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    issueDate: date("issue_date").notNull(),
    reason: text("reason").notNull(),
    /** The value, supplementary duty and VAT taken back, and their sum (issue 37: SD as the invoice charged it). */
    netAmount: money("net_amount").notNull(),
    sdAmount: money("sd_amount").notNull().default("0"),
    vatAmount: money("vat_amount").notNull(),
    total: money("total").notNull(),
    /** The part of the net taken back from the invoice's damage and loss charges: debited to service income. */
    chargesNet: money("charges_net").notNull().default("0"),
    /** The part that reduced what the invoice still owed. */
    appliedToInvoice: money("applied_to_invoice").notNull(),
    /** The rest, where the invoice was already paid: the customer's credit. */
    toCredit: money("to_credit").notNull(),
    signatoryName: text("signatory_name").notNull(),
    signatoryDesignation: text("signatory_designation").notNull(),
    journalEntryId: uuid("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("credit_notes_fiscal_year_sequence_unique").on(t.fiscalYear, t.sequence),
    index("credit_notes_invoice_id_idx").on(t.invoiceId),
    index("credit_notes_customer_id_idx").on(t.customerId),
    index("credit_notes_issue_date_idx").on(t.issueDate),
    index("credit_notes_journal_entry_id_idx").on(t.journalEntryId),
    index("credit_notes_created_by_idx").on(t.createdBy),
    check("credit_notes_sequence_check", sql`${t.sequence} > 0`),
    businessDateRange("credit_notes", t.issueDate),
    check(
      "credit_notes_total_check",
      sql`${t.total} = ${t.netAmount} + ${t.sdAmount} + ${t.vatAmount} and ${t.total} > 0`,
    ),
    check(
      "credit_notes_amounts_check",
      sql`${t.netAmount} >= 0 and ${t.sdAmount} >= 0 and ${t.vatAmount} >= 0 and ${t.chargesNet} >= 0 and ${t.chargesNet} <= ${t.netAmount}`,
    ),
    check(
      "credit_notes_split_check",
      sql`${t.appliedToInvoice} >= 0 and ${t.toCredit} >= 0 and ${t.appliedToInvoice} + ${t.toCredit} = ${t.total}`,
    ),
  ],
);

export const creditNoteLines = pgTable(
  "credit_note_lines",
  {
    id: id(),
    creditNoteId: uuid("credit_note_id")
      .notNull()
      .references(() => creditNotes.id, { onDelete: "restrict" }),
    lineNo: integer("line_no").notNull(),
    description: text("description").notNull(),
    value: money("value").notNull(),
    sdAmount: money("sd_amount").notNull().default("0"),
    vatRatePercent: numeric("vat_rate_percent", { precision: 5, scale: 2 }).notNull(),
    vatAmount: money("vat_amount").notNull(),
  },
  (t) => [
    unique("credit_note_lines_note_line_unique").on(t.creditNoteId, t.lineNo),
    check("credit_note_lines_amounts_check", sql`${t.value} >= 0 and ${t.sdAmount} >= 0 and ${t.vatAmount} >= 0`),
  ],
);

/**
 * What a customer paid: received into a money account, plus what a withholding customer kept back and certifies
 * (VDS, Mushak-6.6) and the income tax it withheld (AIT). total = received + VDS + AIT is what it settles; the part
 * not allocated to invoices is the customer's credit.
 */
export const customerPayments = pgTable(
  "customer_payments",
  {
    id: id(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    date: date("date").notNull(),
    method: text("method", { enum: CUSTOMER_PAYMENT_METHODS }).notNull(),
    /** The cheque's number, the wallet's transaction id, the bank's reference. */
    methodReference: text("method_reference"),
    moneyAccountId: uuid("money_account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    received: money("received").notNull(),
    vdsAmount: money("vds_amount").notNull().default("0"),
    aitRatePercent: numeric("ait_rate_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    aitAmount: money("ait_amount").notNull().default("0"),
    total: money("total").notNull(),
    /** The VDS certificate (Mushak-6.6) once it has come in: only then does the VAT withheld count against VAT payable. */
    vdsCertificateNo: text("vds_certificate_no"),
    vdsCertificateDate: date("vds_certificate_date"),
    notes: text("notes"),
    journalEntryId: uuid("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    /**
     * Voided (issue 36: a bounced cheque): the reversing entry, dated void_date, with who, when and why; all set or
     * all null (customer_payments_void_check; who may be gone since).
     */
    voidEntryId: uuid("void_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    voidDate: date("void_date"),
    voidReason: text("void_reason"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("customer_payments_customer_id_idx").on(t.customerId, t.date),
    index("customer_payments_void_entry_id_idx").on(t.voidEntryId),
    index("customer_payments_voided_by_idx").on(t.voidedBy),
    check(
      "customer_payments_void_check",
      sql`(${t.voidEntryId} is null and ${t.voidDate} is null and ${t.voidReason} is null and ${t.voidedAt} is null) or (${t.voidEntryId} is not null and ${t.voidDate} is not null and ${t.voidReason} is not null and ${t.voidedAt} is not null)`,
    ),
    index("customer_payments_date_idx").on(t.date),
    index("customer_payments_money_account_id_idx").on(t.moneyAccountId),
    index("customer_payments_journal_entry_id_idx").on(t.journalEntryId),
    index("customer_payments_created_by_idx").on(t.createdBy),
    index("customer_payments_vds_certificate_idx")
      .on(t.vdsCertificateDate)
      .where(sql`${t.vdsAmount} > 0`),
    check("customer_payments_method_check", sql.raw(`method in (${sqlList(CUSTOMER_PAYMENT_METHODS)})`)),
    check(
      "customer_payments_amounts_check",
      sql`${t.received} >= 0 and ${t.vdsAmount} >= 0 and ${t.aitAmount} >= 0 and ${t.total} > 0 and ${t.total} = ${t.received} + ${t.vdsAmount} + ${t.aitAmount}`,
    ),
    check("customer_payments_ait_rate_check", sql`${t.aitRatePercent} between 0 and 100`),
    businessDateRange("customer_payments", t.date),
    check(
      "customer_payments_certificate_check",
      sql`(${t.vdsCertificateNo} is null) = (${t.vdsCertificateDate} is null) and (${t.vdsCertificateNo} is null or ${t.vdsAmount} > 0)`,
    ),
  ],
);

/** What settles an invoice: part of a payment, or the customer's credit applied. */
export const invoiceAllocations = pgTable(
  "invoice_allocations",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: ALLOCATION_KINDS }).notNull(),
    customerPaymentId: uuid("customer_payment_id").references(() => customerPayments.id, { onDelete: "restrict" }),
    amount: money("amount").notNull(),
    date: date("date").notNull(),
    /** The entry that moved it off the receivable: the payment's, the invoice's (credit applied on issue), or its own. */
    journalEntryId: uuid("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_allocations_invoice_id_idx").on(t.invoiceId),
    index("invoice_allocations_customer_payment_id_idx").on(t.customerPaymentId),
    index("invoice_allocations_journal_entry_id_idx").on(t.journalEntryId),
    index("invoice_allocations_created_by_idx").on(t.createdBy),
    check("invoice_allocations_kind_check", sql.raw(`kind in (${sqlList(ALLOCATION_KINDS)})`)),
    check("invoice_allocations_amount_check", sql`${t.amount} > 0`),
    check("invoice_allocations_payment_check", sql`(${t.kind} = 'payment') = (${t.customerPaymentId} is not null)`),
  ],
);

/**
 * A closed VAT period (a month or a quarter): its Mushak-9.1 figures as they were when closed, and the entry that
 * offset input VAT and certified VDS against VAT payable. Nothing carrying VAT is dated inside a closed period.
 */
export const vatPeriods = pgTable(
  "vat_periods",
  {
    id: id(),
    periodStart: date("period_start").notNull().unique(),
    periodEnd: date("period_end").notNull(),
    outputVat: money("output_vat").notNull(),
    inputVat: money("input_vat").notNull(),
    vdsCredit: money("vds_credit").notNull(),
    /**
     * The credit of earlier returns brought forward into this one (issue 37; Mushak-9.1's previous closing balance):
     * the negative net payable of each earlier closed period not yet carried, which then names this one.
     */
    carriedIn: money("carried_in").notNull().default("0"),
    /** Output less input less VDS less the credit brought forward: what is owed for the period (negative: a credit). */
    netPayable: money("net_payable").notNull(),
    /** A credit (net payable below zero) carried forward: the later period whose return took it in. */
    carriedIntoId: uuid("carried_into_id").references((): AnyPgColumn => vatPeriods.id, { onDelete: "restrict" }),
    journalEntryId: uuid("journal_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
    closedAt: createdAt(),
  },
  (t) => [
    index("vat_periods_period_end_idx").on(t.periodEnd),
    index("vat_periods_journal_entry_id_idx").on(t.journalEntryId),
    index("vat_periods_closed_by_idx").on(t.closedBy),
    check("vat_periods_range_check", sql`${t.periodEnd} >= ${t.periodStart}`),
    businessDateRange("vat_periods", t.periodStart),
    businessDateRange("vat_periods", t.periodEnd),
    index("vat_periods_carried_into_id_idx").on(t.carriedIntoId),
    check(
      "vat_periods_amounts_check",
      // Output VAT may be negative (a month whose credit notes took back more than its invoices charged), and so may
      // input VAT (a purchase reversed in a later month; issue 37).
      sql`${t.vdsCredit} >= 0 and ${t.carriedIn} >= 0 and ${t.netPayable} = ${t.outputVat} - ${t.inputVat} - ${t.vdsCredit} - ${t.carriedIn}`,
    ),
    check("vat_periods_carried_into_check", sql`${t.carriedIntoId} is null or ${t.netPayable} < 0`),
  ],
);

/** A tax paid to the treasury (challan): posts against VAT payable or income tax payable. */
export const taxDeposits = pgTable(
  "tax_deposits",
  {
    id: id(),
    kind: text("kind", { enum: TAX_DEPOSIT_KINDS }).notNull(),
    challanNo: text("challan_no").notNull(),
    date: date("date").notNull(),
    amount: money("amount").notNull(),
    moneyAccountId: uuid("money_account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    /** The VAT period it pays, when it pays one. */
    vatPeriodId: uuid("vat_period_id").references(() => vatPeriods.id, { onDelete: "restrict" }),
    notes: text("notes"),
    journalEntryId: uuid("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    /**
     * Reversed (issue 36: a challan recorded by mistake): the mirror of its entry, with who, when and why; all set or
     * all null (tax_deposits_reversal_check; who may be gone since). A reversed deposit pays nothing.
     */
    reversalEntryId: uuid("reversal_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    reversalReason: text("reversal_reason"),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversedBy: uuid("reversed_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // One standing deposit per challan of a kind: a reversed one's number may be recorded again, corrected.
    uniqueIndex("tax_deposits_challan_unique")
      .on(t.kind, t.challanNo)
      .where(sql`${t.reversedAt} is null`),
    index("tax_deposits_reversal_entry_id_idx").on(t.reversalEntryId),
    index("tax_deposits_reversed_by_idx").on(t.reversedBy),
    check(
      "tax_deposits_reversal_check",
      sql`(${t.reversalEntryId} is null and ${t.reversalReason} is null and ${t.reversedAt} is null) or (${t.reversalEntryId} is not null and ${t.reversalReason} is not null and ${t.reversedAt} is not null)`,
    ),
    index("tax_deposits_date_idx").on(t.date),
    index("tax_deposits_money_account_id_idx").on(t.moneyAccountId),
    index("tax_deposits_vat_period_id_idx").on(t.vatPeriodId),
    index("tax_deposits_journal_entry_id_idx").on(t.journalEntryId),
    index("tax_deposits_created_by_idx").on(t.createdBy),
    check("tax_deposits_kind_check", sql.raw(`kind in (${sqlList(TAX_DEPOSIT_KINDS)})`)),
    check("tax_deposits_amount_check", sql`${t.amount} > 0`),
    businessDateRange("tax_deposits", t.date),
  ],
);
