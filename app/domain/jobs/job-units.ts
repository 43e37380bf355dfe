import type { JobLineRow } from "../../db/schema";

// The counts of a job line, in one place (issue 26): what is out now, and what is still to send. The SQL forms for
// queries are in job-units.server.ts.

type LineCounts = Pick<JobLineRow, "quantity" | "dispatched" | "returned" | "damaged" | "lost" | "isPackage">;

/** Units of a line out now: sent, and not checked in (back, damaged or lost). */
export const unitsOut = (line: Pick<LineCounts, "dispatched" | "returned" | "damaged" | "lost">): number =>
  line.dispatched - line.returned - line.damaged - line.lost;

/** Units of a line still to send: none for a package's own line (its parts are sent). */
export const unitsToSend = (line: Pick<LineCounts, "quantity" | "dispatched" | "isPackage">): number =>
  line.isPackage ? 0 : Math.max(line.quantity - line.dispatched, 0);
