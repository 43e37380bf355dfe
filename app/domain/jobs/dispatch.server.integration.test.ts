import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/db/client.server";
import { auditLog, jobLines, jobMovements, jobs } from "~/db/schema";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { lockWaiters } from "../../../tests/support/lock-waiters";
import { approvedJob, JOB_ACTOR, JOB_TABLES, jobItem, jobPackage, linesOf } from "../../../tests/support/job-fixtures";
import { dispatchJob } from "./dispatch.server";
import { dispatchField, JOB_MESSAGES, parseDispatchForm } from "./job-forms";

async function statusOf(jobId: string) {
  const [row] = await getDb().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  return row!.status;
}

describe("dispatch", () => {
  it("sends chosen quantities, then everything left; movements, audit and status follow", async () => {
    const wall = await jobItem("LED Wall", 10);
    const speaker = await jobItem("Speaker", 6);
    const { job, lines } = await approvedJob([
      [wall.id, 4],
      [speaker.id, 2],
    ]);
    expect(job.status).toBe("planned");

    const partial = await dispatchJob(getDb(), JOB_ACTOR, job.id, {
      mode: "lines",
      quantities: [{ lineId: lines[0]!.id, quantity: 3 }],
    });
    expect(partial).toMatchObject({
      ok: true,
      units: 3,
      message: `3 units dispatched on JOB-${String(job.number).padStart(6, "0")}`,
    });
    expect((await linesOf(job.id)).map((l) => l.dispatched)).toEqual([3, 0]);
    expect(await statusOf(job.id)).toBe("out");

    const all = await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "all" });
    expect(all).toMatchObject({ ok: true, units: 3 });
    expect((await linesOf(job.id)).map((l) => l.dispatched)).toEqual([4, 2]);
    const moves = await getDb().select().from(jobMovements).where(eq(jobMovements.jobId, job.id));
    expect(moves.map((m) => [m.kind, m.quantity, m.actorLabel]).sort()).toEqual(
      [
        ["dispatched", 3, JOB_ACTOR.label],
        ["dispatched", 1, JOB_ACTOR.label],
        ["dispatched", 2, JOB_ACTOR.label],
      ].sort(),
    );
    const audits = await getDb().select().from(auditLog).where(eq(auditLog.entityId, job.id));
    expect(audits.map((a) => a.action)).toEqual(["job.dispatched", "job.dispatched"]);

    expect(await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "all" })).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: JOB_MESSAGES.dispatchFailed(JOB_MESSAGES.nothingToDispatch),
    });
  });

  it("by code: one unit (or the typed quantity) of the item's first line with units left, direct lines before parts", async () => {
    const cable = await jobItem("Cable Reel", 20);
    const lamp = await jobItem("Lamp", 20);
    const kit = await jobPackage("Light Kit", 5, [
      [cable.id, 2],
      [lamp.id, 1],
    ]);
    // The package's parts come first in line order; the direct line of the cable still goes first.
    const { job } = await approvedJob([
      [kit.id, 1],
      [cable.id, 2],
    ]);
    const lines = await linesOf(job.id);
    const direct = lines.find((l) => l.inventoryItemId === cable.id && l.packageLineId === null)!;
    const part = lines.find((l) => l.inventoryItemId === cable.id && l.packageLineId !== null)!;
    expect(part.lineNo).toBeLessThan(direct.lineNo);

    // Scanned codes arrive as typed: spaces and capitals do not matter.
    const parsed = parseDispatchForm({ mode: "code", code: `  ${cable.slug.toUpperCase()} `, quantity: "", lines: {} });
    expect(parsed).toEqual({ ok: true, input: { mode: "code", code: cable.slug, quantity: 1 } });
    expect(await dispatchJob(getDb(), JOB_ACTOR, job.id, parsed.ok ? parsed.input : { mode: "all" })).toMatchObject({
      ok: true,
      units: 1,
    });
    expect(
      await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "code", code: cable.slug, quantity: 2 }),
    ).toMatchObject({
      ok: true,
      units: 2,
    });
    const after = await linesOf(job.id);
    expect(after.find((l) => l.id === direct.id)!.dispatched).toBe(2);
    expect(after.find((l) => l.id === part.id)!.dispatched).toBe(1);

    expect(
      await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "code", code: cable.slug, quantity: 2 }),
    ).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: { code: "Only 1 more of Cable Reel can leave: 4 reserved, 3 sent" },
    });
  });

  it("refuses an unknown code, an item not on the job, more than reserved and a bad quantity, writing nothing", async () => {
    const wall = await jobItem("Truss", 10);
    const other = await jobItem("Smoke Machine", 3);
    const { job, lines } = await approvedJob([[wall.id, 2]]);
    const before = await tableFingerprint(JOB_TABLES);

    expect(
      await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "code", code: "no-such-item", quantity: 1 }),
    ).toMatchObject({
      ok: false,
      errors: { code: "No item has the code no-such-item" },
      message: "Failed to dispatch: No item has the code no-such-item",
    });
    expect(
      await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "code", code: other.slug, quantity: 1 }),
    ).toMatchObject({
      ok: false,
      errors: { code: "Smoke Machine is not on this job" },
    });
    expect(
      await dispatchJob(getDb(), JOB_ACTOR, job.id, {
        mode: "lines",
        quantities: [{ lineId: lines[0]!.id, quantity: 3 }],
      }),
    ).toMatchObject({
      ok: false,
      errors: { [dispatchField(lines[0]!.id)]: "Only 2 more of Truss can leave: 2 reserved, 0 sent" },
    });
    expect(parseDispatchForm({ mode: "code", code: wall.slug, quantity: "1.5", lines: {} })).toEqual({
      ok: false,
      errors: { quantity: "Quantity must be a whole number more than 0" },
    });
    expect(parseDispatchForm({ mode: "code", code: wall.slug, quantity: "0", lines: {} })).toMatchObject({ ok: false });
    expect(parseDispatchForm({ mode: "lines", code: "", quantity: "", lines: { [lines[0]!.id]: "-1" } })).toEqual({
      ok: false,
      errors: { [dispatchField(lines[0]!.id)]: "Quantity must be a whole number more than 0" },
    });
    expect(await tableFingerprint(JOB_TABLES)).toEqual(before);
  });

  it("the database refuses over-dispatch by itself (job_lines_dispatched_check)", async () => {
    const item = await jobItem("Stage Deck", 5);
    const { lines } = await approvedJob([[item.id, 2]]);
    await expect(
      getDb()
        .update(jobLines)
        .set({ dispatched: sql`${jobLines.quantity} + 1` })
        .where(eq(jobLines.id, lines[0]!.id)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: "job_lines_dispatched_check" }) });
  });

  it("two dispatches of the last units at once: exactly one sends them", async () => {
    const rounds = getDatabase().kind === "postgres" ? 20 : 3;
    for (let round = 0; round < rounds; round++) {
      const item = await jobItem(`Chair ${round}`, 10);
      const { job } = await approvedJob([[item.id, 3]]);
      await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "code", code: item.slug, quantity: 1 });
      const pool = getDatabase().pool;
      // On PostgreSQL a third connection holds the job's row until both dispatches wait on it, so both have read
      // nothing before either writes; PGlite runs one transaction at a time, which the use case must also survive.
      const blocker = pool ? await pool.connect() : null;
      try {
        if (blocker) {
          await blocker.query("begin");
          await blocker.query("select id from jobs where id = $1 for update", [job.id]);
        }
        const both = Promise.all([
          dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "code", code: item.slug, quantity: 2 }),
          dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "all" }),
        ]);
        if (blocker) {
          await lockWaiters(2);
          await blocker.query("commit");
        }
        const results = await both;
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        expect(results.filter((r) => !r.ok)).toHaveLength(1);
        const [line] = await linesOf(job.id);
        expect(line!.dispatched).toBe(3);
      } finally {
        blocker?.release();
      }
    }
  }, 120_000);
});
