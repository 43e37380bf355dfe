// A job's lines are reached only through their own job (issue 26): posting job B's line ids to job A's dispatch or
// check-in is refused as a line not found, and writes nothing to either job.
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { approvedJob, JOB_ACTOR, JOB_TABLES, jobItem } from "../../../tests/support/job-fixtures";
import { checkInJob } from "./check-in.server";
import { dispatchJob } from "./dispatch.server";
import { checkInField, dispatchField, JOB_MESSAGES } from "./job-forms";

describe("another job's lines", () => {
  it("cannot be dispatched or checked in through this job", async () => {
    const light = await jobItem("Cross Light", 20);
    const a = await approvedJob([[light.id, 2]]);
    const b = await approvedJob([[light.id, 3]]);
    await dispatchJob(getDb(), JOB_ACTOR, b.job.id, { mode: "all" });
    const lineOfB = b.lines[0]!.id;
    const before = await tableFingerprint(JOB_TABLES);

    expect(
      await dispatchJob(getDb(), JOB_ACTOR, a.job.id, {
        mode: "lines",
        quantities: [{ lineId: lineOfB, quantity: 1 }],
      }),
    ).toMatchObject({ ok: false, errors: { [dispatchField(lineOfB)]: JOB_MESSAGES.lineNotFound } });
    expect(await tableFingerprint(JOB_TABLES)).toEqual(before);
    // Job A has nothing out; B's units out are not A's to check in.
    await dispatchJob(getDb(), JOB_ACTOR, a.job.id, { mode: "all" });
    const afterDispatch = await tableFingerprint(JOB_TABLES);
    expect(
      await checkInJob(getDb(), JOB_ACTOR, a.job.id, {
        mode: "lines",
        lines: [
          {
            lineId: lineOfB,
            returned: 1,
            damaged: 0,
            lost: 0,
            outcome: null,
            repairDate: null,
            note: null,
            charge: null,
          },
        ],
      }),
    ).toMatchObject({ ok: false, errors: { [checkInField("returned", lineOfB)]: JOB_MESSAGES.lineNotFound } });
    expect(await tableFingerprint(JOB_TABLES)).toEqual(afterDispatch);
  });
});
