import { randomInt } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { DbOrTx } from "../../db/client.server";
import { accounts, users } from "../../db/schema";
import type { UserRole } from "./roles";

// No look-alike characters (0/O, 1/l/I), so a password read off a terminal is typed right the first time.
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

export function generatePassword(length = 16): string {
  let out = "";
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/**
 * Creates a user who signs in with e-mail and password, stored the way better-auth stores its own
 * (a "credential" account holding the library's password hash), so the sign-in screens accept it.
 */
export async function createPasswordUser(
  db: DbOrTx,
  input: { name: string; email: string; password: string; role: UserRole; mustChangePassword?: boolean },
): Promise<{ id: string }> {
  const [user] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      emailVerified: true,
      role: input.role,
      mustChangePassword: input.mustChangePassword ?? false,
    })
    .returning({ id: users.id });
  await db.insert(accounts).values({
    userId: user!.id,
    accountId: user!.id,
    providerId: "credential",
    password: await hashPassword(input.password),
  });
  return user!;
}
