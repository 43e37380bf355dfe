import { execFileSync } from "node:child_process";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { assertToolMatchesServer, PgToolError, toolMajorVersion } from "./pg-tools.server";

// The dump must be made by the server's own major version of pg_dump: a stand-in pool plays servers of other versions.
const installed = (() => {
  try {
    return Number(/\(PostgreSQL\) (\d+)/.exec(execFileSync("pg_dump", ["--version"], { encoding: "utf8" }))![1]);
  } catch {
    return undefined;
  }
})();

function serverOf(versionNum: number, version: string): pg.Pool {
  return { query: async () => ({ rows: [{ num: String(versionNum), version }] }) } as unknown as pg.Pool;
}

describe.runIf(installed)("pg_dump against the server's version", () => {
  it("reads the client's major version", async () => {
    expect(await toolMajorVersion("pg_dump")).toBe(installed);
  });

  it("accepts a server of the same major version and answers its version", async () => {
    await expect(assertToolMatchesServer("pg_dump", serverOf(installed! * 10_000 + 7, `${installed}.7`))).resolves.toBe(
      `${installed}.7`,
    );
  });

  it.each([1, -1])("refuses a server %i major version away, naming the client to install", async (delta) => {
    const major = installed! + delta;
    const attempt = assertToolMatchesServer("pg_dump", serverOf(major * 10_000 + 2, `${major}.2`));
    await expect(attempt).rejects.toBeInstanceOf(PgToolError);
    await expect(attempt).rejects.toThrow(
      `pg_dump is PostgreSQL ${installed}'s but the server is PostgreSQL ${major}.2: install postgresql-client-${major}`,
    );
  });
});
