// PostgreSQL's errors as the code sees them, however deep the driver (postgres.js, PGlite) or drizzle wrapped them.

interface PgError {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  message?: unknown;
}

/** The PostgreSQL error inside `error`'s chain of causes with this SQLSTATE, or null. */
function pgErrorWithCode(error: unknown, code: string): PgError | null {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as PgError).code === code) return e as PgError;
  return null;
}

/**
 * A unique_violation (23505); with `constraint`, only one of that constraint (or, where the driver names none,
 * one whose message names it).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgErrorWithCode(error, "23505");
  if (!e) return false;
  if (!constraint) return true;
  const named = e.constraint ?? e.constraint_name;
  if (typeof named === "string") return named === constraint || named.includes(constraint);
  return typeof e.message === "string" && e.message.includes(constraint);
}

/**
 * The name of the constraint a PostgreSQL error in `error`'s chain of causes reports (a check, a unique index, a
 * foreign key, or one of the book's triggers, which raise with CONSTRAINT = their rule's name), or null.
 */
export function violatedConstraint(error: unknown): string | null {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const named = (e as PgError).constraint ?? (e as PgError).constraint_name;
    if (typeof (e as PgError).code === "string" && typeof named === "string") return named;
  }
  return null;
}
