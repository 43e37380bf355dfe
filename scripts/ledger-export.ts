// `npm run ledger:export [-- <file>]`: the posted ledger as an hledger journal, to the file (or standard output),
// for an independent check with hledger (e.g. `hledger -f ledger.journal balance`). Streams: any size of ledger.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { openDatabase } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { writeHledgerJournal } from "../app/domain/accounting/hledger.server";
import { runScript } from "./script-env";

await runScript(async (env) => {
  const file = process.argv[2];
  const database = await openDatabase(env);
  const out: Writable = file ? createWriteStream(file) : process.stdout;
  try {
    await runMigrations(database);
    await writeHledgerJournal(database.db, async (chunk) => {
      if (!out.write(chunk)) await once(out, "drain");
    });
  } finally {
    await database.close();
    if (file) {
      out.end();
      await once(out, "finish");
      console.error(`Ledger written to ${file}`);
    }
  }
});
