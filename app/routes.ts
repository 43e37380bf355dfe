import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every URL of the product, in one list (DESIGN §3).
export default [
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("api/email/quotation", "routes/api/email-quotation.ts"),

  // The back office (backoffice.md §2). Every path here has its entry in ADMIN_ROUTE_ACCESS
  // (app/domain/auth/permissions.ts); tests/e2e/access.spec.ts fails for one that has not.
  route("admin/login", "routes/admin/login.tsx"),
  // A forgotten password (issue 20): public, like the sign-in page; the e-mailed link opens reset-password.
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password", "routes/admin/reset-password.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/change-password", "routes/admin/change-password.tsx"),
    // Payroll (issue 25): the month's payslips by the spec's formula, processed once (Process Payroll), undone while
    // nothing is paid; the register (PDF, CSV) and each payslip's PDF; paying the salaries (Process Disbursement) and
    // the bank advice file; an employee's own payslips from My account.
    route("admin/accounts/payroll", "routes/admin/accounts/payroll.tsx"),
    route("admin/accounts/payroll/report", "routes/admin/accounts/payroll-report.ts"),
    route("admin/accounts/payroll/payslips/:id/pdf", "routes/admin/accounts/payslip-pdf.ts"),
    route("admin/accounts/salary-disbursement", "routes/admin/accounts/salary-disbursement.tsx"),
    route("admin/accounts/salary-disbursement/advice", "routes/admin/accounts/salary-advice.ts"),
    route("admin/payslips/:id/pdf", "routes/admin/my-payslip-pdf.ts"),
    // Financial Reports (issue 24): Profit & Loss, Balance Sheet, Cash Flow, Trial Balance and General Ledger by
    // account for a month, quarter, fiscal year or range, compared with the period before and a year earlier; what is
    // on screen as CSV or PDF; closing a fiscal year (its result to retained earnings) and reopening it.
    route("admin/accounts/reports", "routes/admin/accounts/reports.tsx"),
    route("admin/accounts/reports/export", "routes/admin/accounts/reports-export.ts"),
    route("admin/accounts/reports/year-end", "routes/admin/accounts/year-end.tsx"),
    // Budgeting (issue 24): a budget per account and fiscal year against what the ledger shows, by month.
    route("admin/accounts/budget", "routes/admin/accounts/budget.tsx"),
    // Bank Reconciliation (issue 23): per bank or wallet account its ledger lines, Add Transaction, the statements
    // and their reconciliation (finish, reopen, the report's PDF); importing a statement (map, preview, confirm);
    // matching its lines; the rules for recurring lines.
    route("admin/accounts/reconciliation", "routes/admin/accounts/reconciliation.tsx"),
    route("admin/accounts/reconciliation/import", "routes/admin/accounts/reconciliation-import.tsx"),
    route("admin/accounts/reconciliation/match", "routes/admin/accounts/reconciliation-match.tsx"),
    route("admin/accounts/reconciliation/rules", "routes/admin/accounts/reconciliation-rules.tsx"),
    route("admin/accounts/reconciliation/:id/pdf", "routes/admin/accounts/reconciliation-pdf.ts"),
    // The chart of accounts (issue 21): the tree with its dialogs, and each account's balance and lines.
    route("admin/accounts/chart", "routes/admin/accounts/chart.tsx"),
    route("admin/accounts/chart/:id", "routes/admin/accounts/chart-account.tsx"),
    // The General Ledger (issue 21): journal entries with their lines; New Journal Entry, a draft's Edit, Post and
    // Delete, a posted entry's Reverse, each a dialog opened by the URL.
    route("admin/accounts/ledger", "routes/admin/accounts/ledger.tsx"),
    // Transactions (issue 21): the money documents with the ledger's cards, and the list as a CSV file.
    route("admin/accounts", "routes/admin/accounts/transactions.tsx"),
    route("admin/accounts/export", "routes/admin/accounts/transactions-export.ts"),
    // Payables & Receivables (issue 21): the pending ones by age, New Payable, New Receivable, Settle.
    route("admin/accounts/payables", "routes/admin/accounts/payables.tsx"),
    // Void a payment or receipt of a payable or receivable (issue 36), opened from its details on either screen.
    route("admin/accounts/settlements/:id/void", "routes/admin/accounts/void-settlement.tsx"),
    // A party's ledger statement (issue 36): a customer's, supplier's or employee's opening balance, lines with the
    // running balance and closing balance for a period; as CSV and PDF (the letterhead); e-mailed through the outbox.
    route("admin/accounts/parties/:kind/:id/statement", "routes/admin/accounts/party-statement.tsx"),
    route("admin/accounts/parties/:kind/:id/statement/export", "routes/admin/accounts/party-statement-export.ts"),
    // Quotation Management (issue 10): the list with its details panel (?view=<id>), a revision's PDF as sent,
    // and the units free per day of a month.
    route("admin/quotations", "routes/admin/quotations.tsx"),
    route("admin/quotations/availability", "routes/admin/quotation-availability.tsx"),
    // The panel's "Add a product" search as one types; JSON.
    route("admin/quotations/product-options", "routes/admin/quotation-product-options.ts"),
    route("admin/quotations/:id/revisions/:revision/pdf", "routes/admin/quotation-pdf.ts"),
    // Jobs (issue 26): an approved quotation's job from the warehouse to the event and back. The list, the calendar
    // (month, week) and the warehouse's day; a job with dispatch (all, per line, or by scanned or typed code) and
    // check-in (back, damaged to repair or written off, lost; a charge for the next invoice); its pick list as a
    // screen and a PDF; its crew tasks and the event made from it. Item labels with QR codes print from the inventory.
    route("admin/jobs", "routes/admin/jobs/list.tsx"),
    route("admin/jobs/calendar", "routes/admin/jobs/calendar.tsx"),
    route("admin/jobs/day", "routes/admin/jobs/day.tsx"),
    route("admin/jobs/:id", "routes/admin/jobs/job.tsx"),
    route("admin/jobs/:id/pick-list", "routes/admin/jobs/pick-list.tsx"),
    route("admin/jobs/:id/pick-list/pdf", "routes/admin/jobs/pick-list-pdf.ts"),
    route("admin/jobs/:id/crew", "routes/admin/jobs/crew.tsx"),
    route("admin/inventory/labels", "routes/admin/inventory-labels.ts"),
    // Customers, tax invoices and customer payments (issue 22): the customers with what each owes, merge; the
    // invoices (Mushak-6.3) issued on approved quotations, their credit notes (Mushak-6.7) and PDFs; the payments
    // with what a withholding customer kept back (VDS, AIT).
    route("admin/customers", "routes/admin/customers.tsx"),
    route("admin/customers/:id", "routes/admin/customer.tsx"),
    // Suppliers (issue 36): the records payables name, with what the company owes each from the ledger; New, Edit,
    // Merge; the list as CSV; New Payable's suggestions as one types (JSON); a supplier's open payables and payments.
    route("admin/suppliers", "routes/admin/suppliers.tsx"),
    route("admin/suppliers/export", "routes/admin/suppliers-export.ts"),
    route("admin/suppliers/options", "routes/admin/supplier-options.ts"),
    route("admin/suppliers/:id", "routes/admin/supplier.tsx"),
    route("admin/invoices", "routes/admin/invoices.tsx"),
    route("admin/invoices/:id", "routes/admin/invoice.tsx"),
    route("admin/invoices/:id/pdf", "routes/admin/invoice-pdf.ts"),
    route("admin/credit-notes/:id/pdf", "routes/admin/credit-note-pdf.ts"),
    route("admin/payments", "routes/admin/customer-payments.tsx"),
    // Tax Management (issue 22): the tax register, Add Tax Record, the VAT return and registers (Generate Report),
    // closing a VAT period, the treasury deposits.
    route("admin/accounts/tax", "routes/admin/accounts/tax.tsx"),
    route("admin/accounts/tax/report", "routes/admin/accounts/tax-report.ts"),
    route("admin/accounts/tax/return", "routes/admin/accounts/tax-return.tsx"),
    // Event Management (issue 11): the cards, their dialogs; the storefront's events show each change at once.
    route("admin/events", "routes/admin/events.tsx"),
    route("admin/employees", "routes/admin/employees.tsx"),
    route("admin/employees/teams", "routes/admin/teams.tsx"),
    route("admin/leaves", "routes/admin/leaves.tsx"),
    route("admin/tasks", "routes/admin/tasks.tsx"),
    route("admin/inventory", "routes/admin/inventory.tsx"),
    // The package dialog's part suggestions; JSON.
    route("admin/inventory/part-options", "routes/admin/inventory-part-options.ts"),
    // The inventory list as a CSV file (its filters applied), and importing a CSV of items (issue 9).
    route("admin/inventory/export", "routes/admin/inventory-export.ts"),
    route("admin/inventory/import", "routes/admin/inventory-import.tsx"),
    route("admin/logos", "routes/admin/logos.tsx"),
    route("admin/hero", "routes/admin/hero.tsx"),
    // The upload forms' files sent with JavaScript (progress bar); JSON answers.
    route("admin/logos/upload", "routes/admin/picture-upload.ts", { id: "admin-picture-upload/logos" }),
    route("admin/hero/upload", "routes/admin/picture-upload.ts", { id: "admin-picture-upload/hero" }),
    // The storefront gallery's pictures (issue 11): the same screen, plus each picture's caption, category, tags.
    route("admin/gallery", "routes/admin/gallery.tsx"),
    route("admin/gallery/upload", "routes/admin/picture-upload.ts", { id: "admin-picture-upload/gallery" }),
    route("admin/settings", "routes/admin/settings/company.tsx"),
    route("admin/settings/users", "routes/admin/settings/users.tsx"),
    route("admin/settings/rate-structures", "routes/admin/settings/rate-structures.tsx"),
    route("admin/settings/account", "routes/admin/settings/account.tsx"),
    route("admin/settings/accounting", "routes/admin/settings/accounting.tsx"),
    // Settings > Export (issue 39): the company's data as one ZIP of CSV files and the hledger journal; administrators.
    route("admin/settings/export", "routes/admin/settings/export.tsx"),
    route("admin/settings/export/download", "routes/admin/settings/export-download.ts"),
    route("admin/inbox", "routes/admin/inbox/list.tsx"),
    route("admin/inbox/:id", "routes/admin/inbox/message.tsx"),
    route("admin/outbox", "routes/admin/outbox/list.tsx"),
    route("admin/outbox/:id", "routes/admin/outbox/message.tsx"),
    // A file sent with a message (a quotation's PDF), as it went out.
    route("admin/outbox/:id/attachments/:position", "routes/admin/outbox/attachment.ts"),
    route("admin/audit", "routes/admin/audit.tsx"),
  ]),

  // The customer portal (backoffice.md §2 Customer pages): the sign-in is open, the rest behind the portal's
  // guard (app/domain/auth/customer-guard.server.ts).
  route("customer/login", "routes/customer/login.tsx"),
  route("customer/forgot-password", "routes/customer/forgot-password.tsx"),
  route("customer/reset-password", "routes/customer/reset-password.tsx"),
  route("customer/logout", "routes/customer/logout.ts"),
  // The quotation e-mail's link: opens the quotation without a password while the token is valid (issue 10).
  route("customer/link/:token", "routes/customer/link.tsx"),
  // The PDF of the revision the link's page shows, under the page's own rule (issue 20).
  route("customer/link/:token/revisions/:revision/pdf", "routes/customer/link-pdf.ts"),
  layout("routes/customer/layout.tsx", [
    route("customer", "routes/customer/home.ts"),
    route("customer/dashboard", "routes/customer/dashboard.tsx"),
    route("customer/change-password", "routes/customer/change-password.tsx"),
    route("customer/quotation/:id", "routes/customer/quotation.tsx"),
    // A revision of the customer's own quotation as the PDF that was sent (issue 20).
    route("customer/quotation/:id/revisions/:revision/pdf", "routes/customer/quotation-pdf.ts"),
    // The customer's tax invoices and credit notes as PDFs (issue 22); the dashboard lists them.
    route("customer/invoices/:id/pdf", "routes/customer/invoice-pdf.ts"),
    route("customer/credit-notes/:id/pdf", "routes/customer/credit-note-pdf.ts"),
    // The customer's own ledger statement (issue 36): on screen and as the PDF; never another customer's.
    route("customer/statement", "routes/customer/statement.tsx"),
    route("customer/statement/pdf", "routes/customer/statement-pdf.ts"),
  ]),

  layout("routes/storefront/layout.tsx", [
    index("routes/storefront/home.tsx"),
    route("products", "routes/storefront/products.tsx"),
    route("products/:slug", "routes/storefront/product.tsx"),
    route("events", "routes/storefront/events.tsx"),
    route("events/:slug", "routes/storefront/event.tsx"),
    route("gallery", "routes/storefront/gallery.tsx"),
    route("contact", "routes/storefront/contact.tsx"),
    route("quotation", "routes/storefront/quotation.tsx"),
    route("privacy", "routes/storefront/privacy.tsx"),
    route("terms", "routes/storefront/terms.tsx"),
    // Anything else is answered with the site's own 404 page, inside the site's header and footer.
    route("*", "routes/storefront/not-found.tsx"),
  ]),
] satisfies RouteConfig;
