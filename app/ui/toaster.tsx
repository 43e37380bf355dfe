import { Toaster as Sonner } from "sonner";

/**
 * Toasts appear at the top right (storefront.md §2). `top` (a CSS length) keeps them below a sticky header, so a
 * toast never covers the header's name and Sign out (the back office and the portal, issue 20).
 */
export function Toaster({ top }: { top?: string }) {
  return (
    <Sonner
      position="top-right"
      closeButton
      offset={top ? { top } : undefined}
      mobileOffset={top ? { top } : undefined}
      // Sonner sets a system font stack of its own, without the Taka face: ৳ in a toast showed as a missing glyph.
      style={{ fontFamily: "var(--font-sans)" }}
    />
  );
}
