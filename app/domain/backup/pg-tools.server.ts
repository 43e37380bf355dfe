import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import type pg from "pg";

// Debian's postgresql-client: pg_dump, pg_restore and psql. The dump is taken by the client of the server's own
// major version: an older pg_dump refuses a newer server, and a newer one writes archives an older pg_restore
// cannot read.

const run = promisify(execFile);

export class PgToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PgToolError";
  }
}

/** The major version of the PostgreSQL server behind `pool` (150020 → 15). */
export async function serverMajorVersion(pool: pg.Pool): Promise<{ major: number; version: string }> {
  const { rows } = await pool.query<{ num: string; version: string }>(
    "select current_setting('server_version_num') as num, current_setting('server_version') as version",
  );
  const row = rows[0]!;
  return { major: Math.floor(Number(row.num) / 10_000), version: row.version };
}

/** The major version of a client tool (`pg_dump (PostgreSQL) 15.20 (Debian ...)` → 15). */
export async function toolMajorVersion(tool: "pg_dump" | "pg_restore" | "psql"): Promise<number> {
  let stdout: string;
  try {
    ({ stdout } = await run(tool, ["--version"]));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new PgToolError(
        `${tool} is not installed: install Debian's postgresql-client (apt-get install postgresql-client)`,
      );
    }
    throw error;
  }
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
  if (!match) throw new PgToolError(`cannot read ${tool}'s version from "${stdout.trim()}"`);
  return Number(match[1]);
}

/** Refuses a client whose major version is not the server's, saying which to install. */
export async function assertToolMatchesServer(tool: "pg_dump" | "psql", pool: pg.Pool): Promise<string> {
  const [server, client] = await Promise.all([serverMajorVersion(pool), toolMajorVersion(tool)]);
  if (server.major !== client) {
    throw new PgToolError(
      `${tool} is PostgreSQL ${client}'s but the server is PostgreSQL ${server.version}: install postgresql-client-${server.major} so the dump is the server's own`,
    );
  }
  return server.version;
}

/**
 * The connection for a client tool: the URL without its password (which would show in the process list) and the
 * password in PGPASSWORD.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** pg_dump's custom format of the whole database into `file`. */
export async function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  try {
    await run("pg_dump", ["--format=custom", "--no-password", `--file=${file}`, `--dbname=${dbname}`], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    throw new PgToolError(`pg_dump failed: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`);
  }
}

/**
 * Loads a custom-format dump into the database at `url` in one transaction: `before` (SQL) first, then what
 * pg_restore writes (without owners or grants: the restoring user owns everything, and the backup's roles need
 * not exist here). Any error rolls all of it back, so a failed restore leaves the database as it was.
 */
export async function pgRestore(url: string, file: string, before: string): Promise<void> {
  const { dbname, env } = connection(url);
  const restore = spawn("pg_restore", ["--no-owner", "--no-acl", "--file=-", file], { env });
  const psql = spawn(
    "psql",
    ["--no-psqlrc", "--quiet", "--no-password", "--single-transaction", "--set=ON_ERROR_STOP=1", `--dbname=${dbname}`],
    { env, stdio: ["pipe", "ignore", "pipe"] },
  );
  const errors = { restore: "", psql: "" };
  restore.stderr.on("data", (chunk: Buffer) => (errors.restore += chunk.toString()));
  psql.stderr.on("data", (chunk: Buffer) => (errors.psql += chunk.toString()));
  const exited = (child: ReturnType<typeof spawn>) =>
    new Promise<number>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code) => resolve(code ?? 1));
    });
  const restoreExit = exited(restore);
  const psqlExit = exited(psql);
  psql.stdin.on("error", () => {}); // psql stopping early is reported by its exit code
  psql.stdin.write(before);
  restore.stdout.pipe(psql.stdin);
  // psql stopped at an error: pg_restore would wait for ever on a pipe nobody reads.
  void psqlExit.then((code) => code !== 0 && restore.kill());
  const [restoreCode, psqlCode] = await Promise.all([restoreExit, psqlExit]);
  if (restoreCode !== 0 || psqlCode !== 0) {
    throw new PgToolError(`restoring the dump failed: ${(errors.psql || errors.restore).trim() || `exit ${psqlCode}`}`);
  }
}
