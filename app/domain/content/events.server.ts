import { and, asc, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { events } from "../../db/schema";
import { cachedPublicData } from "../../lib/cache.server";
import { isSlug } from "../../lib/slug";
import { srcSetsByUrl } from "../media/images.server";
import type { StoredImageRecord } from "../media/stored-image";

// Pure rules usable in the browser live in events.ts.
export { isPastEvent, type EventTab } from "./events";
import type { EventTab } from "./events";

/**
 * Upcoming: marked upcoming and dated today or later (today in Dhaka), soonest first. Past: completed, or
 * dated before today (an event still marked upcoming whose day has gone is over), latest first.
 */
function tabCondition(tab: EventTab, today: string) {
  return tab === "upcoming"
    ? and(eq(events.status, "upcoming"), gte(events.date, today))
    : or(eq(events.status, "completed"), lt(events.date, today));
}

/** An event card's picture: the cover, or else the first photo (SQL arrays count from 1). */
export const eventCardImage = sql<string | null>`coalesce(${events.imageUrl}, ${events.images}[1])`;

const cardColumns = {
  slug: events.slug,
  title: events.title,
  description: events.description,
  date: events.date,
  time: events.time,
  location: events.location,
  imageUrl: eventCardImage,
  status: events.status,
  uploadedImages: events.uploadedImages,
};

type CardRow = { imageUrl: string | null; uploadedImages: StoredImageRecord[] };

/** A card as the pages get it: the picture's srcset when it was uploaded, without the files' bookkeeping. */
function toCard<T extends CardRow>({ uploadedImages, ...row }: T) {
  const imageSrcSet = row.imageUrl ? srcSetsByUrl(uploadedImages)[row.imageUrl] : undefined;
  return { ...row, imageSrcSet: imageSrcSet ?? null };
}

export type EventCard = Awaited<ReturnType<typeof listEvents>>[number];

export function listEvents(db: DbOrTx, tab: EventTab, today: string, limit?: number) {
  return cachedPublicData(`events:${tab}:${today}:${limit ?? "all"}`, async () => {
    const query = db
      .select(cardColumns)
      .from(events)
      .where(tabCondition(tab, today))
      .orderBy(tab === "upcoming" ? asc(events.date) : desc(events.date), asc(events.title))
      .$dynamic();
    return (await (limit ? query.limit(limit) : query)).map(toCard);
  });
}

/** The latest completed events, for the home page's Success Stories. */
export function listSuccessStories(db: DbOrTx, limit: number) {
  return cachedPublicData(`events:stories:${limit}`, async () =>
    (
      await db
        .select(cardColumns)
        .from(events)
        .where(eq(events.status, "completed"))
        .orderBy(desc(events.date), asc(events.title))
        .limit(limit)
    ).map(toCard),
  );
}

/** One event by its public id (slug), or null; a string that cannot be a slug is not looked up. */
export async function getEvent(db: DbOrTx, slug: string) {
  if (!isSlug(slug)) return null;
  return cachedPublicData(`event:${slug}`, async () => {
    const [row] = await db
      .select({ ...cardColumns, images: events.images, capacity: events.capacity })
      .from(events)
      .where(eq(events.slug, slug))
      .limit(1);
    if (!row) return null;
    // Every uploaded picture's srcset, for the page's photos.
    return { ...toCard(row), srcSets: srcSetsByUrl(row.uploadedImages) };
  });
}

export function listEventSlugs(db: DbOrTx) {
  return db.select({ slug: events.slug, updatedAt: events.updatedAt }).from(events).orderBy(asc(events.slug));
}
