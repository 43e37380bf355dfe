// The routes that take an uploaded file, by their exact paths (issue 19): only a post to one of these may carry
// more than the small form limit, and even then its body is not read before routing. The route's action checks
// the signed-in user's permission first and only then reads the body, streaming its files to disk within these
// limits (upload-form.server.ts). Every other request, a path below one of these included, keeps the small
// form limit (http-handler.server.ts).

export interface UploadRoute {
  /** How many files one post may carry. */
  files: number;
  /** The most bytes one file may have: UPLOAD_MAX_BYTES for a picture, or a fixed size. */
  fileBytes: "upload-max" | number;
  /** The most bytes of the form's other fields together. */
  fieldBytes: number;
}

/** Room for the multipart boundaries and part headers around the files. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The other fields of a picture form (names, prices, descriptions): the small form limit's size. */
const PICTURE_FORM_FIELD_BYTES = 100 * 1024;

/** The CSV import's file, or its text pasted (and posted again from the preview): CSV_IMPORT_LIMITS.bytes, written
 * here again so the server's edge does not load the import's module (a unit test keeps the two equal). */
const CSV_IMPORT_BYTES = 2 * 1024 * 1024;

/** A bank statement (issue 23): its file (STATEMENT_MAX_FILE_BYTES), and its rows carried back as JSON between the
 * import's steps (STATEMENT_CARRIED_MAX_BYTES) with the mapping's few fields; written here again for the same reason. */
const STATEMENT_FILE_BYTES = 5 * 1024 * 1024;
const STATEMENT_FORM_FIELD_BYTES = 12 * 1024 * 1024 + 64 * 1024;

const picture = (files: number): UploadRoute => ({
  files,
  fileBytes: "upload-max",
  fieldBytes: PICTURE_FORM_FIELD_BYTES,
});

// An item's or an event's form uploads several pictures with one save (an event: its cover and photos).
export const UPLOAD_ROUTES: Readonly<Record<string, UploadRoute>> = {
  "/admin/logos": picture(1),
  "/admin/logos/upload": picture(1),
  "/admin/hero": picture(1),
  "/admin/hero/upload": picture(1),
  "/admin/gallery": picture(1),
  "/admin/gallery/upload": picture(1),
  "/admin/inventory": picture(6),
  "/admin/events": picture(6),
  "/admin/inventory/import": { files: 1, fileBytes: CSV_IMPORT_BYTES, fieldBytes: CSV_IMPORT_BYTES },
  "/admin/accounts/reconciliation/import": {
    files: 1,
    fileBytes: STATEMENT_FILE_BYTES,
    fieldBytes: STATEMENT_FORM_FIELD_BYTES,
  },
};

export const UPLOAD_ROUTE_PATHS = Object.keys(UPLOAD_ROUTES);

/**
 * The upload route a request path names exactly, or null: `/admin/logos`, `/admin/logos/` and React Router's
 * `/admin/logos.data` (where a form submitted with JavaScript posts) do; `/admin/logos/x` does not. Case-insensitive,
 * as React Router matches routes.
 */
export function uploadRouteFor(pathname: string): UploadRoute | null {
  const path = pathname
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1");
  return Object.hasOwn(UPLOAD_ROUTES, path) ? UPLOAD_ROUTES[path]! : null;
}

/** The limits of one upload route's post with UPLOAD_MAX_BYTES as configured. */
export function uploadLimits(route: UploadRoute, uploadMaxBytes: number) {
  const fileBytes = route.fileBytes === "upload-max" ? uploadMaxBytes : route.fileBytes;
  return {
    files: route.files,
    fileBytes,
    fieldBytes: route.fieldBytes,
    /** The whole body: every file at its largest, the fields, and the multipart framing. */
    bodyBytes: route.files * fileBytes + route.fieldBytes + MULTIPART_OVERHEAD_BYTES,
  };
}

export type UploadLimits = ReturnType<typeof uploadLimits>;
