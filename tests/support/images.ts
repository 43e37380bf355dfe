import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

// Real image files for the upload tests, made with sharp, and hand-made headers for what sharp will not write.

export type TestImageFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

/** A picture of `width` × `height` in `format`: a colour gradient, so it is not a trivially compressible block. */
export async function makeImage(format: TestImageFormat, width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF (an orientation and a maker's note a visitor would not want published). */
export async function makeJpegWithExif(width: number, height: number, orientation: number): Promise<Buffer> {
  return sharp(await makeImage("jpeg", width, height))
    .withExif({ IFD0: { Copyright: "Secret Camera Owner", Artist: "Somebody" } })
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A few dozen bytes of PNG that declare a `width` × `height` picture: what a decompression bomb looks like to a
 * server that trusts the header (the pixels would follow, highly compressed).
 */
export function pngHeaderDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method variants, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    // The first row of pixels (filter byte and black pixels); a bomb would go on for gigabytes of zeros.
    pngChunk("IDAT", deflateSync(Buffer.alloc(1 + 3 * Math.min(width, 1024)))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An ISO-BMFF `ftyp` box with these brands (AVIF, HEIC, MP4 differ only here). */
export function ftypBox(major: string, compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write("ftyp", 4, "ascii");
  box.write(major, 8, "ascii");
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, "ascii"));
  return box;
}
