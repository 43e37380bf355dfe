import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/db/client.server";
import { inventoryItems, jobCharges, jobLines, jobMovements, jobs } from "~/db/schema";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { lockWaiters } from "../../../tests/support/lock-waiters";
import { approvedJob, JOB_ACTOR, JOB_TABLES, jobItem, linesOf } from "../../../tests/support/job-fixtures";
import { checkInJob } from "./check-in.server";
import { dispatchJob } from "./dispatch.server";
import { addJobCharge } from "./job-charges.server";
import { checkInField, JOB_MESSAGES, parseChargeForm, parseCheckInForm, type CheckInLineInput } from "./job-forms";

async function item(id: string) {
  const [row] = await getDb().select().from(inventoryItems).where(eq(inventoryItems.id, id));
  return row!;
}

function entry(lineId: string, extra: Partial<CheckInLineInput>): CheckInLineInput {
  return {
    lineId,
    returned: 0,
    damaged: 0,
    lost: 0,
    outcome: null,
    repairDate: null,
    note: null,
    charge: null,
    ...extra,
  };
}

async function sentJob(quantity: number, stock = 10, name = "Par Can") {
  const it = await jobItem(name, stock);
  const { job, lines } = await approvedJob([[it.id, quantity]]);
  await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "all" });
  return { item: it, job, line: lines[0]! };
}

describe("check-in", () => {
  it("returned, damaged to repair with a date, lost written off with a charge: counts, stock, movements, status", async () => {
    const { item: it, job, line } = await sentJob(5);
    const result = await checkInJob(getDb(), JOB_ACTOR, job.id, {
      mode: "lines",
      lines: [
        entry(line.id, {
          returned: 2,
          damaged: 2,
          lost: 1,
          outcome: "repair",
          repairDate: "2027-04-01",
          note: "Lens cracked, one stolen",
          charge: { amount: "2500.00", description: null },
        }),
      ],
    });
    expect(result).toMatchObject({ ok: true, units: 5 });
    const [after] = await linesOf(job.id);
    expect([after!.returned, after!.damaged, after!.lost]).toEqual([2, 2, 1]);
    const stock = await item(it.id);
    expect(stock).toMatchObject({
      quantity: 9,
      unitsUnderRepair: 2,
      repairReturnDate: "2027-04-01",
      status: "available",
    });
    const moves = await getDb().select().from(jobMovements).where(eq(jobMovements.jobId, job.id));
    expect(
      moves
        .filter((m) => m.kind !== "dispatched")
        .map((m) => [m.kind, m.quantity, m.outcome, m.repairReturnDate, m.note])
        .sort(),
    ).toEqual(
      [
        ["damaged", 2, "repair", "2027-04-01", "Lens cracked, one stolen"],
        ["lost", 1, "write_off", null, "Lens cracked, one stolen"],
        ["returned", 2, null, null, null],
      ].sort(),
    );
    const [charge] = await getDb().select().from(jobCharges).where(eq(jobCharges.jobId, job.id));
    const damaged = moves.find((m) => m.kind === "damaged")!;
    expect(charge).toMatchObject({
      customerId: job.customerId,
      amount: "2500.00",
      jobMovementId: damaged.id,
      invoiceId: null,
      description: `Damage to 3 × Par Can (JOB-${String(job.number).padStart(6, "0")})`,
    });
    const [j] = await getDb().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id));
    expect(j!.status).toBe("returned");
  });

  it("units to repair keep the later date (none known wins), and every unit in the workshop sets the item under repair", async () => {
    const { item: it, job, line } = await sentJob(4, 4, "Fog Machine");
    const repair = (damaged: number, repairDate: string | null) =>
      checkInJob(getDb(), JOB_ACTOR, job.id, {
        mode: "lines",
        lines: [entry(line.id, { damaged, outcome: "repair", repairDate, note: "Broken" })],
      });
    expect(await repair(1, "2027-05-10")).toMatchObject({ ok: true });
    expect(await item(it.id)).toMatchObject({ unitsUnderRepair: 1, repairReturnDate: "2027-05-10" });
    expect(await repair(1, "2027-05-01")).toMatchObject({ ok: true });
    expect(await item(it.id)).toMatchObject({ unitsUnderRepair: 2, repairReturnDate: "2027-05-10" });
    expect(await repair(1, "2027-06-01")).toMatchObject({ ok: true });
    expect(await item(it.id)).toMatchObject({
      unitsUnderRepair: 3,
      repairReturnDate: "2027-06-01",
      status: "available",
    });
    expect(await repair(1, null)).toMatchObject({ ok: true });
    expect(await item(it.id)).toMatchObject({ unitsUnderRepair: 4, repairReturnDate: null, status: "under-repair" });
  });

  it("a write-off lowers the quantity, never below the units under repair", async () => {
    const { item: it, job, line } = await sentJob(3, 3, "Mirror Ball");
    await getDb().update(inventoryItems).set({ unitsUnderRepair: 0 }).where(eq(inventoryItems.id, it.id));
    expect(
      await checkInJob(getDb(), JOB_ACTOR, job.id, {
        mode: "lines",
        lines: [entry(line.id, { damaged: 1, outcome: "write_off", note: "Shattered" })],
      }),
    ).toMatchObject({ ok: true });
    expect(await item(it.id)).toMatchObject({ quantity: 2, unitsUnderRepair: 0 });
    // Two units of the item are in the workshop from elsewhere: writing off one more would leave 1 unit for 2.
    await getDb().update(inventoryItems).set({ unitsUnderRepair: 2 }).where(eq(inventoryItems.id, it.id));
    const before = await tableFingerprint(JOB_TABLES);
    expect(
      await checkInJob(getDb(), JOB_ACTOR, job.id, {
        mode: "lines",
        lines: [entry(line.id, { lost: 1, note: "Gone" })],
      }),
    ).toMatchObject({
      ok: false,
      errors: {
        [checkInField("lost", line.id)]: "Cannot write off 1 of Mirror Ball: it has 2 units, 2 of them under repair",
      },
    });
    expect(await tableFingerprint(JOB_TABLES)).toEqual(before);
  });

  it("refuses more than is out, a damaged line without outcome or note, a charge with no customer; writes nothing", async () => {
    const { job, line } = await sentJob(2, 10, "Uplight");
    const names = new Map([[line.id, "Uplight"]]);
    const before = await tableFingerprint(JOB_TABLES);
    expect(
      await checkInJob(getDb(), JOB_ACTOR, job.id, {
        mode: "lines",
        lines: [entry(line.id, { returned: 2, lost: 1, note: "x" })],
      }),
    ).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: {
        [checkInField("returned", line.id)]: "Uplight: returned, damaged and lost come to 3, but only 2 are out",
      },
    });
    // The same line posted twice (its id in capitals once): counted together, refused by name, not a 500.
    expect(
      await checkInJob(getDb(), JOB_ACTOR, job.id, {
        mode: "lines",
        lines: [entry(line.id.toUpperCase(), { returned: 2 }), entry(line.id, { returned: 2 })],
      }),
    ).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: {
        [checkInField("returned", line.id)]: "Uplight: returned, damaged and lost come to 4, but only 2 are out",
      },
    });
    expect(parseCheckInForm({ mode: "lines", lines: { [line.id]: { damaged: "1" } } }, names)).toEqual({
      ok: false,
      errors: {
        [checkInField("outcome", line.id)]: "Choose Send to repair or Write off for the damaged Uplight",
        [checkInField("note", line.id)]: "A note is required for damaged or lost Uplight",
      },
    });
    expect(parseCheckInForm({ mode: "lines", lines: { [line.id]: { returned: "two" } } }, names)).toEqual({
      ok: false,
      errors: { [checkInField("returned", line.id)]: "Returned must be a whole number, 0 or more" },
    });
    expect(parseCheckInForm({ mode: "lines", lines: { [line.id]: { returned: "" } } }, names)).toEqual({
      ok: false,
      errors: { form: JOB_MESSAGES.nothingCheckedIn },
    });
    await getDb().update(jobs).set({ customerId: null }).where(eq(jobs.id, job.id));
    const noCustomer = await tableFingerprint(JOB_TABLES);
    expect(
      await checkInJob(getDb(), JOB_ACTOR, job.id, {
        mode: "lines",
        lines: [entry(line.id, { lost: 1, note: "x", charge: { amount: "10.00", description: null } })],
      }),
    ).toMatchObject({ ok: false, errors: { [checkInField("chargeAmount", line.id)]: JOB_MESSAGES.noCustomer } });
    expect(await addJobCharge(getDb(), JOB_ACTOR, job.id, { description: "Broken", amount: "10.00" })).toMatchObject({
      ok: false,
      errors: { form: JOB_MESSAGES.noCustomer },
    });
    expect(await tableFingerprint(JOB_TABLES)).toEqual(noCustomer);
    expect(before.job_lines).toBe(noCustomer.job_lines);
  });

  it("the database refuses more checked in than sent by itself (job_lines_checked_in_check)", async () => {
    const { line } = await sentJob(2, 10, "Barrier");
    await expect(
      getDb()
        .update(jobLines)
        .set({ returned: sql`${jobLines.dispatched} + 1` })
        .where(eq(jobLines.id, line.id)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: "job_lines_checked_in_check" }) });
  });

  it("a job is returned only once everything reserved left and came back; part of it back is planned again", async () => {
    const fog = await jobItem("Fog Machine", 10);
    const { job, lines } = await approvedJob([[fog.id, 5]]);
    const status = async () =>
      (await getDb().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id)))[0]!.status;
    await dispatchJob(getDb(), JOB_ACTOR, job.id, {
      mode: "lines",
      quantities: [{ lineId: lines[0]!.id, quantity: 2 }],
    });
    expect(await status()).toBe("out");
    await checkInJob(getDb(), JOB_ACTOR, job.id, { mode: "all" });
    // 2 of 5 went and came back: 3 are still to send, so it is not "returned".
    expect(await status()).toBe("planned");
    await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "all" });
    expect(await status()).toBe("out");
    await checkInJob(getDb(), JOB_ACTOR, job.id, { mode: "all" });
    expect(await status()).toBe("returned");
  });

  it("check in everything as returned", async () => {
    const { job } = await sentJob(3, 10, "Table");
    expect(await checkInJob(getDb(), JOB_ACTOR, job.id, { mode: "all" })).toMatchObject({ ok: true, units: 3 });
    expect(await checkInJob(getDb(), JOB_ACTOR, job.id, { mode: "all" })).toMatchObject({
      ok: false,
      message: JOB_MESSAGES.checkInFailed(JOB_MESSAGES.nothingOut),
    });
  });

  it("two check-ins of the same units at once: one is refused, never more checked in than out", async () => {
    const rounds = getDatabase().kind === "postgres" ? 20 : 3;
    for (let round = 0; round < rounds; round++) {
      const { item: it, job, line } = await sentJob(3, 10, `Stool ${round}`);
      const pool = getDatabase().pool;
      const blocker = pool ? await pool.connect() : null;
      try {
        if (blocker) {
          await blocker.query("begin");
          await blocker.query("select id from jobs where id = $1 for update", [job.id]);
        }
        const both = Promise.all([
          checkInJob(getDb(), JOB_ACTOR, job.id, {
            mode: "lines",
            lines: [entry(line.id, { returned: 1, damaged: 2, outcome: "repair", note: "Bent" })],
          }),
          checkInJob(getDb(), JOB_ACTOR, job.id, { mode: "lines", lines: [entry(line.id, { returned: 3 })] }),
        ]);
        if (blocker) {
          await lockWaiters(2);
          await blocker.query("commit");
        }
        const results = await both;
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        expect(results.find((r) => !r.ok)).toMatchObject({ refusal: "invalid" });
        const [after] = await linesOf(job.id);
        expect(after!.returned + after!.damaged + after!.lost).toBe(3);
        // The item's workshop count moved only if the damaging check-in was the one that went through.
        expect((await item(it.id)).unitsUnderRepair).toBe(after!.damaged);
      } finally {
        blocker?.release();
      }
    }
  }, 120_000);
});

describe("charges", () => {
  it("adds a pending charge to the job's customer; the form wants a description and an amount over 0 with 2 decimals", async () => {
    const { job } = await sentJob(1, 5, "Projector");
    expect(parseChargeForm({ description: " ", amount: "0" })).toEqual({
      ok: false,
      errors: { description: "Description is required", amount: "Amount must be more than 0" },
    });
    expect(parseChargeForm({ description: "Scratch", amount: "10.555" })).toEqual({
      ok: false,
      errors: { amount: "Amount can have at most 2 decimals" },
    });
    const parsed = parseChargeForm({ description: " Scratched lens ", amount: "৳1,200.5" });
    expect(parsed).toEqual({ ok: true, input: { description: "Scratched lens", amount: "1200.50" } });
    const result = await addJobCharge(
      getDb(),
      JOB_ACTOR,
      job.id,
      parsed.ok ? parsed.input : { description: "", amount: "" },
    );
    expect(result).toMatchObject({ ok: true });
    const rows = await getDb().select().from(jobCharges).where(eq(jobCharges.jobId, job.id));
    expect(rows).toMatchObject([
      {
        description: "Scratched lens",
        amount: "1200.50",
        customerId: job.customerId,
        invoiceId: null,
        jobMovementId: null,
      },
    ]);
  });
});
