import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { uploadTooLargeMessage } from "../domain/media/upload";
import { BodyTooLargeError, FORM_BODY_LIMIT, streamBodyWithin } from "./http-handler.server";
import { loadEnv, setEnv } from "./env.server";
import { readUploadForm, UPLOAD_FORM_MESSAGES, UPLOAD_TEMP_PREFIX, withUploadForm } from "./upload-form.server";
import type { UploadLimits } from "./upload-routes";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "upload-form-test-"));
  dirs.push(dir);
  return dir;
}

const KB = 1024;
const limits = (files: number, fileBytes = 10 * KB): UploadLimits => ({
  files,
  fileBytes,
  fieldBytes: 2 * KB,
  bodyBytes: files * fileBytes + 2 * KB + 64 * KB,
});

function post(form: FormData): Request {
  return new Request("http://localhost/admin/inventory", { method: "POST", body: form });
}

const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);

describe("readUploadForm", () => {
  it("writes each file to disk and hands the use case disk-backed Files beside the fields", async () => {
    const form = new FormData();
    form.set("intent", "create");
    form.set("name", "LED wall ঢাকা");
    form.append("newImages", new File([bytes(10 * KB, 1)], "a.png", { type: "image/png" }));
    form.append("newImages", new File([bytes(3 * KB, 2)], "b.jpg", { type: "image/jpeg" }));
    const dir = tempDir();
    const { form: read, refusal } = await readUploadForm(post(form), limits(6), dir);
    expect(refusal).toBeNull();
    expect(read.get("intent")).toBe("create");
    expect(read.get("name")).toBe("LED wall ঢাকা");
    const files = read.getAll("newImages") as File[];
    expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
      ["a.png", "image/png", 10 * KB],
      ["b.jpg", "image/jpeg", 3 * KB],
    ]);
    expect(new Uint8Array(await files[1]!.arrayBuffer())).toEqual(bytes(3 * KB, 2));
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it("refuses a text field holding a NUL with 400, naming the field (issue 38)", async () => {
    const form = new FormData();
    form.set("intent", "update");
    form.set("tags", "stage\0lights");
    form.append("newImages", new File([bytes(KB, 0)], "zeros.png", { type: "image/png" }));
    const { refusal } = await readUploadForm(post(form), limits(6), tempDir());
    expect(refusal).toEqual({ status: 400, field: "tags", message: UPLOAD_FORM_MESSAGES.nul("tags") });
  });

  it("keeps the files in the order they were sent, whatever their sizes", async () => {
    const form = new FormData();
    const sizes = [10 * KB, 1, 5 * KB, 10, 9 * KB, 2];
    sizes.forEach((size, i) => form.append("newImages", new File([bytes(size)], `${i}.png`)));
    const { form: read } = await readUploadForm(post(form), limits(6), tempDir());
    expect((read.getAll("newImages") as File[]).map((f) => [f.name, f.size])).toEqual(
      sizes.map((size, i) => [`${i}.png`, size]),
    );
  });

  it("keeps an input left empty as the nameless, empty File a browser's form holds", async () => {
    const form = new FormData();
    form.set("intent", "create");
    form.append("newImages", new File([], ""));
    const { form: read, refusal } = await readUploadForm(post(form), limits(6), tempDir());
    expect(refusal).toBeNull();
    const [file] = read.getAll("newImages") as File[];
    expect([file!.name, file!.size]).toEqual(["", 0]);
  });

  it("refuses a file one byte over its limit with 413, naming the file when a post may carry several", async () => {
    const form = new FormData();
    form.set("name", "Truss");
    form.append("newImages", new File([bytes(10 * KB)], "fits.png"));
    form.append("newImages", new File([bytes(10 * KB + 1)], "big.png"));
    form.set("after", "read too");
    const { form: read, refusal } = await readUploadForm(post(form), limits(6), tempDir());
    expect(refusal).toEqual({ status: 413, field: "newImages", message: `big.png: ${uploadTooLargeMessage(10 * KB)}` });
    // What was typed is still read, to fill the form again; no file reaches the use case.
    expect(read.get("name")).toBe("Truss");
    expect(read.get("after")).toBe("read too");
    expect(read.getAll("newImages")).toEqual([]);

    const single = new FormData();
    single.append("file", new File([bytes(10 * KB + 1)], "logo.png"));
    expect((await readUploadForm(post(single), limits(1), tempDir())).refusal).toEqual({
      status: 413,
      field: "file",
      message: "The image is larger than 10 KB.",
    });
  });

  it("refuses more files than the route takes, and fields over their limit, with 413", async () => {
    const form = new FormData();
    form.append("file", new File([bytes(10)], "1.png"));
    form.append("file", new File([bytes(10)], "2.png"));
    expect((await readUploadForm(post(form), limits(1), tempDir())).refusal).toEqual({
      status: 413,
      field: "form",
      message: UPLOAD_FORM_MESSAGES.tooManyFiles(1),
    });

    const long = new FormData();
    long.set("description", "x".repeat(2 * KB + 1));
    expect((await readUploadForm(post(long), limits(1), tempDir())).refusal).toEqual({
      status: 413,
      field: "form",
      message: UPLOAD_FORM_MESSAGES.fieldsTooLarge(2 * KB),
    });
  });

  it("reads a form posted without files (a delete) as fields", async () => {
    const request = new Request("http://localhost/admin/inventory", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: "x" }),
    });
    const { form, refusal } = await readUploadForm(request, limits(6), tempDir());
    expect(refusal).toBeNull();
    expect(Object.fromEntries(form)).toEqual({ intent: "delete", id: "x" });
  });
});

describe("withUploadForm", () => {
  it("reads the form within its route's limits and deletes the temporary files afterwards, even after a throw", async () => {
    setEnv(loadEnv({ DATA_DIR: tempDir(), AUTH_SECRET: "x".repeat(32), UPLOAD_MAX_BYTES: "2048" }));
    const form = new FormData();
    form.set("file", new File([bytes(2048)], "logo.png", { type: "image/png" }));
    const request = () => new Request("http://localhost/admin/logos.data", { method: "POST", body: form });
    const folders = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith(UPLOAD_TEMP_PREFIX));
    const before = folders();
    const size = await withUploadForm(request(), async ({ form: read, refusal }) => {
      expect(refusal).toBeNull();
      expect(folders()).toHaveLength(before.length + 1);
      return (read.get("file") as File).size;
    });
    expect(size).toBe(2048);
    expect(folders()).toEqual(before);
    await expect(
      withUploadForm(request(), async () => {
        throw new Error("the use case failed");
      }),
    ).rejects.toThrow("the use case failed");
    expect(folders()).toEqual(before);
  });

  it("is only for the upload routes", async () => {
    const request = new Request("http://localhost/admin/logos/x", { method: "POST", body: new FormData() });
    await expect(withUploadForm(request, async () => null)).rejects.toThrow(
      "/admin/logos/x is not an upload route (upload-routes.ts)",
    );
  });
});

/** A request body of `size` bytes made only as it is read, counting what was taken from it. */
function lazyBody(size: number, headers: Record<string, string> = {}) {
  let produced = 0;
  const req = new Readable({
    read() {
      if (produced >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(16 * KB, size - produced), "a");
      produced += chunk.length;
      this.push(chunk);
    },
  }) as Readable & { headers: Record<string, string> };
  req.headers = headers;
  return { req, produced: () => produced };
}

describe("streamBodyWithin", () => {
  it("reads nothing of a 31 MB body until the route reads it", async () => {
    const body = lazyBody(31 * 1024 * KB);
    const { stream, bytesRead } = streamBodyWithin(body.req, 32 * 1024 * KB);
    // A route that refuses (anonymous, the wrong role) never reads: the Request is made and dropped.
    new Request("http://localhost/admin/inventory", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bytesRead()).toBe(0);
    expect(body.produced()).toBeLessThanOrEqual(FORM_BODY_LIMIT);
  });

  it("hands over the bytes as they are read, and errors once they pass the limit", async () => {
    const body = lazyBody(100 * KB);
    const { stream, bytesRead } = streamBodyWithin(body.req, 60 * KB);
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.value?.length).toBe(16 * KB);
    expect(bytesRead()).toBe(16 * KB);
    let error: unknown;
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect(bytesRead()).toBeLessThanOrEqual(60 * KB + 16 * KB);
  });

  it("refuses a body announced over the limit before reading any of it", async () => {
    const body = lazyBody(100 * KB, { "content-length": String(100 * KB) });
    const { stream, bytesRead } = streamBodyWithin(body.req, 60 * KB);
    await expect(stream.getReader().read()).rejects.toThrow("request body over 61440 bytes");
    expect(bytesRead()).toBe(0);
  });

  it("ends with the body when it is within the limit", async () => {
    const { req } = lazyBody(40 * KB);
    const { stream } = streamBodyWithin(req, 60 * KB);
    expect((await new Response(stream).arrayBuffer()).byteLength).toBe(40 * KB);
  });
});
