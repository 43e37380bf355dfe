import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { companySettings } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { invalidatePublicData } from "~/lib/cache.server";
import { loader as privacyLoader } from "./privacy";
import { loader as termsLoader } from "./terms";

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe.each([
  ["/privacy", privacyLoader],
  ["/terms", termsLoader],
])("%s loader", (_, loader) => {
  it("names the company and its e-mail from the settings", async () => {
    expect((await loader()).company).toEqual({
      name: "Utsab Event Technologies",
      address: "House 42, Road 11, Block E, Banani, Dhaka 1213, Bangladesh",
      email: "info@utsabevents.com.bd",
      phone: "+880 1711-234567",
    });
  });

  it("follows a change of the settings, and falls back to the notification address without public e-mails", async () => {
    const db = getDb();
    const [saved] = await db.select().from(companySettings);
    try {
      await db.update(companySettings).set({ name: "Renamed Rentals Ltd", emails: [] });
      invalidatePublicData();
      const { company } = await loader();
      expect(company.name).toBe("Renamed Rentals Ltd");
      expect(company.email).toBe("bookings@utsabevents.com.bd");
    } finally {
      await db.update(companySettings).set({ name: saved!.name, emails: saved!.emails });
      invalidatePublicData();
    }
  });
});
