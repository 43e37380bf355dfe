// `npm run db:seed:demo`: about three months of the company's books, ending today, posted through the screens' own
// use cases (app/db/seed/demo-books.server.ts), so every accounting screen has something to show. Applies the
// migrations and the seed first. Refuses books that already have entries (a second run, or real books).
import { openDatabase } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { DemoBooksRefused, seedDemoBooks } from "../app/db/seed/demo-books.server";
import { seedDatabase } from "../app/db/seed/seed.server";
import { printAdminCredentials } from "../app/db/setup.server";
import { runScript } from "./script-env";

await runScript(async (env) => {
  const database = await openDatabase(env);
  try {
    await runMigrations(database);
    const seeded = await seedDatabase(database.db, { adminEmail: env.adminEmail, adminPassword: env.adminPassword });
    if (seeded.admin) printAdminCredentials(seeded.admin, env.publicUrl);
    const r = await seedDemoBooks(database.db);
    console.log(
      `Demo books posted to ${database.description}, ${r.from} to ${r.to}: ${r.transactions} transactions, ` +
        `${r.openItems} payables and receivables (${r.settlements} settlements), ${r.journals} journals, ${r.reversals} reversal; ` +
        `${r.sales.customers} customers, ${r.sales.quotations} approved quotations, ${r.sales.invoices} tax invoices, ` +
        `${r.sales.payments} customer payments, ${r.sales.creditNotes} credit note, ${r.sales.taxRecords} tax record`,
    );
  } catch (error) {
    if (!(error instanceof DemoBooksRefused)) throw error;
    console.error(`Error: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
});
