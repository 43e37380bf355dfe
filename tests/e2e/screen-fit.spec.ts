import { expect, test as base, type BrowserContext, type Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createCookie } from "react-router";
import routes from "../../app/routes";
import { seedId } from "../../app/db/seed/ids";
import { ADMIN_ROUTE_ACCESS, can, type AdminPath, type RouteAccess } from "../../app/domain/auth/permissions";
import { open, signIn } from "./support/auth";
import {
  E2E_CUSTOMER_RECORD,
  E2E_INBOX_MESSAGE,
  E2E_JOB,
  E2E_OPEN_PAYABLE,
  E2E_PART_RECEIVED,
  E2E_OUTBOX_EMAIL,
  E2E_PORTAL_QUOTATIONS,
  E2E_USERS,
} from "./support/fixtures";
import { screenFitProblems } from "./support/screen-fit";

// Every back-office and portal screen fits a phone (375 px) and a laptop (1280 px) (backoffice.md §2, DESIGN §9;
// issue 20): the page never scrolls sideways, and every button and link of the main area, and of each dialog the
// screen opens by its URL (?new=1, ?edit=, ?delete=, ?view=, ?signin=, the customer's ?confirm=approve, and issue
// 22's ?merge=, ?certificate=, ?credit-note=, ?report=, ?deposit=), is within the window, not behind a table's
// sideways scroll. The screens come from app/routes.ts (every page module under /admin and /customer) and the roles
// from ADMIN_ROUTE_ACCESS, so a new screen is checked without touching this file; a screen with a parameter in its
// path needs an example below (or one found on its list), and the first test fails until it has one.

type Role = "admin" | "staff" | "accountant" | "customer" | "anonymous";
const STAFF_ROLES = ["admin", "staff", "accountant"] as const;
const WIDTHS = [1280, 375] as const;
/**
 * The URL parameters that open a dialog or side panel over a list (ADR 0014), and the customer's confirmation
 * before approving a sent quotation (?confirm=approve, on the portal's and the link's quotation pages); the chart
 * of accounts' ?deactivate= and ?reactivate=; a payable's or receivable's ?settle=.
 */
const DIALOG_PARAMS = [
  "new",
  "edit",
  "delete",
  "view",
  "signin",
  "confirm",
  "deactivate",
  "reactivate",
  "settle",
  // Issue 22: Merge customers, a payment's VDS certificate, an invoice's credit note, Tax Management's Generate
  // Report and Record deposit.
  "merge",
  "certificate",
  "credit-note",
  "report",
  "deposit",
  // Issue 23: Bank Reconciliation's Reopen, and Create entry from a statement line on the match screen (when the
  // server holds a statement; tests/e2e/bank-reconciliation.spec.ts checks both at 375 px with data).
  "reopen",
  "create",
  // Issue 36: Void on a customer's payment (the customer's page, for those who keep the books).
  "void",
];

/** Every route of routes.ts that renders a page (a .tsx module; .ts modules answer files and JSON). */
function pageRoutes(entries: RouteConfigEntry[], prefix = "", inPortal = false): { path: string; inPortal: boolean }[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = (entry.path !== undefined || entry.index) && entry.file.endsWith(".tsx");
    // The portal's layout is its guard: the screens under it are the signed-in customer's.
    const portal = inPortal || entry.file === "routes/customer/layout.tsx";
    return [
      ...(own ? [{ path: full || "/", inPortal: portal }] : []),
      ...pageRoutes(entry.children ?? [], full, portal),
    ];
  });
}
const PAGES = pageRoutes(routes).filter((p) => /^\/(admin|customer)(\/|$)/.test(p.path));
const SCREENS = [...new Set(PAGES.map((p) => p.path))];
const PORTAL_SCREENS = new Set(PAGES.filter((p) => p.inPortal).map((p) => p.path));

/** Seeded records for the screens whose path has a parameter (tests/e2e/support/fixtures.ts). */
const EXAMPLES: Record<string, string[]> = {
  "/admin/inbox/:id": [`/admin/inbox/${E2E_INBOX_MESSAGE.id}`],
  "/admin/outbox/:id": [`/admin/outbox/${E2E_OUTBOX_EMAIL.id}`],
  // The seeded cash account (app/db/seed/accounting.ts).
  "/admin/accounts/chart/:id": [`/admin/accounts/chart/${seedId("account:1000")}`],
  "/customer/quotation/:id": [
    E2E_PORTAL_QUOTATIONS.pending.id,
    E2E_PORTAL_QUOTATIONS.sent.id,
    E2E_PORTAL_QUOTATIONS.approved.id,
  ].map((id) => `/customer/quotation/${id}`),
  "/customer/link/:token": [`/customer/link/${E2E_PORTAL_QUOTATIONS.sent.linkToken}`],
  "/admin/customers/:id": [`/admin/customers/${E2E_CUSTOMER_RECORD.id}`],
  // Issue 36: the fixtures' customer's ledger statement (their invoice and part payment), over the last years.
  "/admin/accounts/parties/:kind/:id/statement": [
    `/admin/accounts/parties/customer/${E2E_CUSTOMER_RECORD.id}/statement?from=2024-07-01`,
  ],
  // Issue 26: the approved quotation's job (fixtures.ts E2E_JOB), part of it out.
  "/admin/jobs/:id": [`/admin/jobs/${E2E_JOB.id}`],
  "/admin/jobs/:id/pick-list": [`/admin/jobs/${E2E_JOB.id}/pick-list`],
  "/admin/jobs/:id/crew": [`/admin/jobs/${E2E_JOB.id}/crew`, `/admin/jobs/${E2E_JOB.id}/crew?assign=1`],
  // Issue 24: each tab of Financial Reports over the fiscal year holding the fixtures' invoice and payment (the
  // General Ledger's of receivables, where they are), and a quarter and a range.
  "/admin/accounts/reports": [
    "/admin/accounts/reports",
    "/admin/accounts/reports?tab=balance-sheet&period=yearly",
    "/admin/accounts/reports?tab=cash-flow&period=quarterly",
    "/admin/accounts/reports?tab=trial-balance&period=range&from=2024-07-01&to=2029-06-30",
    `/admin/accounts/reports?tab=general-ledger&period=yearly&account=${seedId("account:1300")}`,
  ],
};

/**
 * The screens whose example the fixtures made with an id of its own (the use case chose it): the first link to one
 * on a list. The fixtures' tax invoice, on the customer's approved quotation (fixtures.ts E2E_CUSTOMER_RECORD).
 */
const FOUND_EXAMPLES: Record<string, { list: string; via?: RegExp; link: RegExp }> = {
  // Issue 36: the fixtures' receivable part received (fixtures.ts E2E_PART_RECEIVED): its details' Void of the receipt.
  "/admin/accounts/settlements/:id/void": {
    list: `/admin/accounts/payables?q=${encodeURIComponent(E2E_PART_RECEIVED.reference)}`,
    via: /^\/admin\/accounts\/payables\?.*view=[0-9a-f-]{36}/,
    link: /^\/admin\/accounts\/settlements\/[0-9a-f-]{36}\/void\?back=/,
  },
  "/admin/invoices/:id": {
    // The invoices are searched by number or buyer: the organisation, the customer having one.
    list: `/admin/invoices?q=${encodeURIComponent(E2E_CUSTOMER_RECORD.organisation)}`,
    link: /^\/admin\/invoices\/[0-9a-f]{8}-[0-9a-f-]{27}$/,
  },
  // Issue 36: the supplier the fixtures' open payable named (fixtures.ts E2E_OPEN_PAYABLE), with its open payable.
  "/admin/suppliers/:id": {
    list: `/admin/suppliers?q=${encodeURIComponent(E2E_OPEN_PAYABLE.party)}`,
    link: /^\/admin\/suppliers\/[0-9a-f]{8}-[0-9a-f-]{27}$/,
  },
};

async function examplesOf(page: Page, screen: string): Promise<string[]> {
  const found = FOUND_EXAMPLES[screen];
  if (!found) return EXAMPLES[screen] ?? [screen];
  await open(page, found.list);
  const linksOf = () => page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  if (found.via) {
    // The example is a link of a page the list links to (a document's details).
    const via = (await linksOf()).find((h) => found.via!.test(h));
    expect(via, `a link matching ${found.via} on ${found.list}`).toBeDefined();
    await open(page, via!);
  }
  const hrefs = await linksOf();
  const href = hrefs.find((h) => found.link.test(h));
  expect(href, `a link to ${screen} on ${found.list}`).toBeDefined();
  return [href!];
}

/**
 * The dialogs an example must offer, so that one a screen stops linking to fails here rather than going unchecked:
 * the sent quotation's Approve asks to confirm, in the portal and on the link's page.
 */
const EXPECTED_DIALOGS: Record<string, string[]> = {
  [`/customer/quotation/${E2E_PORTAL_QUOTATIONS.sent.id}`]: [
    `/customer/quotation/${E2E_PORTAL_QUOTATIONS.sent.id}?confirm=approve`,
  ],
  [`/customer/link/${E2E_PORTAL_QUOTATIONS.sent.linkToken}`]: [
    `/customer/link/${E2E_PORTAL_QUOTATIONS.sent.linkToken}?confirm=approve`,
  ],
};

/**
 * The dialog parameters a screen must link to (the fixtures give it something to open): Payables & Receivables
 * lists the e2e open payable (fixtures.ts E2E_OPEN_PAYABLE) with its Settle and its details.
 */
const EXPECTED_DIALOG_PARAMS: Record<string, string[]> = {
  "/admin/accounts/payables": ["new", "view", "settle"],
  // The fixtures' customer payment withheld VDS, its certificate awaited (admin and accountant both record one).
  "/admin/payments": ["new", "certificate"],
  "/admin/accounts/tax": ["new", "report", "deposit"],
  // Issue 23: Add Transaction on Bank Reconciliation and Add rule on Bank Rules (admin and accountant both manage).
  "/admin/accounts/reconciliation": ["new"],
  "/admin/accounts/reconciliation/rules": ["new"],
  // Issue 24: Create Budget (the fixtures hold no budget: tests/e2e/budgets.spec.ts checks the cards at 375 px).
  "/admin/accounts/budget": ["new"],
};

/**
 * Who opens a screen here: each back-office role its view permission allows (nobody but a visitor for a public
 * one: the sign-in pages); the customer for the portal's screens; a visitor for the portal's open pages.
 */
function rolesOf(screen: string): Role[] {
  if (screen.startsWith("/admin")) {
    const view = (ADMIN_ROUTE_ACCESS[screen as AdminPath] as RouteAccess | undefined)?.view;
    if (view === "public") return ["anonymous"];
    return STAFF_ROLES.filter((role) => view != null && can(role, view));
  }
  return PORTAL_SCREENS.has(screen) ? ["customer"] : ["anonymous"];
}

// One signed-in browser context per role and worker, shared by that worker's tests: signing in hashes a password.
const test = base.extend<{ as: (role: Role) => Promise<Page> }, { contexts: Map<Role, Promise<BrowserContext>> }>({
  contexts: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const contexts = new Map<Role, Promise<BrowserContext>>();
      await provide(contexts);
      for (const context of contexts.values()) await context.then((c) => c.close()).catch(() => undefined);
    },
    { scope: "worker" },
  ],
  as: async ({ browser, contexts, baseURL }, provide) => {
    const pages: Page[] = [];
    await provide(async (role) => {
      if (!contexts.has(role))
        contexts.set(
          role,
          (async () => {
            const context = await browser.newContext({ baseURL, viewport: { width: WIDTHS[0], height: 800 } });
            const page = await context.newPage();
            if (role === "customer") {
              await open(page, "/customer/login");
              await page.getByLabel("Email").fill(E2E_USERS.customer.email);
              await page.getByLabel("Password").fill(E2E_USERS.customer.password);
              await page.getByRole("button", { name: "Login" }).click();
              await expect(page).toHaveURL(/\/customer\/dashboard$/);
            } else if (role !== "anonymous") await signIn(page, role);
            await page.close();
            return context;
          })(),
        );
      const page = await (await contexts.get(role)!).newPage();
      pages.push(page);
      return page;
    });
    for (const page of pages) await page.close();
  },
});

/** The problems of the page as it is now, at each width (resized in place: the same document, laid out again). */
async function problemsAtEachWidth(page: Page, url: string, within: "main" | "dialog"): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // What redraws itself after a resize (the chart, on its next frames) is given a moment when it does not fit
    // at once; a screen that fits is answered at the first look.
    let found: string[] = [];
    await expect
      .poll(async () => (found = await screenFitProblems(page, within)), { timeout: 2_000 })
      .toEqual([])
      .catch(() => undefined);
    for (const problem of found) problems.push(`${url} at ${width} px: ${problem}`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  return problems;
}

/** The dialogs a screen opens by its URL: the first link in its main area for each dialog parameter. */
async function dialogLinks(page: Page, screenUrl: string): Promise<string[]> {
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  const here = new URL(screenUrl, "http://x").pathname;
  const found = new Map<string, string>();
  for (const href of hrefs) {
    const url = new URL(href, `http://x${screenUrl}`);
    if (url.pathname !== here) continue;
    const param = DIALOG_PARAMS.find((p) => url.searchParams.has(p));
    if (param && !found.has(param)) found.set(param, url.pathname + url.search);
  }
  return [...found.values()];
}

test("every screen of app/routes.ts is checked: each with a parameter has an example, and someone may open it", () => {
  expect(SCREENS.length).toBeGreaterThan(25);
  expect(SCREENS.filter((s) => s.includes(":") && !EXAMPLES[s] && !FOUND_EXAMPLES[s])).toEqual([]);
  expect(SCREENS.filter((s) => rolesOf(s).length === 0)).toEqual([]);
});

for (const screen of SCREENS) {
  for (const role of rolesOf(screen)) {
    test(`${screen} fits 375 and 1280 px as ${role}, with its dialogs`, async ({ as }) => {
      test.setTimeout(90_000);
      const page = await as(role);
      const problems: string[] = [];
      for (const url of await examplesOf(page, screen)) {
        const response = await open(page, url);
        expect(response?.status(), `${url} as ${role}`).toBeLessThan(400);
        problems.push(...(await problemsAtEachWidth(page, url, "main")));
        const dialogs = await dialogLinks(page, url);
        expect(dialogs, `the dialogs ${url} links to`).toEqual(expect.arrayContaining(EXPECTED_DIALOGS[url] ?? []));
        expect(
          dialogs.map((d) => DIALOG_PARAMS.find((p) => new URL(d, "http://x").searchParams.has(p))),
          `the dialog parameters ${url} links to`,
        ).toEqual(expect.arrayContaining(EXPECTED_DIALOG_PARAMS[url] ?? []));
        for (const dialogUrl of dialogs) {
          await open(page, dialogUrl);
          await expect(page.getByRole("dialog").first(), `${dialogUrl} opens a dialog`).toBeVisible();
          // The list behind it was checked above; now the dialog's own buttons and links.
          problems.push(...(await problemsAtEachWidth(page, dialogUrl, "dialog")));
        }
      }
      expect(problems).toEqual([]);
    });
  }
}

test.describe("what the screens show fits what they hold", () => {
  test("the dashboard's chart keeps its own height beside a long Recent Activity", async ({ as }) => {
    const page = await as("admin");
    await open(page, "/admin");
    await expect(page.getByTestId("weekly-chart-canvas")).toBeVisible();
    const plot = await page.getByTestId("weekly-chart-plot").boundingBox();
    const activity = await page.getByTestId("activity").boundingBox();
    // 256 px (h-64) whatever the list beside it holds: once a plot of 700 px for a bar or two.
    expect(plot!.height).toBe(256);
    expect(activity!.height).toBeGreaterThan(plot!.height);
    // The screen readers' table takes no room: it once widened the phone's page by 8 px.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole("table", { name: "Quotation requests and approvals per week" })).toBeAttached();
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("the quotation list's e-mail addresses are one line, cut with an ellipsis, whole in their title", async ({
    as,
  }) => {
    const page = await as("admin");
    const { other } = E2E_PORTAL_QUOTATIONS;
    await open(page, `/admin/quotations?q=${encodeURIComponent(other.eventName)}`);
    const address = page.getByRole("link", { name: other.email });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expect(address).toHaveAttribute("title", other.email);
      const shown = await address.evaluate((a) => ({
        lines: Math.round(a.getBoundingClientRect().height / parseFloat(getComputedStyle(a).lineHeight)),
        cut: a.scrollWidth > a.clientWidth,
        ellipsis: getComputedStyle(a).textOverflow,
      }));
      // Never broken mid-word over lines ("nadia.rah/man@exa/mple.com"); at 1280 px it does not fit whole.
      expect(shown.lines, `at ${width} px`).toBe(1);
      expect(shown.ellipsis).toBe("ellipsis");
      if (width === 1280) expect(shown.cut).toBe(true);
    }
  });

  test("the outbox shows the taka sign of an e-mail's text in a font that has it", async ({ as }) => {
    const page = await as("admin");
    await open(page, `/admin/outbox/${E2E_OUTBOX_EMAIL.id}`);
    const text = page.getByTestId("email-text");
    await expect(text).toContainText("Total: ৳66,125.00");
    await page.evaluate(() => document.fonts.ready);
    const takaSigns = ((await text.textContent()) ?? "").split("৳").length - 1;
    // Which fonts the browser drew the text with: the taka signs come from the site's own (web) font, not from a
    // fallback that lacks the glyph (drawn as empty boxes).
    const cdp = await page.context().newCDPSession(page);
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: "[data-testid=email-text]",
    });
    await cdp.send("CSS.enable");
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    expect(fonts.filter((f) => f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0)).toBeGreaterThanOrEqual(takaSigns);
    await cdp.detach();
  });

  test("toasts appear under the header, never over the name and Sign out", async ({ as, baseURL }) => {
    const toastUnderHeader = async (page: Page, width: number) => {
      await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
      // Where the toasts stand (their list, fixed; each toast slides in within it).
      const toasts = (await page.locator("[data-sonner-toaster]").boundingBox())!;
      const header = (await page.getByRole("banner").boundingBox())!;
      expect(toasts.y, `at ${width} px`).toBeGreaterThanOrEqual(header.y + header.height);
    };
    const admin = await as("admin");
    const customer = await as("customer");
    for (const width of WIDTHS) {
      await admin.setViewportSize({ width, height: 800 });
      // An item that is not there: the list says so in a toast (a real one, from the server's redirect).
      await open(admin, "/admin/inventory?edit=00000000-0000-4000-8000-000000000000");
      await toastUnderHeader(admin, width);

      // The portal's toasts come from a redirect too (a password changed, an answer sent); one is left waiting in
      // its cookie as the server leaves it, since this customer's password and quotations are other specs' too.
      await customer.setViewportSize({ width, height: 800 });
      const waiting = await createCookie("flash_toast").serialize(
        JSON.stringify({ type: "success", message: "Password changed successfully" }),
      );
      const value = waiting.slice("flash_toast=".length).split(";")[0]!;
      await customer.context().addCookies([{ name: "flash_toast", value, url: baseURL! }]);
      await open(customer, "/customer/dashboard");
      await toastUnderHeader(customer, width);
    }
  });

  test("an item's manual status and its units free today are named apart", async ({ as }) => {
    const page = await as("staff");
    await open(page, "/admin/inventory?q=laser");
    const table = page.getByRole("region", { name: "Inventory items" });
    await expect(table.getByRole("columnheader", { name: "Manual status" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Free today" })).toBeVisible();
    // The seed's projector is marked Booked by hand while no quotation holds a unit: both are said, each by name.
    const row = table.getByRole("row", { name: /10K Lumen Laser Projector/ });
    await expect(row.locator('td[data-label="Manual status"]')).toHaveText("Booked");
    await expect(row.locator('td[data-label="Free today"]')).toHaveText(/^4 of 4$/);
    await expect(page.getByLabel("Manual status")).toBeVisible();
  });
});
