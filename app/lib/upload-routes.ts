// The screens that take an uploaded file. Their posts may carry an image (UPLOAD_MAX_BYTES) plus the rest of the
// multipart form; every other request keeps the small form limit (http-handler.server.ts, bodyLimitFor).

// An item's or an event's form uploads several pictures with one save, each at most UPLOAD_MAX_BYTES.
export const UPLOAD_ROUTE_FILES: Readonly<Record<string, number>> = {
  "/admin/logos": 1,
  "/admin/hero": 1,
  "/admin/inventory": 6,
  "/admin/events": 6,
  "/admin/gallery": 1,
};

export const UPLOAD_ROUTE_PATHS = Object.keys(UPLOAD_ROUTE_FILES);

/** Room for the multipart boundaries, part headers and the form's other fields beside the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Whether a request path is one of the upload screens or below it (`/admin/inventory/led-wall/edit`), including
 * React Router's `.data` requests, which is where a form submitted with JavaScript posts (`/admin/logos.data`).
 * Case-insensitive, as React Router matches routes.
 */
export function isUploadPath(pathname: string): boolean {
  return uploadFilesFor(pathname) > 0;
}

/** How many files a post to `pathname` may carry (0 for a path that takes none). */
export function uploadFilesFor(pathname: string): number {
  const path = pathname.toLowerCase().replace(/\.data$/, "");
  const route = UPLOAD_ROUTE_PATHS.find((r) => path === r || path.startsWith(`${r}/`));
  return route ? UPLOAD_ROUTE_FILES[route]! : 0;
}

/** The body limit of an upload request carrying up to `files` files. */
export function uploadBodyLimit(uploadMaxBytes: number, files = 1): number {
  return uploadMaxBytes * files + MULTIPART_OVERHEAD_BYTES;
}
