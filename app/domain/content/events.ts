/** Whether an event is over as of `today` (YYYY-MM-DD in Dhaka): completed, or its date has passed. */
export function isPastEvent(event: { status: string; date: string }, today: string): boolean {
  return event.status === "completed" || event.date < today;
}

/** Still marked upcoming although its day has gone (the storefront already lists it as past): to be completed. */
export function isDayPassed(event: { status: string; date: string }, today: string): boolean {
  return event.status === "upcoming" && event.date < today;
}

export type EventTab = "upcoming" | "past";

/** The pictures of an event's page: its cover first, then its photos, each once. */
export function eventPictures(event: { images: readonly string[]; imageUrl: string | null }): string[] {
  return [...new Set([...(event.imageUrl ? [event.imageUrl] : []), ...event.images])];
}
