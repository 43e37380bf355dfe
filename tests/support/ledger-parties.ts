import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { chartOfAccounts, customers, employees, suppliers } from "~/db/schema";
import type { PartyKind } from "~/domain/accounting/constants";
import type { EntryLine, PartyRef } from "~/domain/accounting/journal";

// Fixtures whose entries are about balances, not people, still post to control accounts (issue 36): each such line
// is given a fixture party of its account's kind, the same records every time in a database (the first, or one of
// FIXTURE_PARTIES_PER_KIND picked by number, so a run spreads its lines over several parties).

/** How many fixture parties of each kind `withFixtureParties` spreads lines over when given a pick. */
export const FIXTURE_PARTIES_PER_KIND = 3;

const NAMES: Record<PartyKind, string> = {
  customer: "Fixture Customer",
  supplier: "Fixture Supplier",
  employee: "Fixture Employee",
};

/** The database's fixture customer, supplier or employee (the `index`th), added the first time it is asked for. */
export async function fixtureParty(db: DbOrTx, kind: PartyKind, index = 0): Promise<PartyRef> {
  const name = index === 0 ? NAMES[kind] : `${NAMES[kind]} ${index + 1}`;
  if (kind === "customer") {
    const [found] = await db.select({ id: customers.id }).from(customers).where(eq(customers.name, name)).limit(1);
    const id = found?.id ?? (await db.insert(customers).values({ name }).returning({ id: customers.id }))[0]!.id;
    return { kind, id };
  }
  if (kind === "supplier") {
    const [found] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, name)).limit(1);
    const id = found?.id ?? (await db.insert(suppliers).values({ name }).returning({ id: suppliers.id }))[0]!.id;
    return { kind, id };
  }
  const [found] = await db.select({ id: employees.id }).from(employees).where(eq(employees.name, name)).limit(1);
  const id =
    found?.id ??
    (
      await db
        .insert(employees)
        .values({
          name,
          email: index === 0 ? "fixture.employee@staff.test" : `fixture.employee.${index + 1}@staff.test`,
          position: "Engineer",
          department: "Operations",
          joiningDate: "2023-01-01",
          salary: "30000",
        })
        .returning({ id: employees.id })
    )[0]!.id;
  return { kind, id };
}

/**
 * `lines` with each control account's line that names no party given a fixture party of its kind: the first, or,
 * given `pick`, line i the ((pick + i) mod FIXTURE_PARTIES_PER_KIND)th.
 */
export async function withFixtureParties(db: DbOrTx, lines: EntryLine[], pick?: number): Promise<EntryLine[]> {
  const ids = [...new Set(lines.map((l) => l.accountId))];
  const kinds = new Map(
    (
      await db
        .select({ id: chartOfAccounts.id, partyKind: chartOfAccounts.partyKind })
        .from(chartOfAccounts)
        .where(inArray(chartOfAccounts.id, ids))
    ).map((a) => [a.id, a.partyKind]),
  );
  const named: EntryLine[] = [];
  for (const [i, line] of lines.entries()) {
    const kind = kinds.get(line.accountId);
    const index = pick === undefined ? 0 : (pick + i) % FIXTURE_PARTIES_PER_KIND;
    if (!kind || line.party) named.push(line);
    else named.push({ ...line, party: await fixtureParty(db, kind === "any" ? "supplier" : kind, index) });
  }
  return named;
}
