// A download's Content-Disposition header: the file name as given for browsers that read RFC 6266's filename*,
// and an ASCII stand-in (quotes, backslashes and anything outside printable ASCII replaced) for the rest.

export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
