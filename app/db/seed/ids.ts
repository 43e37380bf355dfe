import { createHash } from "node:crypto";

// Seed rows get fixed ids (a name-based, version-5 style uuid), so seeding twice inserts nothing new and a
// row the seed made can be found again by its name.
const NAMESPACE = "utsab-event-technologies:seed";

export function seedId(name: string): string {
  const hash = createHash("sha1").update(`${NAMESPACE}:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
