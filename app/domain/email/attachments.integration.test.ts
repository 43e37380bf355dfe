// Files sent with an outbox message: stored with it in the caller's transaction, sent as real MIME attachments
// on every attempt, listed and downloadable in the back office.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../../../tests/support/test-smtp";
import { getDb } from "~/db/client.server";
import { emailAttachments, emailOutbox } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { getOutboxAttachment, getOutboxMessage } from "./outbox-admin.server";
import { enqueueEmail } from "./outbox.server";
import { deliverDueEmails } from "./sender.server";
import { createEmailTransport, type EmailTransport } from "./transport.server";

// Every byte value, so a text conversion anywhere on the way would show.
const BINARY = Uint8Array.from({ length: 600 }, (_, i) => (i * 7) % 256);
const PDF_LIKE = new TextEncoder().encode("%PDF-1.7\n% ৳ taka\n%%EOF\n");

let smtp: TestSmtp;
let transport: EmailTransport;

beforeAll(async () => {
  await seedDatabase(getDb());
  smtp = await startSmtp();
  transport = createEmailTransport(smtp.url);
});

afterAll(async () => {
  transport.close();
  await smtp.close();
});

/** The decoded body of the MIME part whose headers name `filename`. */
function attachmentPart(raw: string, filename: string): { headers: string; bytes: Buffer } {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  const part = parts.find((p) => p.includes(`filename=${filename}`) || p.includes(`filename="${filename}"`));
  if (!part) throw new Error(`no part named ${filename}`);
  const [headers, ...body] = part.split(/\r?\n\r?\n/);
  expect(headers).toMatch(/Content-Transfer-Encoding: base64/i);
  return { headers: headers!, bytes: Buffer.from(body.join("").replace(/\s+/g, ""), "base64") };
}

describe("e-mail attachments", () => {
  it("keeps the files with the message, byte for byte, and sends them as attachments", async () => {
    const db = getDb();
    const { id } = await enqueueEmail(db, {
      to: "customer@example.com",
      subject: "Your quotation",
      text: "Attached.",
      kind: "test.attachments",
      attachments: [
        { filename: "quotation-1a2b3c4d-r1.pdf", contentType: "application/pdf", content: PDF_LIKE },
        { filename: "bytes.bin", contentType: "application/octet-stream", content: BINARY },
      ],
    });
    const stored = await db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, id))
      .orderBy(emailAttachments.position);
    expect(stored.map((a) => [a.position, a.filename, a.sizeBytes])).toEqual([
      [0, "quotation-1a2b3c4d-r1.pdf", PDF_LIKE.byteLength],
      [1, "bytes.bin", BINARY.byteLength],
    ]);
    expect(Buffer.from(stored[1]!.content).equals(Buffer.from(BINARY))).toBe(true);

    expect(await deliverDueEmails(db, transport)).toMatchObject({ sent: 1 });
    const raw = smtp.received.at(-1)!.raw;
    const pdf = attachmentPart(raw, "quotation-1a2b3c4d-r1.pdf");
    expect(pdf.headers).toMatch(/Content-Type: application\/pdf/i);
    expect(pdf.headers).toMatch(/Content-Disposition: attachment/i);
    expect(pdf.bytes.equals(Buffer.from(PDF_LIKE))).toBe(true);
    expect(attachmentPart(raw, "bytes.bin").bytes.equals(Buffer.from(BINARY))).toBe(true);
  });

  it("writes neither the message nor its files when the caller's transaction fails", async () => {
    const db = getDb();
    const subject = `Rolled back ${Date.now()}`;
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, {
          to: "customer@example.com",
          subject,
          text: "-",
          kind: "test.attachments",
          attachments: [{ filename: "a.pdf", contentType: "application/pdf", content: PDF_LIKE }],
        });
        throw new Error("the use case failed after queueing");
      }),
    ).rejects.toThrow("the use case failed after queueing");
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.subject, subject))).toEqual([]);
    const orphans = await db.$count(emailAttachments, eq(emailAttachments.filename, "a.pdf"));
    expect(orphans).toBe(0);
  });

  it("refuses a stored size that does not match the bytes (email_attachments_size_check)", async () => {
    const db = getDb();
    const { id } = await enqueueEmail(db, { to: "x@example.com", subject: "s", text: "t", kind: "test.attachments" });
    await expect(
      db.insert(emailAttachments).values({
        emailId: id,
        position: 0,
        filename: "x.pdf",
        contentType: "application/pdf",
        sizeBytes: 3,
        content: PDF_LIKE,
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: "email_attachments_size_check" }) });
  });

  it("lists a message's files in the back office and hands out each one's bytes", async () => {
    const db = getDb();
    const { id } = await enqueueEmail(db, {
      to: "customer@example.com",
      subject: "Listed",
      text: "-",
      kind: "test.attachments",
      attachments: [{ filename: "q.pdf", contentType: "application/pdf", content: PDF_LIKE }],
    });
    const message = await getOutboxMessage(db, id);
    expect(message!.attachments).toEqual([
      { position: 0, filename: "q.pdf", contentType: "application/pdf", sizeBytes: PDF_LIKE.byteLength },
    ]);
    const file = await getOutboxAttachment(db, id, "0");
    expect(Buffer.from(file!.content).equals(Buffer.from(PDF_LIKE))).toBe(true);
    expect(await getOutboxAttachment(db, id, "1")).toBeUndefined();
    expect(await getOutboxAttachment(db, id, "-1")).toBeUndefined();
    expect(await getOutboxAttachment(db, "not-a-uuid", "0")).toBeUndefined();
  });
});
