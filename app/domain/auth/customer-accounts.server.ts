import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { createPasswordUser, generatePassword } from "./users.server";

// The customer's portal account (DESIGN §6): made the first time a quotation is sent to an e-mail address that
// has no user yet, with a generated password the sending e-mail carries and must_change_password set, so the
// portal works end to end. An address that already has a user keeps it untouched: a customer's own password is
// never reset by a send, and a back-office user's address gets no customer account (the e-mailed link still
// opens the quotation).

export interface CustomerAccount {
  userId: string;
  /** The generated password of an account made now; null when the address already had a user. */
  password: string | null;
  /** False when the address belongs to a back-office user, who cannot sign in to the portal with it. */
  isCustomer: boolean;
}

/**
 * The user of `email` (compared without regard to case), made as a customer when there is none. Call it inside
 * the sending transaction: it takes a lock on the address for the rest of that transaction, so two sends to one
 * new address at once make one account, not a unique-key failure.
 */
export async function ensureCustomerAccount(
  db: DbOrTx,
  input: { email: string; name: string },
): Promise<CustomerAccount> {
  const email = input.email.trim().toLowerCase();
  await queryRows(db, sql`select pg_advisory_xact_lock(hashtextextended(${`customer-account:${email}`}, 0))`);
  const [existing] = await queryRows<{ id: string; role: string }>(
    db,
    sql`select id, role from users where lower(email) = ${email} limit 1`,
  );
  if (existing) return { userId: existing.id, password: null, isCustomer: existing.role === "customer" };
  const password = generatePassword();
  const user = await createPasswordUser(db, {
    name: input.name.trim() || email,
    email,
    password,
    role: "customer",
    mustChangePassword: true,
  });
  return { userId: user.id, password, isCustomer: true };
}
