/** Whether an event is over as of `today` (YYYY-MM-DD in Dhaka): completed, or its date has passed. */
export function isPastEvent(event: { status: string; date: string }, today: string): boolean {
  return event.status === "completed" || event.date < today;
}

export type EventTab = "upcoming" | "past";
