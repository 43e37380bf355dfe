// An upload's type is judged by its first bytes (DESIGN §8), never by its name or the type the browser claims:
// a renamed text file, an SVG (which can carry script) or a GIF is refused whatever it is called.

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const FTYP = ascii("ftyp");
const AVIF_BRANDS = [ascii("avif"), ascii("avis")];

/**
 * AVIF is an ISO-BMFF file whose first box is `ftyp`: size (4 bytes), "ftyp", major brand, minor version, then
 * compatible brands. It is AVIF when the major or a compatible brand is avif (still) or avis (sequence); HEIC,
 * MP4 and the rest of the family share the box but not the brands.
 */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, FTYP, 4) || bytes.length < 16) return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (boxSize < 16) return false;
  const end = Math.min(boxSize, bytes.length);
  const brandAt = (at: number) => AVIF_BRANDS.some((brand) => startsWith(bytes, brand, at));
  if (brandAt(8)) return true;
  for (let at = 16; at + 4 <= end; at += 4) if (brandAt(at)) return true;
  return false;
}

/** The image type these bytes are, among the four accepted; undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp";
  if (isAvif(bytes)) return "image/avif";
  return undefined;
}
