import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { companySettings, events, heroImages } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { invalidatePublicData } from "~/lib/cache.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { loader as layoutLoader } from "./layout";
import { loader } from "./home";

beforeAll(async () => {
  // As if first started on 1 January 2024: the sample events keep the spec's own dates (2023-2024).
  await seedDatabase(getDb(), { today: "2024-01-01" });
});

describe("home loader", () => {
  it("reads the company, hero images, featured products and stories from the database", async () => {
    const data = await loader();
    expect(data.company.name).toBe("Utsab Event Technologies");
    expect(data.heroImages.map((h) => h.imageUrl)).toEqual([1, 2, 3, 4].map((n) => `/images/hero/hero-${n}.webp`));
    expect(data.featured.map((p) => p.slug)).toEqual(["led-wall-p3", "moving-head-beam", "line-array-sound"]);
    expect(data.featured[0]).toMatchObject({ price: "5000.00", priceUnit: "sqm/day" });
    // The seed's events marked upcoming are dated 2024: past by now, so only the completed ones are stories.
    expect(data.upcoming).toEqual([]);
    expect(data.stories.map((e) => e.slug)).toEqual(["corporate-gala-night", "product-launch-smartphone"]);
  });

  it("lists at most three upcoming events, soonest first, judged by today's date in Dhaka", async () => {
    const today = todayInDhaka();
    const plus = (days: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const rows = [0, 30, 10, 60].map((days) => ({
      slug: `soon-${days}`,
      title: `In ${days} days`,
      description: "d",
      date: plus(days),
      location: "Dhaka",
      status: "upcoming" as const,
    }));
    await getDb().insert(events).values(rows);
    invalidatePublicData();
    const data = await loader();
    expect(data.upcoming.map((e) => e.slug)).toEqual(["soon-0", "soon-10", "soon-30"]);
  });

  it("shows what an admin changes at once (the public cache is cleared)", async () => {
    await loader();
    await getDb().update(companySettings).set({ tagline: "New tagline" });
    await getDb().update(heroImages).set({ alt: "Changed" }).where(eq(heroImages.sortOrder, 0));
    invalidatePublicData();
    const data = await loader();
    expect(data.company.tagline).toBe("New tagline");
    expect(data.heroImages[0]!.alt).toBe("Changed");
  });
});

describe("home loader on a fresh install", () => {
  it("shows the seed's three upcoming events and its two completed ones as success stories", async () => {
    const db = getDb();
    await db.delete(events);
    await seedDatabase(db);
    invalidatePublicData();
    const data = await loader();
    expect(data.upcoming.map((e) => e.slug)).toEqual(
      expect.arrayContaining(["annual-tech-summit-2024", "wedding-expo-dhaka", "music-festival-coxs-bazar"]),
    );
    expect(data.upcoming).toHaveLength(3);
    expect(data.stories.map((e) => e.slug)).toEqual(["corporate-gala-night", "product-launch-smartphone"]);
  });

  it("shows only the latest completed events as stories, however many there are", async () => {
    const db = getDb();
    const rows = Array.from({ length: 20 }, (_, i) => ({
      slug: `story-${i}`,
      title: `Story ${i}`,
      description: "d",
      date: `2020-01-${String(i + 1).padStart(2, "0")}`,
      location: "Dhaka",
      status: "completed" as const,
    }));
    await db.insert(events).values(rows);
    invalidatePublicData();
    const data = await loader();
    expect(data.stories).toHaveLength(8);
    expect(data.stories[0]!.slug).toBe("corporate-gala-night");
  });
});

describe("storefront layout loader", () => {
  it("gives the header and footer the company details and logos in order", async () => {
    const data = await layoutLoader();
    expect(data.logos.map((l) => l.imageUrl)).toEqual([
      "/images/logos/utsab-mark.webp",
      "/images/logos/utsab-wordmark.webp",
    ]);
    expect(data.company.phones[0]).toBe("+880 1711-234567");
    expect(data.company.socialLinks.facebook).toBe("https://www.facebook.com/utsabevents");
  });
});
