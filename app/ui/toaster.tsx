import { Toaster as Sonner } from "sonner";

/** Toasts appear at the top right (storefront.md §2). */
export function Toaster() {
  return <Sonner position="top-right" closeButton />;
}
