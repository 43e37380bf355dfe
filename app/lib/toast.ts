/** A result shown as a toast, top right (backoffice.md §2), with the spec's exact words. */
export interface Toast {
  type: "success" | "error";
  message: string;
  /** A page of this site to go on to from the toast (the outbox holding an unsent message). */
  link?: ToastLink;
}

export interface ToastLink {
  /** A path of this site ("/admin/outbox/…"), never another site's address. */
  href: string;
  label: string;
}

/** Whether `href` is a path of this site: one leading slash, no scheme, no "//" or "\" that a browser would
 * read as another host. */
export function isSitePath(href: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(href);
}
