// crypto.randomUUID() exists only in secure contexts (https, localhost): a phone opening the site over plain
// http on the office network has crypto.getRandomValues() but not randomUUID(). This builds the same
// RFC 4122 version 4 uuid from getRandomValues(), which every browser and Node offer in any context.

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** A random RFC 4122 version 4 uuid, e.g. "3f1c1a52-7d6f-4a53-9a0e-1b2b8d6f7a10". */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10xx (RFC 4122)
  const hex = Array.from(bytes, (byte) => HEX[byte]!);
  return [
    hex.slice(0, 4).join(""),
    hex.slice(4, 6).join(""),
    hex.slice(6, 8).join(""),
    hex.slice(8, 10).join(""),
    hex.slice(10, 16).join(""),
  ].join("-");
}
