import { createWriteStream, openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { formatBytes, uploadTooLargeMessage } from "../domain/media/upload";
import { getEnv } from "./env.server";
import { nulFieldMessage } from "./form-nul.server";
import { uploadLimits, uploadRouteFor, type UploadLimits } from "./upload-routes";

// Reading an upload route's form (issue 19): called by the route's action after the signed-in user's permission is
// known, never before. The body streams through busboy: each file goes to a temporary file on disk, at most its
// limit (UPLOAD_MAX_BYTES for a picture), so a post of several pictures is never held whole in memory; the other
// fields are held within their own small limit. The temporary files are deleted when the action is done.

/** Why a post was refused before the use case saw it: 413 for a body or file over its limit, 400 unreadable. */
export interface UploadRefusal {
  status: 400 | 413;
  /** The form field the refusal is about (the file input), or "form". */
  field: string;
  message: string;
}

export interface UploadForm {
  /** The fields read, files as disk-backed Files; after a refusal, what was read before it. */
  form: FormData;
  refusal: UploadRefusal | null;
}

export const UPLOAD_FORM_MESSAGES = {
  unreadable: "The form could not be read. Please try again.",
  tooManyFiles: (files: number) => `At most ${files} ${files === 1 ? "file" : "files"} can be sent at once.`,
  fieldsTooLarge: (maxBytes: number) => `The form's text is longer than ${formatBytes(maxBytes)} in all.`,
  nul: (field: string) => nulFieldMessage(field),
} as const;

/** The temporary folder of one request's files, under the system's temp directory. */
export const UPLOAD_TEMP_PREFIX = "utsab-upload-";

/** How many text fields a form may post (the item form's parts and prices are the most). */
const MAX_FIELDS = 2_000;

type Refuse = (refusal: UploadRefusal) => void;

/**
 * Reads `request`'s form within the limits of its upload route (upload-routes.ts), calls `handle` with it and then
 * deletes the temporary files. A file over its limit refuses the whole post with 413 and `tooLargeMessage` (by
 * default "The image is larger than 5 MB."), naming the file when a post may carry several.
 */
export async function withUploadForm<T>(
  request: Request,
  handle: (read: UploadForm) => Promise<T>,
  options: { tooLargeMessage?: (maxBytes: number) => string } = {},
): Promise<T> {
  const route = uploadRouteFor(new URL(request.url).pathname);
  if (!route) throw new Error(`${new URL(request.url).pathname} is not an upload route (upload-routes.ts)`);
  const limits = uploadLimits(route, getEnv().uploadMaxBytes);
  const dir = await mkdtemp(path.join(os.tmpdir(), UPLOAD_TEMP_PREFIX));
  try {
    return await handle(await readUploadForm(request, limits, dir, options.tooLargeMessage));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The form of `request` with its files written under `dir`; exported for the tests. */
export async function readUploadForm(
  request: Request,
  limits: UploadLimits,
  dir: string,
  tooLargeMessage: (maxBytes: number) => string = uploadTooLargeMessage,
): Promise<UploadForm> {
  const form = new FormData();
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType))
    return { form, refusal: null };

  let refusal: UploadRefusal | null = null;
  const refuse: Refuse = (r) => {
    refusal ??= r;
  };
  const parser = busboy({
    headers: { "content-type": contentType },
    defParamCharset: "utf8",
    limits: {
      // One byte past the limit is enough to know a file is over it; busboy drops the rest of that file.
      fileSize: limits.fileBytes + 1,
      files: limits.files,
      fields: MAX_FIELDS,
      fieldSize: limits.fieldBytes,
      headerPairs: 20,
    },
  });
  // Fields and files in the order they came (a file once it is on disk), so the form reads as the browser sent it.
  const entries: [string, string | File | Promise<File | null>][] = [];
  let fieldBytes = 0;
  let fileCount = 0;
  // The file input being read when the body's own limit cuts it short: the refusal is about that file.
  let fileField = "form";

  parser.on("field", (name, value, info) => {
    fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    // As every other form post (http-handler.server.ts): PostgreSQL takes no NUL in text (issue 38).
    if (name.includes("\0") || value.includes("\0"))
      refuse({ status: 400, field: name.replaceAll("\0", ""), message: UPLOAD_FORM_MESSAGES.nul(name) });
    else if (info.valueTruncated || fieldBytes > limits.fieldBytes)
      refuse({ status: 413, field: "form", message: UPLOAD_FORM_MESSAGES.fieldsTooLarge(limits.fieldBytes) });
    else entries.push([name, value]);
  });
  parser.on("fieldsLimit", () =>
    refuse({ status: 413, field: "form", message: UPLOAD_FORM_MESSAGES.fieldsTooLarge(limits.fieldBytes) }),
  );
  parser.on("filesLimit", () =>
    refuse({ status: 413, field: "form", message: UPLOAD_FORM_MESSAGES.tooManyFiles(limits.files) }),
  );
  parser.on("file", (name, stream, info) => {
    // An input left empty posts a part with no file name and no bytes: kept as the empty File a browser's
    // FormData would hold, which the use cases read as "no file chosen".
    if (!info.filename || refusal) {
      stream.resume();
      if (!refusal) entries.push([name, new File([], "", { type: "application/octet-stream" })]);
      return;
    }
    const { filename, mimeType } = info;
    fileField = name;
    const file = path.join(dir, String(fileCount++));
    const written = pipeline(stream, createWriteStream(file)).then(async () => {
      if ((stream as Readable & { truncated?: boolean }).truncated) {
        const message = tooLargeMessage(limits.fileBytes);
        refuse({ status: 413, field: name, message: limits.files > 1 ? `${filename}: ${message}` : message });
        return null;
      }
      return new File([await openAsBlob(file, { type: mimeType })], filename, { type: mimeType });
    });
    // Settled here too, so a write cut short by a failed body is not an unhandled rejection.
    written.catch(() => {});
    entries.push([name, written]);
  });

  const collect = async () => {
    for (const [name, value] of entries) {
      const settled = await Promise.resolve(value).catch(() => null);
      // After a refusal only the text is kept, to fill the form again; no file reaches the use case.
      if (typeof settled === "string") form.append(name, settled);
      else if (settled && !refusal) form.append(name, settled);
    }
  };
  try {
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser);
    for (const [, value] of entries) if (value instanceof Promise) await value;
    await collect();
  } catch (error) {
    await collect();
    // The body's own limit (http-handler.server.ts) or the client went away mid-way.
    if (refusal) return { form, refusal };
    const status = error instanceof Error && error.name === "BodyTooLargeError" ? 413 : 400;
    return {
      form,
      refusal:
        status === 413
          ? { status, field: fileField, message: tooLargeMessage(limits.fileBytes) }
          : { status, field: "form", message: UPLOAD_FORM_MESSAGES.unreadable },
    };
  }
  return { form, refusal };
}
