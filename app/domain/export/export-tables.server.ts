import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import {
  creditNotes,
  customerPayments,
  customers,
  employees,
  inventoryItems,
  invoiceLines,
  invoices,
  jobLines,
  jobs,
  journalLines,
  payrollRuns,
  payslips,
  settlements,
  suppliers,
  transactions,
} from "../../db/schema";
import { QUOTATION_REFERENCE_LENGTH } from "../quotations/reference";

// The tables of Settings > Export (issue 39, "data the company owns"): what the company's staff see on their screens,
// one CSV file each, with the columns a person needs (names beside the records they point to, money as the ledger's
// 2-decimal strings, dates ISO, moments in Dhaka time). Each file is read a page at a time in the order of its
// `sortKey` then `id` (keyset), so a table of any size streams. A column's value is SQL giving text (or null).

export interface ExportColumn {
  header: string;
  /** What the column holds, for the README. */
  about: string;
  value: SQL;
}

export interface ExportTable {
  /** The file's name in the ZIP. */
  file: string;
  /** One line for the README: what a row is. */
  about: string;
  from: SQL;
  /** Rows of the table to leave out (e.g. draft entries that are not in the books). */
  where?: SQL;
  /** The order of the rows: one key, then the id. */
  sortKey: SQL | AnyColumn;
  /** The key's SQL type, so the last row's key (read back as text) compares as it sorted. */
  sortKeyType: string;
  id: AnyColumn;
  columns: readonly ExportColumn[];
}

const col = (header: string, about: string, value: SQL): ExportColumn => ({ header, about, value });

/** A date column as ISO text (YYYY-MM-DD). */
const isoDate = (c: AnyColumn | SQL) => sql`(${c})::text`;
/** A moment as ISO 8601 in Dhaka time (+06:00), to the second. */
const dhakaTime = (c: AnyColumn | SQL) =>
  sql`to_char((${c}) at time zone 'Asia/Dhaka', 'YYYY-MM-DD"T"HH24:MI:SS"+06:00"')`;
/** A money or numeric column as the ledger writes it ("1500.00", "-20.00"). */
const amount = (c: AnyColumn | SQL) => sql`(${c})::text`;
const text = (c: AnyColumn | SQL) => sql`(${c})::text`;
const yesNo = (c: AnyColumn | SQL) => sql`case when ${c} then 'yes' else 'no' end`;
/** The code and name of a chart-of-accounts account by its id ("1010 Bank"), empty for none. */
const accountName = (id: AnyColumn) =>
  sql`(select a.code || ' ' || a.name from chart_of_accounts a where a.id = ${id})`;
/** A quotation's short reference as people see it (quotationReference: its id's first 8 characters). */
const quotationRef = (id: AnyColumn) => sql`left((${id})::text, ${QUOTATION_REFERENCE_LENGTH})`;
const customerName = (id: AnyColumn) => sql`(select c2.name from customers c2 where c2.id = ${id})`;
const supplierName = (id: AnyColumn) => sql`(select s2.name from suppliers s2 where s2.id = ${id})`;
const employeeName = (id: AnyColumn) => sql`(select e2.name from employees e2 where e2.id = ${id})`;

export const EXPORT_TABLES: readonly ExportTable[] = [
  {
    file: "customers.csv",
    about: "Every customer record, including those merged into another (Merged Into names the one kept).",
    from: sql`${customers}`,
    sortKey: customers.name,
    sortKeyType: "text",
    id: customers.id,
    columns: [
      col("Id", "The customer's id (other files refer to it)", text(customers.id)),
      col("Name", "The customer's name", customers.name.getSQL()),
      col("Organisation", "The organisation they book for", customers.organisation.getSQL()),
      col("E-mail", "E-mail address", customers.email.getSQL()),
      col("Phone", "Phone number", customers.phone.getSQL()),
      col("Address", "Postal address", customers.address.getSQL()),
      col("BIN", "Business Identification Number, when VAT-registered", customers.bin.getSQL()),
      col("VAT Withholding", "yes when the customer withholds VAT and AIT (VDS)", yesNo(customers.vatWithholding)),
      col("Notes", "Notes kept on the customer", customers.notes.getSQL()),
      col("Merged Into", "The customer this record was merged into", customerName(customers.mergedIntoId)),
      col("Added", "When the record was made (Dhaka time)", dhakaTime(customers.createdAt)),
    ],
  },
  {
    file: "suppliers.csv",
    about: "Every supplier.",
    from: sql`${suppliers}`,
    sortKey: suppliers.name,
    sortKeyType: "text",
    id: suppliers.id,
    columns: [
      col("Id", "The supplier's id", text(suppliers.id)),
      col("Name", "The supplier's name", suppliers.name.getSQL()),
      col("BIN", "Business Identification Number", suppliers.bin.getSQL()),
      col("TIN", "Taxpayer Identification Number", suppliers.tin.getSQL()),
      col("Phone", "Phone number", suppliers.phone.getSQL()),
      col("E-mail", "E-mail address", suppliers.email.getSQL()),
      col("Address", "Postal address", suppliers.address.getSQL()),
      col("Bank", "Bank name", suppliers.bankName.getSQL()),
      col("Bank Account", "Bank account number", suppliers.bankAccountNumber.getSQL()),
      col("Wallet", "Mobile wallet number", suppliers.walletNumber.getSQL()),
      col("Payment Terms (days)", "Days the company has to pay", text(suppliers.paymentTermsDays)),
      col("Notes", "Notes kept on the supplier", suppliers.notes.getSQL()),
      col("Added", "When the record was made (Dhaka time)", dhakaTime(suppliers.createdAt)),
    ],
  },
  {
    file: "employees.csv",
    about: "Every employee, present and past.",
    from: sql`${employees}`,
    sortKey: employees.name,
    sortKeyType: "text",
    id: employees.id,
    columns: [
      col("Id", "The employee's id", text(employees.id)),
      col("Name", "Name", employees.name.getSQL()),
      col("E-mail", "E-mail address", employees.email.getSQL()),
      col("Phone", "Phone number", employees.phone.getSQL()),
      col("Position", "Position", employees.position.getSQL()),
      col("Department", "Department", employees.department.getSQL()),
      col("Joining Date", "First day of work", isoDate(employees.joiningDate)),
      col("Monthly Salary", "Gross monthly salary, BDT", amount(employees.salary)),
      col("Status", "active or inactive", employees.status.getSQL()),
      col("Leaving Date", "Last day of work, when they left", isoDate(employees.leavingDate)),
      col("Salary Paid By", "bank, cash or mobile_banking", employees.salaryPaymentMethod.getSQL()),
      col("Bank", "Bank name", employees.bankName.getSQL()),
      col("Bank Account", "Bank account number", employees.bankAccountNumber.getSQL()),
      col("Wallet", "Mobile wallet number", employees.walletNumber.getSQL()),
    ],
  },
  {
    file: "invoices.csv",
    about: "Every invoice issued (Mushak-6.3), with what has been paid and credited.",
    from: sql`${invoices}`,
    sortKey: invoices.number,
    sortKeyType: "text",
    id: invoices.id,
    columns: [
      col("Number", "The invoice number", invoices.number.getSQL()),
      col("Kind", "full, advance, final or charges", invoices.kind.getSQL()),
      col("Status", "The invoice's status", invoices.status.getSQL()),
      col("Issue Date", "Day of issue", isoDate(invoices.issueDate)),
      col("Issued At", "Moment of issue (Dhaka time)", dhakaTime(invoices.issuedAt)),
      col("Due Date", "Day payment is due", isoDate(invoices.dueDate)),
      col("Customer", "The customer's name", customerName(invoices.customerId)),
      col("Customer Id", "The customer's id (customers.csv)", text(invoices.customerId)),
      col("Buyer Name", "The buyer as printed", invoices.buyerName.getSQL()),
      col("Buyer BIN", "The buyer's BIN as printed", invoices.buyerBin.getSQL()),
      col("Event", "The event invoiced", invoices.eventName.getSQL()),
      col("Quotation", "The quotation's reference", quotationRef(invoices.quotationId)),
      col("Net", "Value before VAT, BDT", amount(invoices.netAmount)),
      col("SD", "Supplementary duty, BDT", amount(invoices.sdAmount)),
      col("VAT", "VAT, BDT", amount(invoices.vatAmount)),
      col("Total", "Net + SD + VAT, BDT", amount(invoices.total)),
      col("VAT Rate (%)", "VAT rate in percent", amount(invoices.vatRatePercent)),
      col("Paid", "Settled by payments and credit applied, BDT", amount(invoices.paidAmount)),
      col("Credited", "Taken back by credit notes, BDT", amount(invoices.creditedAmount)),
      col(
        "Left",
        "Still owed, BDT",
        amount(sql`${invoices.total} - ${invoices.paidAmount} - ${invoices.creditedAmount}`),
      ),
    ],
  },
  {
    file: "invoice-lines.csv",
    about: "Every line of every invoice, as printed.",
    from: sql`${invoiceLines} join ${invoices} on ${invoices.id} = ${invoiceLines.invoiceId}`,
    sortKey: sql`${invoices.number} || '/' || lpad(${invoiceLines.lineNo}::text, 6, '0')`,
    sortKeyType: "text",
    id: invoiceLines.id,
    columns: [
      col("Invoice", "The invoice number (invoices.csv)", invoices.number.getSQL()),
      col("Line", "Line number", text(invoiceLines.lineNo)),
      col("Description", "What was supplied", invoiceLines.description.getSQL()),
      col("Unit of Supply", "unit/day, sqm/day, event...", invoiceLines.unitOfSupply.getSQL()),
      col("Quantity", "Quantity", text(invoiceLines.quantity)),
      col("Days", "Days charged", text(invoiceLines.days)),
      col("Unit Price", "Price per unit, BDT", amount(invoiceLines.unitPrice)),
      col("Value", "Value before VAT (after discount), BDT", amount(invoiceLines.value)),
      col("SD Rate (%)", "Supplementary duty rate", amount(invoiceLines.sdRatePercent)),
      col("SD", "Supplementary duty, BDT", amount(invoiceLines.sdAmount)),
      col("VAT Rate (%)", "VAT rate", amount(invoiceLines.vatRatePercent)),
      col("VAT", "VAT, BDT", amount(invoiceLines.vatAmount)),
    ],
  },
  {
    file: "credit-notes.csv",
    about: "Every credit note (Mushak-6.7).",
    from: sql`${creditNotes} join ${invoices} on ${invoices.id} = ${creditNotes.invoiceId}`,
    sortKey: creditNotes.number,
    sortKeyType: "text",
    id: creditNotes.id,
    columns: [
      col("Number", "The credit note number", creditNotes.number.getSQL()),
      col("Issue Date", "Day of issue", isoDate(creditNotes.issueDate)),
      col("Invoice", "The invoice it credits (invoices.csv)", invoices.number.getSQL()),
      col("Customer", "The customer's name", customerName(creditNotes.customerId)),
      col("Reason", "Why", creditNotes.reason.getSQL()),
      col("Net", "Value before VAT, BDT", amount(creditNotes.netAmount)),
      col("SD", "Supplementary duty, BDT", amount(creditNotes.sdAmount)),
      col("VAT", "VAT, BDT", amount(creditNotes.vatAmount)),
      col("Total", "Net + SD + VAT, BDT", amount(creditNotes.total)),
      col("Applied to Invoice", "Taken off what the invoice still owed, BDT", amount(creditNotes.appliedToInvoice)),
      col("To Credit", "Left to the customer's credit, BDT", amount(creditNotes.toCredit)),
    ],
  },
  {
    file: "customer-payments.csv",
    about: "Every payment received from a customer, voided ones included (Voided On is then set).",
    from: sql`${customerPayments}`,
    sortKey: customerPayments.date,
    sortKeyType: "date",
    id: customerPayments.id,
    columns: [
      col("Id", "The payment's id", text(customerPayments.id)),
      col("Date", "Day received", isoDate(customerPayments.date)),
      col("Customer", "The customer's name", customerName(customerPayments.customerId)),
      col("Method", "cash, bank_transfer, cheque, bkash or nagad", customerPayments.method.getSQL()),
      col("Method Reference", "Cheque number, wallet or bank reference", customerPayments.methodReference.getSQL()),
      col("Received Into", "The money account", accountName(customerPayments.moneyAccountId)),
      col("Received", "Money received, BDT", amount(customerPayments.received)),
      col("VDS", "VAT withheld by the customer, BDT", amount(customerPayments.vdsAmount)),
      col("AIT", "Income tax withheld by the customer, BDT", amount(customerPayments.aitAmount)),
      col("Total", "Received + VDS + AIT, BDT", amount(customerPayments.total)),
      col("VDS Certificate", "The Mushak-6.6 certificate's number", customerPayments.vdsCertificateNo.getSQL()),
      col("Notes", "Notes", customerPayments.notes.getSQL()),
      col("Voided On", "The day the payment was voided (a bounced cheque)", isoDate(customerPayments.voidDate)),
      col("Void Reason", "Why it was voided", customerPayments.voidReason.getSQL()),
    ],
  },
  {
    file: "transactions.csv",
    about: "Every income and expense record: payables, receivables and money paid or received at once.",
    from: sql`${transactions}`,
    sortKey: transactions.date,
    sortKeyType: "date",
    id: transactions.id,
    columns: [
      col("Id", "The transaction's id (payments.csv, payslips.csv)", text(transactions.id)),
      col("Date", "Day of the record", isoDate(transactions.date)),
      col("Type", "income or expense", transactions.type.getSQL()),
      col("Category", "Category", transactions.category.getSQL()),
      col("Description", "Description", transactions.description.getSQL()),
      col("Amount", "Amount, BDT", amount(transactions.amount)),
      col("Status", "pending, completed or cancelled", transactions.status.getSQL()),
      col("Payment Method", "cash, bank or mobile_banking", transactions.paymentMethod.getSQL()),
      col("Account", "The income or expense account", accountName(transactions.accountId)),
      col("Money Account", "The cash, bank or wallet account", accountName(transactions.moneyAccountId)),
      col("Reference", "Reference", transactions.reference.getSQL()),
      col("Party", "Who it is with, as typed", transactions.party.getSQL()),
      col("Due Date", "Day payment is due", isoDate(transactions.dueDate)),
      col("Settled", "Paid or received so far, BDT", amount(transactions.settledAmount)),
    ],
  },
  {
    file: "payments.csv",
    about: "Every payment against a payable or receivable (transactions.csv), voided ones included.",
    from: sql`${settlements} join ${transactions} on ${transactions.id} = ${settlements.transactionId}`,
    sortKey: settlements.date,
    sortKeyType: "date",
    id: settlements.id,
    columns: [
      col("Date", "Day paid or received", isoDate(settlements.date)),
      col("Transaction Id", "The payable or receivable (transactions.csv)", text(settlements.transactionId)),
      col("Type", "expense (paid) or income (received)", transactions.type.getSQL()),
      col("Party", "Who it is with", transactions.party.getSQL()),
      col("Description", "The payable's or receivable's description", transactions.description.getSQL()),
      col("Amount", "Amount, BDT", amount(settlements.amount)),
      col("Payment Method", "cash, bank or mobile_banking", settlements.paymentMethod.getSQL()),
      col("Money Account", "The cash, bank or wallet account", accountName(settlements.moneyAccountId)),
      col("Reference", "Reference", settlements.reference.getSQL()),
      col("Voided At", "When it was voided (Dhaka time)", dhakaTime(settlements.voidedAt)),
      col("Void Reason", "Why it was voided", settlements.voidReason.getSQL()),
    ],
  },
  {
    file: "ledger-lines.csv",
    about: "Every line of every posted journal entry: the books (ledger.journal holds the same for hledger).",
    from: sql`${journalLines} join journal_entries je on je.id = ${journalLines.journalEntryId}`,
    where: sql`je.status = 'posted'`,
    sortKey: sql`je.entry_date`,
    sortKeyType: "date",
    id: journalLines.id,
    columns: [
      col("Date", "The entry's date", sql`je.entry_date::text`),
      col("Reference", "The entry's reference", sql`je.reference_no`),
      col("Entry Description", "The entry's description", sql`je.description`),
      col("Source", "What posted it (invoice, customer_payment, payroll, manual...)", sql`je.source_type`),
      col("Account", "Code and name of the account", accountName(journalLines.accountId)),
      col("Debit", "Debit, BDT", amount(journalLines.debit)),
      col("Credit", "Credit, BDT", amount(journalLines.credit)),
      col("Line Description", "The line's own description", journalLines.description.getSQL()),
      col(
        "Party",
        "The customer, supplier or employee of a control account's line",
        sql`coalesce(${customerName(journalLines.customerId)}, ${supplierName(journalLines.supplierId)}, ${employeeName(journalLines.employeeId)})`,
      ),
      col("Entry Id", "The entry's id (the id tag in ledger.journal)", sql`je.id::text`),
    ],
  },
  {
    file: "payslips.csv",
    about: "Every payslip of every payroll run (reversed runs included: Run Status says so).",
    from: sql`${payslips} join ${payrollRuns} on ${payrollRuns.id} = ${payslips.payrollRunId}`,
    sortKey: sql`to_char(${payrollRuns.periodMonth}, 'YYYY-MM') || ' ' || ${payslips.employeeName}`,
    sortKeyType: "text",
    id: payslips.id,
    columns: [
      col("Month", "The month paid (YYYY-MM)", sql`to_char(${payrollRuns.periodMonth}, 'YYYY-MM')`),
      col("Run Status", "processed, disbursed or reversed", payrollRuns.status.getSQL()),
      col("Employee", "The employee's name", payslips.employeeName.getSQL()),
      col("Employee Id", "The employee's id (employees.csv)", text(payslips.employeeId)),
      col("Position", "Position", payslips.position.getSQL()),
      col("Department", "Department", payslips.department.getSQL()),
      col("Monthly Salary", "Gross monthly salary, BDT", amount(payslips.monthlySalary)),
      col("Days Paid", "Days paid of the month", text(payslips.daysPaid)),
      col("Days in Month", "Days in the month", text(payslips.daysInMonth)),
      col("Basic", "Basic pay, BDT", amount(payslips.basic)),
      col("House Rent", "House rent allowance, BDT", amount(payslips.houseRent)),
      col("Medical", "Medical allowance, BDT", amount(payslips.medical)),
      col("Transport", "Transport allowance, BDT", amount(payslips.transport)),
      col("Gross", "Gross pay, BDT", amount(payslips.gross)),
      col("Provident Fund", "Provident fund deducted, BDT", amount(payslips.providentFund)),
      col("Income Tax", "Income tax deducted, BDT", amount(payslips.incomeTax)),
      col("Other Deductions", "Other deductions, BDT", amount(payslips.otherDeductions)),
      col("Net", "Net pay, BDT", amount(payslips.net)),
      col("Payment Method", "bank, cash or mobile_banking", payslips.paymentMethod.getSQL()),
      col("Status", "pending, paid or reversed", payslips.status.getSQL()),
      col("Paid At", "When it was paid (Dhaka time)", dhakaTime(payslips.paidAt)),
    ],
  },
  {
    file: "inventory.csv",
    about: "Every inventory item, archived ones included (Archived At is then set).",
    from: sql`${inventoryItems}`,
    sortKey: inventoryItems.name,
    sortKeyType: "text",
    id: inventoryItems.id,
    columns: [
      col("Id", "The item's id", text(inventoryItems.id)),
      col("Name", "Name", inventoryItems.name.getSQL()),
      col("Category", "Category", inventoryItems.category.getSQL()),
      col("Group", "Inventory group", inventoryItems.inventoryGroup.getSQL()),
      col("Source", "in-house or outsourced", inventoryItems.source.getSQL()),
      col("Description", "Description", inventoryItems.description.getSQL()),
      col("Price", "Rental price, BDT", amount(inventoryItems.price)),
      col("Price Unit", "unit/day, sqm/day, event...", inventoryItems.priceUnit.getSQL()),
      col("SD Rate (%)", "Supplementary duty rate", amount(inventoryItems.sdRatePercent)),
      col("Size", "Size", inventoryItems.size.getSQL()),
      col("Quantity", "Units owned", text(inventoryItems.quantity)),
      col("Status", "Availability", inventoryItems.status.getSQL()),
      col("Under Repair", "Units under repair", text(inventoryItems.unitsUnderRepair)),
      col("Purchase Rate", "What a unit cost, BDT", amount(inventoryItems.purchaseRate)),
      col("Archived At", "When it was archived (Dhaka time)", dhakaTime(inventoryItems.archivedAt)),
    ],
  },
  {
    file: "jobs.csv",
    about: "Every job: an approved booking's delivery, the event and its return.",
    from: sql`${jobs}`,
    sortKey: jobs.number,
    sortKeyType: "integer",
    id: jobs.id,
    columns: [
      col("Number", "The job number", text(jobs.number)),
      col("Title", "The event", jobs.title.getSQL()),
      col("Status", "planned, out or returned", jobs.status.getSQL()),
      col("Customer", "The customer's name", jobs.customerName.getSQL()),
      col("Phone", "The customer's phone", jobs.phone.getSQL()),
      col("E-mail", "The customer's e-mail", jobs.email.getSQL()),
      col("Start Date", "First day", isoDate(jobs.startDate)),
      col("End Date", "Last day", isoDate(jobs.endDate)),
      col("Event Time", "Time of the event (HH:MM)", sql`to_char(${jobs.eventTime}, 'HH24:MI')`),
      col("Location", "Where", jobs.location.getSQL()),
      col("Quotation", "The quotation's reference", quotationRef(jobs.quotationId)),
      col("Notes", "Notes", jobs.notes.getSQL()),
    ],
  },
  {
    file: "job-lines.csv",
    about: "What each job takes out and brings back, item by item.",
    from: sql`${jobLines} join ${jobs} on ${jobs.id} = ${jobLines.jobId}`,
    sortKey: sql`lpad(${jobs.number}::text, 10, '0') || '/' || lpad(${jobLines.lineNo}::text, 6, '0')`,
    sortKeyType: "text",
    id: jobLines.id,
    columns: [
      col("Job", "The job number (jobs.csv)", text(jobs.number)),
      col("Line", "Line number", text(jobLines.lineNo)),
      col("Item", "The item's name", jobLines.name.getSQL()),
      col("Category", "The item's category", jobLines.category.getSQL()),
      col("Package", "yes for a package (its parts follow as lines of their own)", yesNo(jobLines.isPackage)),
      col("Quantity", "Units booked", text(jobLines.quantity)),
      col("Dispatched", "Units sent out", text(jobLines.dispatched)),
      col("Returned", "Units back", text(jobLines.returned)),
      col("Damaged", "Units back damaged", text(jobLines.damaged)),
      col("Lost", "Units lost", text(jobLines.lost)),
    ],
  },
];
