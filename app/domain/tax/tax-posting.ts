import type { AccountRole } from "../accounting/account-roles";
import type { TaxKind } from "../accounting/constants";
import { twoLines, type EntryLine } from "../accounting/journal";

// What a hand-typed tax record posts (DESIGN §10): the tax's own account (a role of Settings > Accounting) against
// the account chosen, in the direction its kind says. Output VAT is owed: Dr the account charged / Cr VAT payable.
// Input VAT is claimable: Dr VAT input credit / Cr the account paid from. VAT or income tax a customer withheld is
// the company's to claim: Dr VAT withheld (VDS) or advance income tax (AIT) / Cr the account it reduced. Income tax
// withheld from a supplier or an employee is owed to the NBR: Dr the account it was held back from / Cr withholding
// tax payable. Any other tax is an expense: Dr other taxes / Cr the account it was paid from. Browser-safe.

export const TAX_KIND_ROLE: Record<TaxKind, AccountRole> = {
  output_vat: "vat.payable",
  input_vat: "vat.input",
  vat_withheld: "vat.withheld",
  ait: "tax.ait",
  income_tax_withheld: "tax.withholding_payable",
  other: "tax.other_expense",
};

/** Whether the tax's own account is debited (a tax the company claims or spends) rather than credited (one it owes). */
export function taxAccountIsDebited(kind: TaxKind): boolean {
  return kind !== "output_vat" && kind !== "income_tax_withheld";
}

/** The entry's two lines: the tax's account and the chosen one, `amount` paisa. */
export function taxRecordLines(
  kind: TaxKind,
  amount: bigint,
  accounts: { tax: string; chosen: string },
  description?: string,
): EntryLine[] {
  return taxAccountIsDebited(kind)
    ? twoLines(accounts.tax, accounts.chosen, amount, description)
    : twoLines(accounts.chosen, accounts.tax, amount, description);
}
