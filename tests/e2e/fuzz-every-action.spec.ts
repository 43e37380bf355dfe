import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { parse as parseCsv } from "csv-parse/sync";
import pg from "pg";
import { createFreshDatabase, type FreshDatabase } from "../support/postgres";
import { E2E_USERS, fixtureDate } from "./support/fixtures";
import { crawl, type FoundForm, type SiteMap } from "./support/fuzz/crawl";
import {
  DATE_FIELD,
  fieldKind,
  hostileValuesFor,
  NUMBER_FIELD,
  UNKNOWN_INTENT,
  type HostileValue,
} from "./support/fuzz/hostile-values";
import { countChanges, rowCounter, type RowCounter } from "./support/fuzz/row-counts";
import { SiteClient, type SiteAnswer } from "./support/fuzz/site-client";
import { removeDataDir, startServer, stopServer, type IsolatedServer } from "./support/isolated-server";

// The fuzz of every action (issue 38). On a server of its own with the e2e fixtures on PostgreSQL, every screen each
// role reaches is crawled, and every form found there is posted with a hostile value in each field in turn (empty,
// 10,000 characters, NUL, invisible and bidi characters, formulas, 1e308, -0, NaN, 400 digits, dates 0000-01-01,
// 9999-12-31 and +275760-09-13, malformed UUIDs, a field sent twice, an unknown intent) as the role the form is for,
// and once more as every other role and as nobody; every query parameter a screen reads gets the same. Never a 500;
// a refusal (4xx) writes nothing (every table's row count unchanged); afterwards every screen still opens on what
// was accepted, no CSV cell starts a formula, and the server still answers. Forms, fields and roles come from the
// site itself, so a new screen is fuzzed without touching this file. It runs in one worker, about 3 minutes.

test.describe.configure({ mode: "serial" });

type Role = "admin" | "staff" | "accountant" | "customer" | "anonymous";
type Area = "staff" | "customer" | "anonymous";
type Variant = [field: string | null, hostile: HostileValue | "twice" | null];

const TODAY = fixtureDate(0);
const AREAS: [Area, Role][] = [
  ["staff", "admin"],
  ["customer", "customer"],
  ["anonymous", "anonymous"],
];
const START: Record<Area, string[]> = {
  staff: ["/admin"],
  customer: ["/customer/dashboard", "/customer/statement", "/customer/change-password"],
  anonymous: [
    "/",
    "/quotation",
    "/contact",
    "/admin/login",
    "/admin/forgot-password",
    "/customer/login",
    "/customer/forgot-password",
  ],
};
const WITHIN: Record<Area, (path: string) => boolean> = {
  staff: (p) => p.startsWith("/admin"),
  customer: (p) => p.startsWith("/customer"),
  anonymous: (p) => !/^\/(admin|customer)(\/|$)/.test(p) || /\/(login|forgot-password)$/.test(p),
};

let database: FreshDatabase | null = null;
let dataDir = "";
let server: IsolatedServer | null = null;
let rows: RowCounter | null = null;
const clients = new Map<Role, SiteClient>();
const maps = new Map<Area, SiteMap>();
/** The users the fuzz signs in as: a form that names one (Deactivate, a new role) would end its own session. */
let ownUserIds: string[] = [];
/** The hostile values forms accepted: what the screens are opened on afterwards. */
const accepted: string[] = [];
let posts = 0;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await createFreshDatabase(
    process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    "e2e_fuzz",
  );
  if (!database) {
    if (process.env.CI) throw new Error("no PostgreSQL at 127.0.0.1:5432");
    return;
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-fuzz-"));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_USERS.admin.email,
    ADMIN_PASSWORD: E2E_USERS.admin.password,
    // Thousands of posts from one address: the limits have specs of their own.
    SIGN_IN_RATE_LIMIT: "100000/900",
    FORM_RATE_LIMIT: "100000/60",
  };
  // The shared server's database (the seed, the demo books and the specs' fixtures): records for every form to name.
  const prepared = spawnSync(path.resolve("node_modules/.bin/tsx"), ["tests/e2e/support/prepare-database.ts"], {
    env: { ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (prepared.status !== 0) throw new Error(`could not prepare the database:\n${prepared.stderr}`);
  server = await startServer(env);
  rows = await rowCounter(database.url);
  const users = new pg.Client({ connectionString: database.url });
  await users.connect();
  const emails = (["admin", "staff", "accountant", "customer"] as const).map((r) => E2E_USERS[r].email);
  ownUserIds = (await users.query<{ id: string }>("select id from users where email = any($1)", [emails])).rows.map(
    (r) => r.id,
  );
  await users.end();
  for (const role of ["admin", "staff", "accountant", "customer", "anonymous"] as const) {
    const client = new SiteClient(server.url, role);
    if (role !== "anonymous") await signInAs(client, role);
    clients.set(role, client);
  }
});

test.afterAll(async () => {
  await rows?.close();
  if (server) await stopServer(server);
  if (dataDir) removeDataDir(dataDir);
  await database?.drop();
});

async function signInAs(client: SiteClient, role: Exclude<Role, "anonymous">): Promise<void> {
  await client.signIn(role === "customer" ? "customer" : "admin", E2E_USERS[role].email, E2E_USERS[role].password);
}

function requireSite(): void {
  test.skip(!server || !rows, "no PostgreSQL at 127.0.0.1:5432");
}

/** What the server logged since `from` (a failure's cause), cut short. */
const logSince = (from: number) => server!.output().slice(from, from + 600);

/**
 * What a refusal may write: a wrong password (signing in, changing it) and a refused password reset request are
 * counted against their limits and audited, refusals that must leave a trace. Nothing else.
 */
function writtenByRefusal(action: string, table: string): boolean {
  const pathname = action.split("?")[0]!;
  if (/^\/(admin|customer)\/(login|change-password|forgot-password)$|^\/admin\/settings\/account$/.test(pathname))
    return table === "audit_log" || table === "rate_limit_counters";
  return false;
}

/**
 * A reset request taken is answered before its work (a token and an e-mail for a known address, an audit line in
 * every case) so that its timing tells nothing: that work is waited for, by its audit line, so that it is not taken
 * for the next post's.
 */
async function resetRequestDone(action: string, answer: SiteAnswer, before: Map<string, number>) {
  if (!/^\/(admin|customer)\/forgot-password(\?|$)/.test(action) || answer.status >= 400) return;
  await expect
    .poll(async () => (await rows!.counts()).get("audit_log")! > before.get("audit_log")!, { timeout: 10_000 })
    .toBe(true);
}

/** The role a form is for: the back office's forms the administrator's, the portal's the customer's, the rest nobody's. */
function roleFor(form: FoundForm): Role {
  if (/\/(login|forgot-password)(\?|$)|^\/customer\/link\//.test(form.action)) return "anonymous";
  if (form.action.startsWith("/admin/")) return "admin";
  if (form.action.startsWith("/customer/")) return "customer";
  return "anonymous";
}

const namesOwnUser = (form: FoundForm) => form.fields.some((f) => ownUserIds.includes(f.value));

/** The form's fields with `field` given `hostile` (every occurrence), as the body it is posted with. */
function bodyOf(form: FoundForm, [field, hostile]: Variant) {
  const entries: [string, string][] = [];
  for (const f of form.fields) {
    if (f.name !== field || hostile === null) entries.push([f.name, f.value]);
    else if (hostile === "twice") entries.push([f.name, f.value], [f.name, `${f.value}-other`]);
    else entries.push([f.name, hostile.value]);
  }
  if (!form.multipart && !form.fields.some((f) => f.type === "file")) return new URLSearchParams(entries);
  const data = new FormData();
  for (const [name, value] of entries) {
    const isFile = form.fields.find((f) => f.name === name)?.type === "file";
    if (isFile && value === "") data.append(name, new Blob(["fuzz"], { type: "text/plain" }), "fuzz.txt");
    else data.append(name, value);
  }
  return data;
}

/**
 * Every variant of a form the administrator's fuzz posts: the form as it is, an unknown intent, and each field with
 * each hostile value of its kind and sent twice. Fields of one family (month1..month12, lines.0.debit and
 * lines.1.debit, an account per purpose) give the first two every value and each other one value in turn, so the
 * family still meets them all.
 */
function variantsOf(form: FoundForm): Variant[] {
  const variants: Variant[] = [[null, null]];
  const family = new Map<string, number>();
  for (const name of new Set(form.fields.map((f) => f.name))) {
    const field = form.fields.find((f) => f.name === name)!;
    if (name === "intent") {
      variants.push([name, UNKNOWN_INTENT], [name, "twice"]);
      continue;
    }
    if (field.type === "file") continue;
    const values = [...hostileValuesFor(field), "twice" as const];
    const key = `${fieldKind(field)}:${name.split(".")[0]!.replace(/\d+$/, "")}`;
    const seen = family.get(key) ?? 0;
    family.set(key, seen + 1);
    if (seen < 2) for (const hostile of values) variants.push([name, hostile]);
    else variants.push([name, values[(seen - 2) % values.length]!]);
  }
  return variants;
}

const signInPage = (location: string) => /^\/(admin|customer)\/login(\?|$)/.test(location);

/**
 * Posts one variant of `form` as `role` and checks the answer: never a 500, and a refusal writes nothing. Returns
 * what went wrong ("" for nothing) and the row counts after it (the next post's before).
 */
async function postChecked(
  role: Role,
  form: FoundForm,
  variant: Variant,
  before: Map<string, number>,
): Promise<{ problem: string; after: Map<string, number> }> {
  const client = clients.get(role)!;
  const [field, hostile] = variant;
  const intent = form.fields.find((f) => f.name === "intent")?.value ?? "-";
  const value = field === null ? "(as the form)" : `${field}=${hostile === "twice" ? "(twice)" : hostile!.label}`;
  const what = `${role} POST ${form.action} intent=${intent} ${value}`;
  const logFrom = server!.output().length;
  // The page is rendered again (its loaders, then the screen showing the value back) for the form as it is and for
  // hostile numbers and dates, which a screen reads to show totals and periods; the rest is posted as a browser with
  // scripts posts, to the action alone, where a value is refused or written.
  const rendered =
    hostile === null || (hostile !== "twice" && (NUMBER_FIELD.includes(hostile) || DATE_FIELD.includes(hostile)));
  let answer: SiteAnswer;
  try {
    const body = bodyOf(form, variant);
    answer = await (rendered ? client.post(form.action, body) : client.postData(form.action, body));
  } catch (error) {
    return { problem: `${what}: no answer (${String(error)})`, after: before };
  }
  posts++;
  await resetRequestDone(form.action, answer, before);
  let after = await rows!.counts();
  const changes = countChanges(before, after).filter((c) => !writtenByRefusal(form.action, c.split(" ")[0]!));
  // A session the post ended (Sign out; the role's own sign-in page where the form was not one): signed in again
  // for the next post, and what that writes is not the next post's.
  const ownArea = role === "customer" ? "/customer/" : "/admin/";
  const sessionLost = signInPage(answer.location) || answer.status === 401;
  if (role !== "anonymous" && sessionLost && form.action.startsWith(ownArea) && !/\/login(\?|$)/.test(form.action)) {
    await signInAs(client, role);
    after = await rows!.counts();
  }
  if (answer.status >= 500)
    return { problem: `${what}: ${answer.status}; the server logged ${logSince(logFrom)}`, after };
  if (answer.status >= 400 && changes.length)
    return { problem: `${what}: refused with ${answer.status} but wrote ${changes.join(", ")}`, after };
  if (answer.status >= 300 && answer.status < 400 && field !== null && !signInPage(answer.location))
    accepted.push(what);
  return { problem: "", after };
}

/** Posts every variant of every form, in order, and returns what went wrong. */
async function postAll(plan: [Role, FoundForm, Variant][]): Promise<string[]> {
  const problems: string[] = [];
  let counts = await rows!.counts();
  for (const [role, form, variant] of plan) {
    const { problem, after } = await postChecked(role, form, variant, counts);
    counts = after;
    if (problem) problems.push(problem);
  }
  return problems;
}

/** A cell a spreadsheet would run: one starting with = + - @, a tab or a line end, or their full-width forms, not a plain number. */
function formulaCells(csv: string): string[] {
  const records = parseCsv(csv, { relax_column_count: true, bom: true }) as string[][];
  return records
    .flat()
    .filter((cell) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^-?\d[\d,]*(\.\d+)?$/.test(cell));
}

async function crawlArea(page: Page, area: Area): Promise<SiteMap> {
  const client = clients.get(AREAS.find(([a]) => a === area)![1])!;
  return crawl(client, page, { start: START[area], within: WITHIN[area], limit: 600, today: TODAY });
}

test("every screen each role reaches opens without a server error", async ({ browser }) => {
  test.setTimeout(180_000);
  requireSite();
  // Chromium reads the forms of the server's HTML (what a browser would post); scripts off, nothing loaded.
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.route("**/*", (route) => route.abort());
  const page = await context.newPage();
  for (const [area] of AREAS) maps.set(area, await crawlArea(page, area));
  await context.close();
  const broken = [...maps].flatMap(([area, map]) =>
    map.pages.filter((p) => p.status >= 500).map((p) => `${area} GET ${p.url}: ${p.status}`),
  );
  expect(broken).toEqual([]);
  // The crawl reached the back office's forms and a sent quotation's Approve in the portal, not just sign-in pages.
  expect(maps.get("staff")!.forms.length).toBeGreaterThan(80);
  expect(maps.get("customer")!.forms.map((f) => f.key)).toContainEqual(
    expect.stringMatching(/^\/customer\/quotation\/:id approve /),
  );
});

// One test of four steps, each judged on its own (soft): a step's failures do not hide the next one's.
test("every form and query, hostile, as each role: no 500, a refusal writes nothing, every screen opens after", async () => {
  // About 3.5 minutes under CI's load beside it; twice that on a machine far busier.
  test.setTimeout(480_000);
  requireSite();
  const started = Date.now();
  const forms = [...maps.get("staff")!.forms, ...maps.get("customer")!.forms, ...maps.get("anonymous")!.forms];

  await test.step("every form, each field hostile in turn, as the role it is for", async () => {
    // Sign out last: the rest are posted in a session that lasts.
    const ordered = forms
      .filter((form) => !namesOwnUser(form))
      .sort((a, b) => Number(a.action.endsWith("/logout")) - Number(b.action.endsWith("/logout")));
    const plan = ordered.flatMap((form) =>
      variantsOf(form).map((v): [Role, FoundForm, Variant] => [roleFor(form), form, v]),
    );
    expect.soft(await postAll(plan)).toEqual([]);
  });

  await test.step("every form as each other role and as nobody, as it is and with a long first field", async () => {
    const others: Record<Role, Role[]> = {
      admin: ["staff", "accountant", "customer", "anonymous"],
      customer: ["staff", "anonymous"],
      staff: [],
      accountant: [],
      anonymous: [],
    };
    const plan = forms
      .filter((form) => !namesOwnUser(form) && !form.action.endsWith("/logout"))
      .flatMap((form) => {
        const first = form.fields.find((f) => f.name !== "intent" && f.type !== "file");
        const long: Variant = first
          ? [first.name, { label: "10,000 characters", value: "x".repeat(10_000) }]
          : [null, null];
        return others[roleFor(form)].flatMap((role) => [
          [role, form, [null, null]] as [Role, FoundForm, Variant],
          [role, form, long] as [Role, FoundForm, Variant],
        ]);
      });
    expect.soft(await postAll(plan)).toEqual([]);
  });

  await test.step("every query parameter a screen reads, hostile", async () => {
    const problems: string[] = [];
    for (const [area, role] of AREAS) {
      const client = clients.get(role)!;
      for (const query of maps.get(area)!.queries) {
        for (const hostile of hostileValuesFor({ name: query.param, type: "", value: query.value })) {
          const url = new URL(query.url, client.base);
          url.searchParams.set(query.param, hostile.value);
          const logFrom = server!.output().length;
          const answer = await client.get(url.pathname + url.search);
          if (answer.status >= 500)
            problems.push(
              `${role} GET ${query.url} ${query.param}=${hostile.label}: ${answer.status}; the server logged ${logSince(logFrom)}`,
            );
          if (role !== "anonymous" && signInPage(answer.location))
            await signInAs(client, role as Exclude<Role, "anonymous">);
        }
      }
    }
    expect.soft(problems).toEqual([]);
  });

  await test.step("every screen again, on what was accepted: no 500, no CSV cell a formula; the server answers", async () => {
    const problems: string[] = [];
    for (const [area, role] of AREAS) {
      const client = clients.get(role)!;
      for (const page of maps.get(area)!.pages) {
        const logFrom = server!.output().length;
        const answer = await client.get(page.url);
        if (answer.status >= 500)
          problems.push(`${role} GET ${page.url}: ${answer.status}; the server logged ${logSince(logFrom)}`);
        if (answer.contentType.startsWith("text/csv"))
          for (const cell of formulaCells(answer.body))
            problems.push(`${role} GET ${page.url}: the cell ${JSON.stringify(cell.slice(0, 60))} starts a formula`);
      }
    }
    expect.soft(problems, `after these hostile values were accepted:\n${accepted.join("\n")}`).toEqual([]);
    expect.soft((await clients.get("anonymous")!.get("/healthz")).status).toBe(200);
    expect.soft((await clients.get("admin")!.get("/admin/accounts/reports")).status).toBe(200);
  });

  console.log(
    `fuzz: ${forms.length} forms, ${posts} posts, ${accepted.length} hostile values accepted, ${Math.round((Date.now() - started) / 1000)} s`,
  );
});
