import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inventoryItems } from "~/db/schema";
import { checkInJob } from "~/domain/jobs/check-in.server";
import { dispatchJob } from "~/domain/jobs/dispatch.server";
import { approvedJob, JOB_ACTOR, jobItem, jobPackage } from "../../../tests/support/job-fixtures";
import { availableUnitsOn, freeUnitsByDay, freeUnitsOn } from "./stock.server";

// Stock by date after a late return (issue 26): units a job sent out and has not checked in stay promised after the
// job's end date, in every function of the stock rule, until they are checked in; units checked in damaged to repair
// stay out until their repair date.

const START = "2027-08-10";
const END = "2027-08-12";
const AFTER = "2027-08-13";
const LATER = "2027-08-20";

async function everyCount(itemId: string, day: string) {
  const byDay = await freeUnitsByDay(getDb(), [itemId], { from: day, to: day });
  return { free: (await freeUnitsOn(getDb(), [itemId], day)).get(itemId), byDay: byDay[0]!.free };
}

describe("a late return", () => {
  it("keeps dispatched units out after the job's end until checked in; damaged to repair until the repair date", async () => {
    const mixer = await jobItem("Mixer", 5);
    const { job, lines } = await approvedJob([[mixer.id, 3]], { eventDate: START, rentalEndDate: END });
    expect(await everyCount(mixer.id, END)).toEqual({ free: 2, byDay: 2 });
    expect(await everyCount(mixer.id, AFTER)).toEqual({ free: 5, byDay: 5 });
    const availableBefore = await availableUnitsOn(getDb(), AFTER);

    await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "all" });
    // Within the period the quotation counts them once; after it, the units still out.
    expect(await everyCount(mixer.id, END)).toEqual({ free: 2, byDay: 2 });
    expect(await everyCount(mixer.id, AFTER)).toEqual({ free: 2, byDay: 2 });
    expect(await everyCount(mixer.id, LATER)).toEqual({ free: 2, byDay: 2 });
    expect(await availableUnitsOn(getDb(), AFTER)).toBe(availableBefore - 3);
    // The range query spreads them over every day after the end, and none before the start.
    const range = await freeUnitsByDay(getDb(), [mixer.id], { from: "2027-08-09", to: "2027-08-14" });
    expect(range.map((r) => r.free)).toEqual([5, 2, 2, 2, 2, 2]);

    // One comes back: one more free.
    await checkInJob(getDb(), JOB_ACTOR, job.id, {
      mode: "lines",
      lines: [
        {
          lineId: lines[0]!.id,
          returned: 1,
          damaged: 0,
          lost: 0,
          outcome: null,
          repairDate: null,
          note: null,
          charge: null,
        },
      ],
    });
    expect(await everyCount(mixer.id, AFTER)).toEqual({ free: 3, byDay: 3 });

    // One damaged to the workshop until the 20th, the last one back: free again but for the one in repair.
    await checkInJob(getDb(), JOB_ACTOR, job.id, {
      mode: "lines",
      lines: [
        {
          lineId: lines[0]!.id,
          returned: 1,
          damaged: 1,
          lost: 0,
          outcome: "repair",
          repairDate: LATER,
          note: "Fader broken",
          charge: null,
        },
      ],
    });
    expect(await everyCount(mixer.id, AFTER)).toEqual({ free: 4, byDay: 4 });
    expect(await everyCount(mixer.id, LATER)).toEqual({ free: 5, byDay: 5 });
    expect(await availableUnitsOn(getDb(), AFTER)).toBe(availableBefore - 1);
    expect(await availableUnitsOn(getDb(), LATER)).toBe(availableBefore);
    const [row] = await getDb().select().from(inventoryItems).where(eq(inventoryItems.id, mixer.id));
    expect(row).toMatchObject({ unitsUnderRepair: 1, repairReturnDate: LATER });
  });

  it("a package's parts out late keep the package short too", async () => {
    const lamp = await jobItem("Spot Lamp", 4);
    const kit = await jobPackage("Spot Kit", 2, [[lamp.id, 2]]);
    const { job } = await approvedJob([[kit.id, 1]], { eventDate: START, rentalEndDate: END });
    await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "all" });
    expect(await everyCount(lamp.id, AFTER)).toEqual({ free: 2, byDay: 2 });
    expect(await everyCount(kit.id, AFTER)).toEqual({ free: 1, byDay: 1 });
    await checkInJob(getDb(), JOB_ACTOR, job.id, { mode: "all" });
    expect(await everyCount(kit.id, AFTER)).toEqual({ free: 2, byDay: 2 });
  });
});
