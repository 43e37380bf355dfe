import pg from "pg";

// What the fuzz (issue 38) compares before and after a refused request: the number of rows of every table of the
// database, in one statement. Row counts, as the issue asks: a refusal that added or removed a row anywhere shows.

export interface RowCounter {
  counts(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export async function rowCounter(databaseUrl: string): Promise<RowCounter> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const tables = rows.map((r) => r.name);
  // One union rather than one json_build_object: a function takes at most 100 arguments, and there are more tables.
  const statement = tables.map((t) => `select '${t}' as name, count(*)::int as count from "${t}"`).join(" union all ");
  return {
    async counts() {
      const result = await client.query<{ name: string; count: number }>(statement);
      return new Map(result.rows.map((r) => [r.name, r.count]));
    },
    close: () => client.end(),
  };
}

/** The tables whose row count differs, as "table +n". */
export function countChanges(before: Map<string, number>, after: Map<string, number>): string[] {
  const changes: string[] = [];
  for (const [table, count] of after) {
    const was = before.get(table) ?? 0;
    if (count !== was) changes.push(`${table} ${count > was ? "+" : ""}${count - was}`);
  }
  return changes;
}
