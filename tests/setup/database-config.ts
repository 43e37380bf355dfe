/** What the global set-up hands each integration test file: where its template database is. */
export type TestDatabaseConfig =
  { kind: "pglite"; dumpFile: string } | { kind: "postgres"; url: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseConfig;
  }
}

/** The same server URL with another database name. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
