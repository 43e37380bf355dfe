// `npm run bench:backoffice`: every back-office screen at 100,000 records (issue 19). Seeds a database of its own
// (a temporary PGlite data directory, or with BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres or
// --postgres a fresh `bench_backoffice_<pid>` database on that server, dropped after) in bulk SQL: 100,000
// quotations with their lines, revisions and events, 100,000 inventory items, 2,000 employees in 40 teams with
// 20,000 tasks and 8,000 leave requests, 100,000 audit lines, 100,000 outbox messages, 20,000 contact messages,
// 2,000 events, and a portal customer with 1,000 of the quotations. Then it calls the real loaders (the layout's
// and the page's, in parallel as React Router does) with a signed-in administrator's (or the customer's) request,
// so what is timed is the server's own code and queries, for each list's filters, sorts, searches, last page
// and a page beyond it, the quotation panel, the dashboard, the availability month and the customer dashboard:
// the median and p95 of 15 runs each after 2 warm-ups, printed as a markdown table. Exits 1 when a median is
// over the bar: 100 ms on PostgreSQL, 250 ms on PGlite.
//
//   --scale=<f>      seed f times as many rows (0.1 for a quick check; the customer keeps 1% of the quotations)
//   --only=<text>    time only the cases whose screen or case contains this text
//   --explain        EXPLAIN ANALYZE the queries of every case over the bar (or of all cases with --explain=all)
//   --keep           keep the database (or PGlite data directory) afterwards, for a closer look
//   --reuse=<name>   time a database (or PGlite data directory) a --keep run left, without seeding it again
//   BENCH_RUNS=...   timed runs per case (default 15)
import { setDatabase, type Database } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { companySettings } from "../app/db/schema";
import { companySeed } from "../app/db/seed/company";
import { createPasswordUser } from "../app/domain/auth/users.server";
import { AVAILABILITY_STATUSES, CATEGORY_IDS } from "../app/domain/catalogue/constants";
import { CONTACT_MESSAGE_STATUSES, EVENT_STATUSES } from "../app/domain/content/constants";
import { EMAIL_STATUSES } from "../app/domain/email/constants";
import {
  DEPARTMENTS,
  EMPLOYEE_STATUSES,
  LEAVE_STATUSES,
  LEAVE_TYPES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from "../app/domain/people/constants";
import { QUOTATION_STATUSES } from "../app/domain/quotations/constants";
import { todayInDhaka } from "../app/lib/dhaka-time";
import type { ListSpec } from "../app/lib/list-params";
import { benchArgs } from "./lib/bench-args";
import { benchDatabase } from "./lib/bench-database";
import { timeCases, type Loader } from "./lib/bench-loaders";
import { signIn } from "../tests/support/signed-in-request";

const {
  scale: SCALE,
  runs: RUNS,
  warmups: WARMUPS,
  serverUrl,
  barMs: BAR_MS,
  explain,
  keep,
  reuse,
  only,
} = benchArgs();
const TODAY = todayInDhaka();

const n = (count: number) => Math.max(1, Math.round(count * SCALE));
const QUOTATIONS = n(100_000);
const ITEMS = n(100_000);
const EMPLOYEES = n(2_000);
const TEAMS = 40;
const AUDIT = n(100_000);
const OUTBOX = n(100_000);
const MESSAGES = n(20_000);
const EVENTS = n(2_000);
/** Every 100th quotation is the portal customer's: 1,000 of 100,000. */
const CUSTOMER_EVERY = 100;
const CUSTOMER_EMAIL = "portal.customer@example.com";
const ADMIN_EMAIL = "bench.admin@example.com";
const PASSWORD = "bench-password-1";

// ------------------------------------------------------------------------------------------- the database

// The app's own pool size (app/db/client.server.ts's default) would do; 10 lets a page's parallel queries run in
// parallel, as in production.
const bench = benchDatabase({ prefix: "bench_backoffice", serverUrl, keep, reuse, poolSize: 10 });
let database: Database | undefined;
const raw = bench.raw;
const exec = bench.exec;

// ------------------------------------------------------------------------------------------- the seed

/** A SQL text array of `values`, to pick from with `pick(values, expr)`. */
const list = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
/** The value of `values` at position `expr` (any integer expression), cycling. */
const pick = (values: readonly string[], expr: string) => `(${list(values)})[1 + ((${expr}) % ${values.length})]`;

const BRANDS = ["Robe", "Chauvet", "JBL", "Yamaha", "Absen", "Prolyte", "Royal", "Bloom", "Walton", "Cummins"];
const KINDS = [
  "Moving Head Beam",
  "LED Par Can",
  "Line Array Speaker",
  "Digital Mixer",
  "LED Wall P3",
  "Stage Deck",
  "Chiavari Chair",
  "Floral Arch",
  "Box Truss 3m",
  "Air Cooler",
  "Silent Generator",
  "Cold Spark Machine",
  "Photo Booth",
  "Laser Projector",
];
const OPENINGS = [
  "Ideal for weddings, corporate launches and concerts across Dhaka.",
  "Maintained by our own technicians and tested before every event.",
  "Delivered, installed and operated by our crew.",
  "A favourite for holud and reception nights.",
  "Works indoors and outdoor under a covered stage.",
];
const TAGS = ["dmx", "audio", "wedding", "outdoor", "stage", "vip", "power", "effects", "led screen", "seating"];
const EVENT_KINDS = [
  "Wedding Reception",
  "Holud Night",
  "Corporate Launch",
  "Annual Gala",
  "Birthday Party",
  "Concert",
  "Product Launch",
  "Conference",
];
const FIRST = ["Tanvir", "Sadia", "Arif", "Nusrat", "Rafiq", "Farhana", "Imran", "Mitu", "Kamal", "Shirin"];
const LAST = ["Rahman", "Hossain", "Ahmed", "Islam", "Chowdhury", "Khan", "Akter", "Sarkar", "Das", "Uddin"];
const POSITIONS = ["Technician", "Coordinator", "Driver", "Manager", "Designer", "Accountant", "Rigger"];
const AUDIT_ACTIONS = [
  "quotation.sent",
  "quotation.approved",
  "inventory_item.updated",
  "employee.updated",
  "contact_message.read",
  "auth.sign_in",
  "task.created",
  "leave.approved",
];
const OUTBOX_KINDS = ["quotation.created.company", "quotation.created.customer", "quotation.sent", "contact.received"];

/** Whose name a generated row has: the customer `expr` of 20,000. */
const personName = (expr: string) => `${pick(FIRST, expr)} || ' ' || ${pick(LAST, `(${expr}) / 10`)}`;

async function seed(): Promise<{ adminId: string; customerId: string }> {
  const started = performance.now();
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    await exec(text);
    console.log(`  ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  };
  await database!.db.insert(companySettings).values(companySeed);
  const { id: adminId } = await createPasswordUser(database!.db, {
    name: "Bench Administrator",
    email: ADMIN_EMAIL,
    password: PASSWORD,
    role: "admin",
  });
  const { id: customerId } = await createPasswordUser(database!.db, {
    name: "Portal Customer",
    email: CUSTOMER_EMAIL,
    password: PASSWORD,
    role: "customer",
  });

  // Items: every 20,000th one "Vintage Brass ... heirloom" (the rare search); 4 % archived; some under repair.
  await step(
    `${ITEMS.toLocaleString("en-US")} inventory items`,
    `insert into inventory_items (slug, name, description, category, tags, source, inventory_group, image_urls, price,
       price_unit, quantity, status, units_under_repair, repair_return_date, archived_at, sort_order)
     select 'bench-item-' || g,
       ${pick(BRANDS, "g")} || ' ' || ${pick(KINDS, "g / 10")} || ' ' || chr(65 + g % 26) || ((g % 97) * 10)
         || case when g % 20000 = 7 then ' Vintage Brass' else '' end,
       ${pick(OPENINGS, "g / 3")} || case when g % 20000 = 7 then ' vintage brass heirloom' else '' end,
       ${pick(CATEGORY_IDS, "g / 7")},
       array[${pick(TAGS, "g")}, ${pick(TAGS, "g / 10 + 3")}],
       case when g % 4 = 0 then 'outsourced' else 'in-house' end,
       case when g % 2 = 0 then 'STV' else 'SLD' end,
       array['/media/inventory/bench-' || (g % 500) || '.webp'],
       (100 + (g * 7919) % 100000)::numeric(14, 2),
       case when g % 5 = 0 then 'sqm/day' else 'unit/day' end,
       1 + g % 60,
       ${pick(AVAILABILITY_STATUSES, "case when g % 100 < 80 then 0 when g % 100 < 93 then 1 else 2 end")},
       case when g % 100 < 93 and g % 20 = 3 then least(1, g % 60) else 0 end,
       case when g % 100 < 93 and g % 40 = 3 then date '2030-01-15' end,
       case when g % 25 = 0 then now() - interval '100 days' end,
       g
     from generate_series(1, ${ITEMS}) g`,
  );
  await step(
    "500 packages",
    `insert into inventory_package_parts (package_item_id, part_item_id, quantity, position)
     select p.id, part.id, 1 + k, k
     from inventory_items p cross join generate_series(0, 2) k
     join inventory_items part on part.sort_order = ${ITEMS} - p.sort_order * 3 - k
     where p.sort_order <= ${Math.min(500, Math.floor(ITEMS / 10))}`,
  );

  // Quotations: one every 10 minutes back from now (100,000 over 694 days), the event 0 to 119 days after the
  // request; 20 % approved, 20 % pending; every 5th a 3-day rental. g is kept in the idempotency key.
  const status = pick(QUOTATION_STATUSES, "(array[0,0,1,1,2,2,3,4,4,1])[1 + (g + g / 100) % 10]");
  await step(
    `${QUOTATIONS.toLocaleString("en-US")} quotations`,
    `insert into quotations (customer_name, email, phone, event_name, event_date, rental_end_date, event_time,
       event_location, notes, status, total, revision, customer_user_id, sent_at, responded_at, idempotency_key,
       created_at, updated_at)
     select
       case when g % ${CUSTOMER_EVERY} = 0 then 'Portal Customer' else ${personName("g % 20000")} end,
       case when g % ${CUSTOMER_EVERY} = 0 then '${CUSTOMER_EMAIL}' else 'customer' || (g % 20000) || '@example.com' end,
       '+880 1700-' || lpad((g % 1000000)::text, 6, '0'),
       ${pick(EVENT_KINDS, "g")} || ' ' || g || case when g % 20000 = 7 then ' heirloom' else '' end,
       (c.at at time zone 'Asia/Dhaka')::date + (g % 120),
       case when g % 5 = 0 then (c.at at time zone 'Asia/Dhaka')::date + (g % 120) + 2 end,
       time '18:00', ${pick(["Banani", "Gulshan", "Dhanmondi", "Uttara", "Mirpur"], "g")} || ', Dhaka',
       case when g % 3 = 0 then 'Please include setup crew.' end,
       s.status,
       case when s.status = 'pending' then 0 else (1000 + (g * 131) % 500000)::numeric(14, 2) end,
       case when s.status = 'pending' then 0 when g % 7 = 0 then 2 else 1 end,
       case when g % ${CUSTOMER_EVERY} = 0 and s.status <> 'pending' then '${customerId}'::uuid end,
       case when s.status <> 'pending' then c.at + interval '1 hour' end,
       case when s.status in ('approved', 'rejected') then c.at + interval '1 day' end,
       'bench-' || g,
       c.at, c.at
     from generate_series(1, ${QUOTATIONS}) g
     cross join lateral (select now() - g * interval '10 minutes' as at) c
     cross join lateral (select ${status} as status) s`,
  );
  const g = `split_part(q.idempotency_key, '-', 2)::int`;
  await step(
    "quotation lines (1 to 5 each)",
    `insert into quotation_lines (quotation_id, inventory_item_id, name, quantity, unit_price, total, line_no)
     select q.id, i.id, i.name, 1 + (k + q.g) % 4, i.price, i.price * (1 + (k + q.g) % 4), k
     from (select id, ${g} as g from quotations q) q
     cross join lateral generate_series(0, q.g % 5) k
     join inventory_items i on i.sort_order = 1 + (q.g * 31 + k * 7919) % ${ITEMS}`,
  );
  await step(
    "quotation revisions",
    `insert into quotation_revisions (quotation_id, revision, lines, subtotal, discount, vat_rate_percent, vat_amount,
       total, event_date, rental_end_date, valid_until, terms, sent_by_user_id, sent_by_label, created_at)
     select q.id, r, jsonb_build_array(jsonb_build_object('inventoryItemId', null, 'name', 'Bench line', 'size', null,
         'quantity', 1, 'unitPrice', q.total::text, 'total', q.total::text)),
       q.total, 0, 0, 0, q.total, q.event_date, coalesce(q.rental_end_date, q.event_date),
       q.sent_at + interval '7 days', '["Bench terms."]'::jsonb, '${adminId}', '${ADMIN_EMAIL}', q.sent_at
     from quotations q cross join lateral generate_series(1, q.revision) r
     where q.revision > 0`,
  );
  await step(
    "quotation events",
    `insert into quotation_events (quotation_id, kind, from_status, to_status, message, actor_label, created_at)
     select id, 'created', null, 'pending', null, 'visitor', created_at from quotations
     union all
     select id, 'sent', 'pending', 'sent', null, '${ADMIN_EMAIL}', sent_at from quotations where sent_at is not null
     union all
     select id, 'status_changed', 'sent', status, case when status = 'rejected' then 'Over our budget.' end,
       email, responded_at
     from quotations where status in ('approved', 'rejected')`,
  );

  // People: 2,000 employees (the first is the administrator), 40 teams led by the first 40, each employee in one.
  await step(
    `${EMPLOYEES.toLocaleString("en-US")} employees, ${TEAMS} teams`,
    `insert into employees (user_id, name, email, phone, position, department, joining_date, salary, status)
     select case when g = 1 then '${adminId}'::uuid end, ${personName("g")} || ' ' || g, 'employee' || g || '@example.com',
       '+880 1800-' || lpad(g::text, 6, '0'), ${pick(POSITIONS, "g")}, ${pick(DEPARTMENTS, "g / 3")},
       date '2015-01-01' + (g * 37) % 4000, (20000 + g % 50 * 1000)::numeric(14, 2),
       ${pick(EMPLOYEE_STATUSES, "case when g % 10 = 9 then 1 else 0 end")}
     from generate_series(1, ${EMPLOYEES}) g;
     insert into teams (name, lead_id)
     select 'Team ' || e.n, e.id from (select id, row_number() over (order by email)::int as n from employees) e
     where e.n <= ${TEAMS};
     insert into team_members (team_id, employee_id)
     select t.id, e.id
     from (select id, row_number() over (order by email)::int as n from employees) e
     join (select id, row_number() over (order by name)::int as n from teams) t on t.n = 1 + e.n % ${TEAMS}`,
  );
  await step(
    `${(EMPLOYEES * 10).toLocaleString("en-US")} tasks, ${(EMPLOYEES * 4).toLocaleString("en-US")} leave requests`,
    `insert into tasks (title, description, team_id, assigned_to, assigned_by, status, priority, due_date, created_at)
     select 'Task ' || k || ' for ' || e.name, 'Prepare the equipment.', tm.team_id, e.id, t.lead_id,
       ${pick(TASK_STATUSES, "e.n + k")}, ${pick(TASK_PRIORITIES, "e.n / 3 + k")},
       now() + ((e.n * 7 + k * 13) % 120 - 60) * interval '1 day', now() - ((e.n + k * 17) % 365) * interval '1 day'
     from (select id, name, row_number() over (order by email)::int as n from employees) e
     join team_members tm on tm.employee_id = e.id join teams t on t.id = tm.team_id
     cross join generate_series(1, 10) k;
     insert into leaves (employee_id, type, start_date, end_date, status, approved_by, reason, created_at)
     select e.id, ${pick(LEAVE_TYPES, "e.n + k")}, s.day, s.day + (k % 3), ${pick(LEAVE_STATUSES, "e.n * 3 + k")},
       null, 'Family event', s.day - 10
     from (select id, row_number() over (order by email)::int as n from employees) e
     cross join generate_series(1, 4) k
     cross join lateral (select date '${TODAY}' + ((e.n * 11 + k * 97) % 700 - 500) as day) s`,
  );

  // The logs: 100,000 audit lines and 100,000 outbox messages, one every 10 minutes back from now.
  await step(
    `${AUDIT.toLocaleString("en-US")} audit lines`,
    `insert into audit_log (actor_user_id, actor_label, action, entity_type, entity_id, summary, ip_address, user_agent,
       created_at)
     select case when g % 3 = 0 then '${adminId}'::uuid end,
       case when g % 3 = 0 then '${ADMIN_EMAIL}' else 'staff' || (g % 50) || '@example.com' end,
       a.action, split_part(a.action, '.', 1), gen_random_uuid()::text,
       'Bench change ' || g || ' of ' || split_part(a.action, '.', 1), '203.0.113.' || (g % 250), 'bench',
       now() - g * interval '10 minutes'
     from generate_series(1, ${AUDIT}) g cross join lateral (select ${pick(AUDIT_ACTIONS, "g")} as action) a`,
  );
  await step(
    `${OUTBOX.toLocaleString("en-US")} outbox messages`,
    `insert into email_outbox (to_address, subject, text_body, kind, related_type, related_id, status, attempts,
       last_error, next_attempt_at, sent_at, created_at, updated_at)
     select 'customer' || (g % 20000) || '@example.com', 'Your quotation ' || g, 'Dear customer, ...', ${pick(OUTBOX_KINDS, "g")},
       'quotation', gen_random_uuid()::text, s.status, case when s.status = 'failed' then 5 else g % 2 end,
       case when s.status = 'failed' then 'connection refused' end, c.at,
       case when s.status = 'sent' then c.at + interval '5 seconds' end, c.at, c.at
     from generate_series(1, ${OUTBOX}) g
     cross join lateral (select now() - g * interval '10 minutes' as at) c
     cross join lateral (select ${pick(EMAIL_STATUSES, "case when g % 100 = 0 then 3 when g % 500 = 1 then 0 else 2 end")}
       as status) s`,
  );
  await step(
    `${MESSAGES.toLocaleString("en-US")} contact messages, ${EVENTS.toLocaleString("en-US")} events`,
    `insert into contact_messages (name, email, phone, subject, message, status, created_at, updated_at)
     select ${personName("g")}, 'visitor' || g || '@example.com', null, 'Question about ' || ${pick(KINDS, "g")},
       'Do you have this available next month?', ${pick(CONTACT_MESSAGE_STATUSES, "g / 7")},
       now() - g * interval '30 minutes', now() - g * interval '30 minutes'
     from generate_series(1, ${MESSAGES}) g;
     insert into events (slug, title, description, date, location, status, organizer_id)
     select 'bench-event-' || g, ${pick(EVENT_KINDS, "g")} || ' ' || g, 'A bench event.',
       date '${TODAY}' + (g % 800 - 600), 'Dhaka', ${pick(EVENT_STATUSES, "case when g % 800 < 600 then 1 else 0 end")},
       (select id from employees order by email limit 1)
     from generate_series(1, ${EVENTS}) g`,
  );
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { adminId, customerId };
}

// ------------------------------------------------------------------------------------------- the cases

interface Case {
  screen: string;
  label: string;
  /** The path and query asked for. */
  url: string;
  /** The loaders React Router runs for it (the layout's and the page's), in parallel. */
  loaders: Loader[];
  as: "admin" | "customer";
  params?: Record<string, string>;
}

/** A list's cases from its declaration: no filter, each choice of each filter, each sort both ways, each search
 * given, the last page (page=last: its number is asked first), and a page beyond it (answered with the last). */
function listCases(
  screen: string,
  pathname: string,
  spec: ListSpec,
  loaders: Loader[],
  options: { searches?: [label: string, q: string][]; extra?: [label: string, query: string][]; as?: Case["as"] } = {},
): Case[] {
  const cases: [string, string][] = [["no filter", ""]];
  for (const [name, filter] of Object.entries(spec.filters))
    if (filter.kind === "choice")
      for (const value of filter.values) cases.push([`${name} = ${value}`, `${name}=${value}`]);
  cases.push(...(options.extra ?? []));
  for (const sort of Object.keys(spec.sorts))
    for (const dir of ["asc", "desc"]) cases.push([`sort ${sort} ${dir}`, `sort=${sort}&dir=${dir}`]);
  for (const [label, q] of options.searches ?? [])
    cases.push([`search ${label} ("${q}")`, `q=${encodeURIComponent(q)}`]);
  cases.push(["last page", "page=last"], ["a page beyond the last", "page=1000000"]);
  return cases.map(([label, query]) => ({
    screen,
    label,
    url: `${pathname}${query ? `?${query}` : ""}`,
    loaders,
    as: options.as ?? "admin",
  }));
}

async function buildCases(): Promise<Case[]> {
  const layout = (await import("../app/routes/admin/layout")).loader;
  const customerLayout = (await import("../app/routes/customer/layout")).loader;
  const page = async (module: Promise<{ loader: Loader }>) => [layout, (await module).loader];
  const [{ ADMIN_QUOTATION_LIST }, { INVENTORY_LIST }, { EMPLOYEE_LIST }, { TASK_LIST }, { LEAVE_LIST }] =
    await Promise.all([
      import("../app/domain/quotations/admin-quotation-list"),
      import("../app/domain/inventory/inventory-list"),
      import("../app/domain/people/employee-list"),
      import("../app/domain/people/task-list"),
      import("../app/domain/people/leave-list"),
    ]);
  const [{ AUDIT_LIST }, { OUTBOX_LIST }, { INBOX_LIST }, { EVENT_LIST }, { CUSTOMER_QUOTATION_LIST }] =
    await Promise.all([
      import("../app/domain/audit/audit-list"),
      import("../app/domain/email/outbox-list"),
      import("../app/domain/inbox/inbox-list"),
      import("../app/domain/content/event-list"),
      import("../app/domain/quotations/customer-quotation-list"),
    ]);

  const [pendingId, approvedId, customerQuotationId, teamId] = await Promise.all([
    raw<{ id: string }>(`select id from quotations where status = 'pending' order by created_at desc limit 1`),
    raw<{ id: string }>(`select id from quotations where status = 'approved' and rental_end_date is not null
                         order by event_date desc limit 1`),
    raw<{ id: string }>(`select id from quotations where email = '${CUSTOMER_EMAIL}' and revision > 0
                         order by created_at desc limit 1`),
    raw<{ id: string }>(`select id from teams order by name limit 1`),
  ]).then((rows) => rows.map((r) => r[0]!.id));
  const month = TODAY.slice(0, 7);
  const nextMonth = new Date(`${month}-01T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const auditFrom = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const auditTo = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  const [adminId] = (await raw<{ id: string }>(`select id from users where email = '${ADMIN_EMAIL}'`)).map((r) => r.id);

  const quotationsPage = await page(import("../app/routes/admin/quotations"));
  const availability = await page(import("../app/routes/admin/quotation-availability"));
  const productOptions = await page(import("../app/routes/admin/quotation-product-options"));
  return [
    {
      screen: "Dashboard",
      label: "administrator",
      url: "/admin",
      loaders: await page(import("../app/routes/admin/dashboard")),
      as: "admin",
    },
    ...listCases("Quotations", "/admin/quotations", ADMIN_QUOTATION_LIST, quotationsPage, {
      searches: [
        ["common", "wedding"],
        ["an e-mail", "customer123@"],
        ["rare", "heirloom"],
        ["none", "zzqx"],
      ],
      extra: [["search + status", "q=wedding&status=approved"]],
    }),
    {
      screen: "Quotations",
      label: "panel: a pending quotation",
      url: `/admin/quotations?view=${pendingId}`,
      loaders: quotationsPage,
      as: "admin",
    },
    {
      screen: "Quotations",
      label: "panel: an approved 3-day rental",
      url: `/admin/quotations?view=${approvedId}`,
      loaders: quotationsPage,
      as: "admin",
    },
    // The panel's "Add a product" search, as staff type: a common word, a rare one, none.
    ...[
      ["common", "led par"],
      ["rare", "vintage brass"],
      ["none", "zzqx"],
    ].map(([kind, q]) => ({
      screen: "Quotations",
      label: `panel: product search, ${kind} ("${q}")`,
      url: `/admin/quotations/product-options?q=${encodeURIComponent(q!)}`,
      loaders: productOptions,
      as: "admin" as const,
    })),
    {
      screen: "Availability",
      label: "this month",
      url: "/admin/quotations/availability",
      loaders: availability,
      as: "admin",
    },
    {
      screen: "Availability",
      label: "next month",
      url: `/admin/quotations/availability?month=${nextMonth.toISOString().slice(0, 7)}`,
      loaders: availability,
      as: "admin",
    },
    {
      screen: "Availability",
      label: "this month, page 1000",
      url: `/admin/quotations/availability?page=1000`,
      loaders: availability,
      as: "admin",
    },
    ...listCases("Inventory", "/admin/inventory", INVENTORY_LIST, await page(import("../app/routes/admin/inventory")), {
      searches: [
        ["common", "wedding"],
        ["rare", "heirloom"],
        ["none", "zzqx"],
      ],
    }),
    ...listCases("Employees", "/admin/employees", EMPLOYEE_LIST, await page(import("../app/routes/admin/employees")), {
      searches: [
        ["common", "Rahman"],
        ["rare", "employee1234@"],
      ],
    }),
    {
      screen: "Teams",
      label: "all",
      url: "/admin/employees/teams",
      loaders: await page(import("../app/routes/admin/teams")),
      as: "admin",
    },
    ...listCases("Tasks", "/admin/tasks", TASK_LIST, await page(import("../app/routes/admin/tasks")), {
      extra: [["team = the first", `team=${teamId}`]],
    }),
    ...listCases("Leave", "/admin/leaves", LEAVE_LIST, await page(import("../app/routes/admin/leaves"))),
    ...listCases("Events", "/admin/events", EVENT_LIST, await page(import("../app/routes/admin/events")), {
      searches: [["common", "wedding"]],
    }),
    ...listCases("Inbox", "/admin/inbox", INBOX_LIST, await page(import("../app/routes/admin/inbox/list")), {
      searches: [
        ["common", "stage"],
        ["rare", "visitor1234@"],
      ],
    }),
    ...listCases("Outbox", "/admin/outbox", OUTBOX_LIST, await page(import("../app/routes/admin/outbox/list")), {
      searches: [
        ["common", "customer12"],
        ["rare", "quotation 99999"],
      ],
    }),
    ...listCases("Audit log", "/admin/audit", AUDIT_LIST, await page(import("../app/routes/admin/audit")), {
      searches: [
        ["common", "inventory"],
        ["rare", "change 99999 "],
      ],
      extra: [
        ["user = the administrator", `user=${adminId}`],
        ["action = quotation.sent", "action=quotation.sent"],
        ["from + to (10 days)", `from=${auditFrom}&to=${auditTo}`],
      ],
    }),
    {
      screen: "Users",
      label: "all",
      url: "/admin/settings/users",
      loaders: await page(import("../app/routes/admin/settings/users")),
      as: "admin",
    },
    ...listCases(
      "Customer dashboard",
      "/customer/dashboard",
      CUSTOMER_QUOTATION_LIST,
      [customerLayout, (await import("../app/routes/customer/dashboard")).loader],
      { as: "customer" },
    ),
    {
      screen: "Customer quotation",
      label: "a sent quotation",
      url: `/customer/quotation/${customerQuotationId}`,
      loaders: [customerLayout, (await import("../app/routes/customer/quotation")).loader],
      as: "customer",
      params: { id: customerQuotationId! },
    },
  ];
}

// ------------------------------------------------------------------------------------------- timing

const cookies: Record<Case["as"], string> = { admin: "", customer: "" };

// ------------------------------------------------------------------------------------------- run

let failed = false;
try {
  database = await bench.open();
  setDatabase(database);
  const kind = database.kind === "postgres" ? "PostgreSQL" : "PGlite";
  console.log(`database: ${bench.describe()}`);
  if (!reuse) {
    await runMigrations(database);
    await seed();
    // What autovacuum does on PostgreSQL after a bulk load (PGlite has none: see the README).
    await raw("vacuum analyze");
  }
  cookies.admin = await signIn(ADMIN_EMAIL, PASSWORD, "staff");
  cookies.customer = await signIn(CUSTOMER_EMAIL, PASSWORD, "customer");
  bench.captureQueries();

  const cases = (await buildCases()).filter((c) => !only || `${c.screen} ${c.label}`.toLowerCase().includes(only));
  console.log(
    `\n${kind}, ${QUOTATIONS.toLocaleString("en-US")} quotations (scale ${SCALE}): server time of the loaders, ` +
      `median and p95 of ${RUNS} runs after ${WARMUPS} warm-ups (bar: median under ${BAR_MS} ms)\n`,
  );
  const slow = await timeCases(
    { runs: RUNS, warmups: WARMUPS, capture: bench.capture, raw },
    cases.map((c) => ({ ...c, cookie: cookies[c.as] })),
    { barMs: BAR_MS, explain },
  );
  failed = slow.length > 0;
} finally {
  await bench.cleanUp();
}
process.exit(failed ? 1 : 0);
