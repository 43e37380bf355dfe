import { expect as baseExpect, test, type Page } from "@playwright/test";
import { open, signedIn } from "./support/auth";
import { E2E_OPEN_PAYABLE } from "./support/fixtures";
import { screenFitProblems } from "./support/screen-fit";

// Suppliers (issue 36): New supplier (a bad TIN refused under its field first), its page opened, found on the list
// by a search and opened from there, the Statement link; the list sorted by what is owed and the page of the fixtures'
// supplier with its open payable fit 375 px and 1280 px (screenshots kept in test-results/). New Payable's supplier
// then offers the record as one types, and says when a name typed is a new supplier's; its VAT block says whether the
// VAT is claimed with the record's BIN (issue 37). On the shared server: the supplier is a new name no other spec
// counts, and nothing is saved on Payables & Receivables.

const expect = baseExpect.configure({ timeout: 15_000 });
const tagOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const dialog = (page: Page) => page.getByRole("dialog");

async function fitsAndShoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => screenFitProblems(page)).toEqual([]);
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("add a supplier, find it on the list, open it; New Payable offers it", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const tag = tagOf();
  const name = `Rahman Sound Hire ${tag}`;
  await signedIn(page, "accountant", "/admin/suppliers");
  await expect(page.getByRole("heading", { name: "Suppliers", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "New supplier" }).click();
  await expect(dialog(page).getByRole("heading", { name: "New supplier" })).toBeVisible();
  await dialog(page).getByLabel("Name").fill(name);
  await dialog(page).getByLabel("TIN").fill("12");
  await dialog(page).getByRole("button", { name: "Add supplier" }).click();
  await expect(dialog(page).getByText("TIN must be 12 digits (hyphens and spaces allowed)")).toBeVisible();
  await dialog(page).getByLabel("TIN").fill("1234-5678-9012");
  await dialog(page).getByLabel("BIN").fill("004567891-0203");
  await dialog(page).getByLabel("Phone").fill("01711-223344");
  await dialog(page).getByLabel("E-mail").fill(`sound-${tag.toLowerCase()}@suppliers.test`);
  await dialog(page).getByLabel("Payment terms (days)").fill("15");
  await dialog(page).getByRole("button", { name: "Add supplier" }).click();
  await expect(page.getByText("Supplier added successfully").first()).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/suppliers\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();

  // On the list, by a search; opened from its row.
  await page.getByRole("link", { name: "Suppliers", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Suppliers", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const row = page.getByTestId("supplier-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("owed")).toHaveText("৳0.00");
  await expect(row).toContainText("BIN 0045678910203");
  await row.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("15 days")).toBeVisible();
  await expect(page.getByTestId("owed")).toHaveText("৳0.00");
  await expect(page.getByText("Nothing owed on a payable.")).toBeVisible();
  const id = new URL(detailUrl).pathname.split("/").pop();
  await expect(page.getByRole("link", { name: "Statement" })).toHaveAttribute(
    "href",
    `/admin/accounts/parties/supplier/${id}/statement`,
  );

  // The list by what is owed, and the page of the supplier the fixtures' open payable named, at both widths.
  await open(page, "/admin/suppliers?sort=owed");
  const owing = page.getByTestId("supplier-row").filter({ hasText: E2E_OPEN_PAYABLE.party });
  await expect(owing.getByTestId("owed")).toHaveText("৳18,500.00");
  await fitsAndShoot(page, "suppliers-list", (f) => testInfo.outputPath(f));
  await owing.getByRole("link", { name: E2E_OPEN_PAYABLE.party, exact: true }).click();
  await expect(page.getByRole("heading", { name: E2E_OPEN_PAYABLE.party, level: 1 })).toBeVisible();
  await expect(page.getByTestId("supplier-payable").filter({ hasText: E2E_OPEN_PAYABLE.reference })).toBeVisible();
  await fitsAndShoot(page, "supplier-detail", (f) => testInfo.outputPath(f));

  // New Payable: the record offered as one types; a name no supplier has is said to be a new one.
  await open(page, "/admin/accounts/payables?new=payable");
  const supplier = dialog(page).getByRole("combobox", { name: "Supplier" });
  const note = dialog(page).getByTestId("new-supplier-note");
  await supplier.fill(`Rahman Sound`);
  await expect(dialog(page).locator(`datalist option[value="${name}"]`)).toHaveCount(1);
  await supplier.fill(`Nobody Rigging ${tag}`);
  await expect(note).toHaveText(`A new supplier named Nobody Rigging ${tag} will be added`);
  await supplier.fill(name.toLowerCase());
  await expect(note).toHaveText("");
  await expect(note).toBeHidden();

  // Its VAT (issue 37): at 15% claimed with the BIN on the supplier's record; a new name has none, so the claim would
  // be refused; at 7.5% the VAT goes into the cost. Shown as typed, nothing saved.
  await dialog(page).getByLabel("Category").selectOption("Maintenance");
  await dialog(page).getByLabel("Amount (৳)").fill("2300");
  await dialog(page).getByLabel("VAT included").selectOption("15");
  const vat = dialog(page).getByTestId("purchase-vat-split");
  await expect(vat).toHaveAttribute("data-outcome", "claim");
  await expect(vat).toContainText("Input VAT claimed ৳300.00");
  await expect(vat).toContainText("with the supplier's BIN 0045678910203, from the supplier's record");
  await supplier.fill(`Nobody Rigging ${tag}`);
  await expect(vat).toHaveAttribute("data-outcome", "refused");
  await expect(vat).toContainText("Supplier's BIN is required to claim VAT at 15% as input VAT");
  await dialog(page).getByLabel("VAT included").selectOption("7.5");
  await expect(vat).toHaveAttribute("data-outcome", "cost");
  await expect(vat).toContainText("VAT added to the cost ৳160.47");
  await expect(vat).toContainText("VAT at 7.5% is not claimable as input VAT");
});
