import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition";

describe("attachmentDisposition", () => {
  it("names an ASCII file as it is", () => {
    expect(attachmentDisposition("quotation-7f3a9c2e-r2.pdf")).toBe(
      `attachment; filename="quotation-7f3a9c2e-r2.pdf"; filename*=UTF-8''quotation-7f3a9c2e-r2.pdf`,
    );
  });

  it("keeps quotes, backslashes and other scripts out of the plain name and in the encoded one", () => {
    expect(attachmentDisposition('রহিম "a\\b".pdf')).toBe(
      `attachment; filename="____ _a_b_.pdf"; filename*=UTF-8''%E0%A6%B0%E0%A6%B9%E0%A6%BF%E0%A6%AE%20%22a%5Cb%22.pdf`,
    );
  });
});
