// Run by scripts/e2e.mjs before the shared e2e server starts (DATA_DIR, ADMIN_* in the environment):
// migrate, seed, then add the fixtures of fixtures.ts.
import { openDatabase } from "../../../app/db/client.server";
import { runMigrations } from "../../../app/db/migrate.server";
import { events } from "../../../app/db/schema";
import { seedDatabase } from "../../../app/db/seed/seed.server";
import { loadEnv } from "../../../app/lib/env.server";
import { createPasswordUser } from "../../../app/domain/auth/users.server";
import { dhakaDatePlus, E2E_SPARE_USERS, E2E_USERS, UPCOMING_EVENTS } from "./fixtures";

const env = loadEnv();
const database = await openDatabase(env);
try {
  await runMigrations(database);
  // Seeded as of 1 January 2024: the sample events keep the spec's own 2023-2024 dates (all past now), and
  // the upcoming events the specs need come from the fixtures below. A fresh install's own dating is
  // tested in events.spec.ts with a server of its own.
  await seedDatabase(database.db, {
    adminEmail: env.adminEmail,
    adminPassword: env.adminPassword,
    today: "2024-01-01",
  });
  await database.db
    .insert(events)
    .values(
      UPCOMING_EVENTS.map((e) => ({
        slug: e.slug,
        title: e.title,
        description: e.description,
        date: dhakaDatePlus(e.daysFromNow),
        time: e.time,
        location: e.location,
        imageUrl: e.image,
        images: [...e.images],
        status: "upcoming" as const,
        capacity: e.capacity,
      })),
    )
    .onConflictDoNothing();
  for (const role of ["staff", "accountant", "customer"] as const) {
    await createPasswordUser(database.db, { ...E2E_USERS[role], role });
  }
  await createPasswordUser(database.db, { ...E2E_SPARE_USERS.mustChange, role: "staff", mustChangePassword: true });
  await createPasswordUser(database.db, { ...E2E_SPARE_USERS.twoSessions, role: "staff" });
} finally {
  await database.close();
}
