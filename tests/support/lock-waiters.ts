import { getDatabase } from "../../app/db/client.server";

/**
 * Waits until at least `n` sessions of this test database wait on a lock (PostgreSQL only): how a concurrency test
 * knows the transactions it started are really queued behind the row its blocker connection holds.
 */
export async function lockWaiters(n: number): Promise<void> {
  const pool = getDatabase().pool;
  if (!pool) throw new Error("lockWaiters needs PostgreSQL");
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
