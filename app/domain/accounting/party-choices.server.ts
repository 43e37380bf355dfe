import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { chartOfAccounts, customers, employees, suppliers } from "../../db/schema";
import type { ControlPartyKind, PartyKind } from "./constants";
import { partyValue } from "./journal";

// The parties a control account's line may name (issue 36), for the pickers of the General Ledger's lines and of a
// bank transaction: live customers and suppliers (not merged away) and employees (a former one still owed a salary
// is offered too), by name. The value is journal.ts's partyValue, read back by parsePartyValue.

export interface PartyChoice {
  value: string;
  kind: PartyKind;
  name: string;
  /** What tells two of one name apart: the organisation or e-mail. */
  detail: string | null;
}

/** The parties of `kinds` ("any": all three), customers first, each kind by name. */
export async function partyChoices(db: DbOrTx, kinds: readonly ControlPartyKind[]): Promise<PartyChoice[]> {
  const wanted = new Set<PartyKind>(
    kinds.flatMap((k) => (k === "any" ? (["customer", "supplier", "employee"] as const) : [k])),
  );
  const choices: PartyChoice[] = [];
  if (wanted.has("customer")) {
    const rows = await db
      .select({ id: customers.id, name: customers.name, organisation: customers.organisation, email: customers.email })
      .from(customers)
      .where(isNull(customers.mergedIntoId))
      .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id));
    for (const r of rows)
      choices.push({
        value: partyValue({ kind: "customer", id: r.id }),
        kind: "customer",
        name: r.name,
        detail: r.organisation || r.email || null,
      });
  }
  if (wanted.has("supplier")) {
    const rows = await db
      .select({ id: suppliers.id, name: suppliers.name, email: suppliers.email })
      .from(suppliers)
      .where(isNull(suppliers.mergedIntoId))
      .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));
    for (const r of rows)
      choices.push({
        value: partyValue({ kind: "supplier", id: r.id }),
        kind: "supplier",
        name: r.name,
        detail: r.email,
      });
  }
  if (wanted.has("employee")) {
    const rows = await db
      .select({ id: employees.id, name: employees.name, department: employees.department })
      .from(employees)
      .orderBy(asc(sql`lower(${employees.name})`), asc(employees.id));
    for (const r of rows)
      choices.push({
        value: partyValue({ kind: "employee", id: r.id }),
        kind: "employee",
        name: r.name,
        detail: r.department,
      });
  }
  return choices;
}

/** The control accounts' party kinds by account id: which lines of a form need a party, and of which kind. */
export async function controlAccountKinds(db: DbOrTx): Promise<Record<string, ControlPartyKind>> {
  const rows = await db
    .select({ id: chartOfAccounts.id, partyKind: chartOfAccounts.partyKind })
    .from(chartOfAccounts)
    .where(and(sql`${chartOfAccounts.partyKind} is not null`, eq(chartOfAccounts.isActive, true)));
  return Object.fromEntries(rows.map((r) => [r.id, r.partyKind!]));
}
