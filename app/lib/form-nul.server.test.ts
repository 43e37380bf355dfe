import { describe, expect, it } from "vitest";
import { formFieldWithNul, nulFieldMessage } from "./form-nul.server";

const urlEncoded = (text: string) => formFieldWithNul(Buffer.from(text), "application/x-www-form-urlencoded");

async function multipart(form: FormData) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return formFieldWithNul(Buffer.from(await request.arrayBuffer()), request.headers.get("content-type")!);
}

describe("formFieldWithNul", () => {
  it("names the URL-encoded field holding a NUL, typed as %00 or sent raw, in its name or its value", async () => {
    expect(await urlEncoded("intent=create&notes=a%00b&name=Karim")).toBe("notes");
    expect(await urlEncoded("intent=create&address=a\0b")).toBe("address");
    expect(await urlEncoded("na%00me=Karim")).toBe("na\0me");
  });

  it("passes a form without one, Bangla and a percent sign included", async () => {
    expect(await urlEncoded("name=%E0%A6%95%E0%A6%B0%E0%A6%BF%E0%A6%AE&note=100%25")).toBeNull();
    expect(await urlEncoded("")).toBeNull();
  });

  it("names a multipart text field holding a NUL, and takes a file whose bytes hold any", async () => {
    const withFile = new FormData();
    withFile.set("intent", "upload");
    withFile.set("file", new File([new Uint8Array([0, 1, 0, 2])], "a.png", { type: "image/png" }));
    expect(await multipart(withFile)).toBeNull();
    withFile.set("caption", "Stage\0");
    expect(await multipart(withFile)).toBe("caption");
  });

  it("reads other bodies as nothing to refuse (JSON is parsed by its own route)", async () => {
    expect(await formFieldWithNul(Buffer.from('{"a":"\\u0000"}'), "application/json")).toBeNull();
  });
});

describe("nulFieldMessage", () => {
  it("names the field, without the NUL itself", () => {
    expect(nulFieldMessage("na\0me")).toBe(
      'The form\'s field "name" holds a NUL character (U+0000): no field takes one.',
    );
  });
});
