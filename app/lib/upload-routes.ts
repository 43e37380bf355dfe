// The screens that take an uploaded file. Their posts may carry an image (UPLOAD_MAX_BYTES) plus the rest of the
// multipart form; every other request keeps the small form limit (http-handler.server.ts, bodyLimitFor).

export const UPLOAD_ROUTE_PATHS = [
  "/admin/logos",
  "/admin/hero",
  "/admin/inventory",
  "/admin/events",
  "/admin/gallery",
];

/** Room for the multipart boundaries, part headers and the form's other fields beside the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Whether a request path is one of the upload screens or below it (`/admin/inventory/led-wall/edit`), including
 * React Router's `.data` requests, which is where a form submitted with JavaScript posts (`/admin/logos.data`).
 * Case-insensitive, as React Router matches routes.
 */
export function isUploadPath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\.data$/, "");
  return UPLOAD_ROUTE_PATHS.some((route) => path === route || path.startsWith(`${route}/`));
}

/** The body limit of an upload request. */
export function uploadBodyLimit(uploadMaxBytes: number): number {
  return uploadMaxBytes + MULTIPART_OVERHEAD_BYTES;
}
