import { describe, expect, it } from "vitest";
import { replyHref } from "./inbox-list";

describe("replyHref", () => {
  it("writes to the visitor with Re: and the subject, encoded", () => {
    expect(replyHref("nusrat@example.com", "Lights & sound?")).toBe(
      "mailto:nusrat@example.com?subject=Re%3A%20Lights%20%26%20sound%3F",
    );
  });

  it("does not stack Re: on a subject that has one", () => {
    expect(replyHref("a@example.com", "RE: quote")).toBe("mailto:a@example.com?subject=RE%3A%20quote");
  });

  it("keeps anything in the address from adding fields to the link", () => {
    expect(replyHref("a@example.com?bcc=x@example.com", "Hi")).toBe(
      "mailto:a@example.com%3Fbcc%3Dx@example.com?subject=Re%3A%20Hi",
    );
  });
});
