import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { events } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import type { Route } from "./+types/event";
import { loader } from "./event";
import { createRequestContext } from "~/lib/request-context";

// The /events/{id} loader: the event with its pictures and capacity, past or not as of today in Dhaka, and a
// 404 answer (with the page's own not-found view) for an unknown id.

interface Loaded {
  data: Awaited<ReturnType<typeof loader>>["data"];
  init: ResponseInit | null;
}

async function load(slug: string): Promise<Loaded> {
  const result = await loader({
    request: new Request(`http://localhost/events/${slug}`),
    params: { slug },
    context: createRequestContext(),
  } as unknown as Route.LoaderArgs);
  return result as unknown as Loaded;
}

beforeAll(async () => {
  // As if first started on 1 January 2024: the sample events keep the spec's own dates (2023-2024).
  await seedDatabase(getDb(), { today: "2024-01-01" });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("/events/{id} loader", () => {
  it("returns a seed event with its pictures and capacity; dated 2024, it is past although marked upcoming", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-01T06:00:00Z") });
    const { data, init } = await load("annual-tech-summit-2024");
    expect(init?.status ?? 200).toBe(200);
    expect(data.past).toBe(true);
    expect(data.event).toMatchObject({
      slug: "annual-tech-summit-2024",
      title: "Annual Tech Summit 2024",
      date: "2024-12-15",
      status: "upcoming",
      location: "International Convention City Bashundhara, Kuril, Dhaka",
      capacity: 1500,
      imageUrl: "/images/events/annual-tech-summit-2024-1.webp",
      images: ["/images/events/annual-tech-summit-2024-1.webp", "/images/events/annual-tech-summit-2024-2.webp"],
    });
    expect(data.event?.time).toMatch(/^09:00/);
  });

  it("an upcoming event dated today in Dhaka is not past", async () => {
    await getDb().insert(events).values({
      slug: "tonight",
      title: "Tonight",
      description: "Tonight's show.",
      date: "2030-03-11",
      location: "Dhaka",
      status: "upcoming",
      capacity: null,
    });
    // 20:00 UTC on the 10th is 02:00 on the 11th in Dhaka.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-03-10T20:00:00Z") });
    const { data } = await load("tonight");
    expect(data.past).toBe(false);
    expect(data.event).toMatchObject({ capacity: null, images: [], imageUrl: null });
    await getDb().delete(events).where(eq(events.slug, "tonight"));
  });

  it("answers an unknown id with 404 and no event", async () => {
    const { data, init } = await load("no-such-event");
    expect(init?.status).toBe(404);
    expect(data.event).toBeNull();
  });
});
