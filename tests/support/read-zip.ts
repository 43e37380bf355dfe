import { buffer } from "node:stream/consumers";
import yauzl from "yauzl";

/**
 * Every file of a ZIP by name, as UTF-8 text (the company-data export's CSV files, README and journal), a byte order
 * mark kept (TextDecoder drops it unless told not to), so a test sees it.
 */
export async function zipTextFiles(bytes: Uint8Array): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    autoClose: false,
  });
  const files = new Map<string, string>();
  const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
  try {
    for await (const entry of zip.eachEntry())
      files.set(entry.fileName, utf8.decode(await buffer(await zip.openReadStreamPromise(entry))));
  } finally {
    zip.close();
  }
  return files;
}
