// A NUL character in a posted form (issue 38): no person can type one and PostgreSQL takes none in text, so the fuzz
// of every action found one in a customer's notes or the contact form's message answered 500. Every form post is
// refused with a message naming the field before any route reads it: http-handler.server.ts for the forms read
// whole, upload-form.server.ts for the upload routes' text fields (a file's bytes may hold any).

/** What a form post with a NUL character in a field is answered (issue 38), naming the field. */
export function nulFieldMessage(field: string): string {
  return `The form's field "${field.replaceAll("\0", "")}" holds a NUL character (U+0000): no field takes one.`;
}

/**
 * The first field of a posted form (URL-encoded or multipart, read whole) whose name or value holds a NUL character,
 * or null (issue 38). No person can type one and PostgreSQL refuses it in text, so the fuzz of every action found a
 * NUL in a customer's notes or the contact form's message answered 500; a file's bytes may hold any.
 */
export async function formFieldWithNul(body: Buffer, contentType: string): Promise<string | null> {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    if (!body.includes(0) && !/%00/i.test(body.toString("latin1"))) return null;
    for (const [name, value] of new URLSearchParams(body.toString("utf8")))
      if (name.includes("\0") || value.includes("\0")) return name;
    return null;
  }
  if (type === "multipart/form-data" && body.includes(0)) {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } })
      .formData()
      .catch(() => null);
    for (const [name, value] of form ?? [])
      if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return name;
  }
  return null;
}
