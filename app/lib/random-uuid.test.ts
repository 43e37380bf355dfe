import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { randomUuid } from "./random-uuid";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("randomUuid", () => {
  it("is a version 4, RFC 4122 variant uuid that the server's uuid check accepts", () => {
    for (let i = 0; i < 1000; i++) {
      const uuid = randomUuid();
      expect(uuid).toMatch(V4);
      expect(z.uuid().safeParse(uuid).success).toBe(true);
    }
  });

  it("sets the version and variant bits whatever the random bytes are", () => {
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    expect(randomUuid()).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array) => bytes.fill(0x00) });
    expect(randomUuid()).toBe("00000000-0000-4000-8000-000000000000");
  });

  it("does not repeat over many calls", () => {
    const seen = new Set(Array.from({ length: 20_000 }, randomUuid));
    expect(seen.size).toBe(20_000);
  });

  it("works where crypto.randomUUID is missing (plain http, not a secure context)", () => {
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
    expect(globalThis.crypto.randomUUID).toBeUndefined();
    expect(randomUuid()).toMatch(V4);
  });
});
