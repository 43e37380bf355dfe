import { describe, expect, it } from "vitest";
import { isPermanentRefusal } from "./transport.server";

const smtpError = (code: string, responseCode?: number) =>
  Object.assign(new Error(`${responseCode ?? ""} refused`), { code, responseCode });

describe("isPermanentRefusal", () => {
  it("is true for a 5xx reply to the message's envelope or content", () => {
    expect(isPermanentRefusal(smtpError("EENVELOPE", 550))).toBe(true);
    expect(isPermanentRefusal(smtpError("EENVELOPE", 553))).toBe(true);
    expect(isPermanentRefusal(smtpError("EMESSAGE", 554))).toBe(true);
  });

  it("is false for a 4xx, a failed sign-in, a refused greeting, a lost connection or anything else", () => {
    expect(isPermanentRefusal(smtpError("EENVELOPE", 451))).toBe(false);
    expect(isPermanentRefusal(smtpError("EMESSAGE", 421))).toBe(false);
    expect(isPermanentRefusal(smtpError("EAUTH", 535))).toBe(false);
    expect(isPermanentRefusal(smtpError("EPROTOCOL", 554))).toBe(false);
    expect(isPermanentRefusal(smtpError("ECONNECTION"))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(false);
    expect(isPermanentRefusal(new Error("550 in the text only"))).toBe(false);
    expect(isPermanentRefusal("550")).toBe(false);
    expect(isPermanentRefusal(null)).toBe(false);
  });
});
