import pg from "pg";

// A PostgreSQL database of a test's or benchmark's own, made on the server at `serverUrl` and dropped after.

export interface FreshDatabase {
  /** The URL of the new database. */
  url: string;
  drop(): Promise<void>;
}

/** Null when no server answers at `serverUrl`. */
export async function createFreshDatabase(serverUrl: string, prefix: string): Promise<FreshDatabase | null> {
  const admin = new pg.Client({ connectionString: serverUrl });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) return null;
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
