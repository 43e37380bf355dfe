import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { events } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { invalidatePublicData } from "~/lib/cache.server";
import type { Route } from "./+types/events";
import { loader } from "./events";
import { createRequestContext } from "~/lib/request-context";

// The /events loader: the tab from ?tab=, and "upcoming" judged against today in Dhaka, not UTC.

async function load(query = "") {
  return loader({
    request: new Request(`http://localhost/events${query}`),
    params: {},
    context: createRequestContext(),
  } as unknown as Route.LoaderArgs);
}

const row = (slug: string, date: string, status: "upcoming" | "completed" = "upcoming") => ({
  slug,
  title: `Event ${slug}`,
  description: "A test event.",
  date,
  location: "Somewhere, Dhaka",
  status,
});

beforeAll(async () => {
  // As if first started on 1 January 2024: the sample events keep the spec's own dates (2023-2024).
  await seedDatabase(getDb(), { today: "2024-01-01" });
});

afterEach(() => {
  vi.useRealTimers();
  invalidatePublicData();
});

describe("/events loader", () => {
  it("lists the upcoming tab by default; on the seed alone it is empty (its upcoming events are dated 2024)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-01T06:00:00Z") });
    for (const query of ["", "?tab=upcoming", "?tab=nonsense"]) {
      const result = await load(query);
      expect(result.tab).toBe("upcoming");
      expect(result.events).toEqual([]);
    }
  });

  it("lists past events (completed, or still marked upcoming but dated before today) latest first", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-01T06:00:00Z") });
    const result = await load("?tab=past");
    expect(result.tab).toBe("past");
    expect(result.events.map((e) => [e.slug, e.date, e.status])).toEqual([
      ["annual-tech-summit-2024", "2024-12-15", "upcoming"],
      ["wedding-expo-dhaka", "2024-08-25", "upcoming"],
      ["music-festival-coxs-bazar", "2024-07-10", "upcoming"],
      ["corporate-gala-night", "2023-11-12", "completed"],
      ["product-launch-smartphone", "2023-10-28", "completed"],
    ]);
    // Every card of the tab says Completed, those still marked upcoming included.
    expect(result.events.every((e) => e.past)).toBe(true);
    // What a card needs is there.
    expect(result.events[0]).toMatchObject({
      title: "Annual Tech Summit 2024",
      location: "International Convention City Bashundhara, Kuril, Dhaka",
      imageUrl: "/images/events/annual-tech-summit-2024-1.webp",
    });
  });

  it("judges today in Dhaka: at 20:00 UTC on the 10th it is already the 11th in Dhaka", async () => {
    await getDb()
      .insert(events)
      .values([
        row("dhaka-today", "2030-03-11"),
        row("dhaka-yesterday", "2030-03-10"),
        row("later", "2030-04-02"),
        row("done-in-future", "2030-05-01", "completed"),
      ]);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-03-10T20:00:00Z") });

    const upcoming = await load();
    expect(upcoming.today).toBe("2030-03-11");
    // Soonest first; today's event is still upcoming, yesterday's (today in UTC) is not.
    expect(upcoming.events.map((e) => e.slug)).toEqual(["dhaka-today", "later"]);
    expect(upcoming.events.map((e) => e.past)).toEqual([false, false]);

    const past = await load("?tab=past");
    const slugs = past.events.map((e) => e.slug);
    expect(slugs.slice(0, 2)).toEqual(["done-in-future", "dhaka-yesterday"]);
    expect(slugs).not.toContain("dhaka-today");
    expect(slugs).toContain("corporate-gala-night");
    expect(past.events.every((e) => e.past)).toBe(true);

    await getDb().delete(events);
  });
});
