/** A result shown as a toast, top right (backoffice.md §2), with the spec's exact words. */
export interface Toast {
  type: "success" | "error";
  message: string;
}
