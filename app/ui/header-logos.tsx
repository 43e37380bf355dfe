// The storefront header's logos (storefront.md §1; issue 20), written once for the header and for the Logos
// screen's preview of it. A logo is shown as uploaded, colours and all, on a white plate: over the home page's dark
// picture the plate keeps a coloured or dark logo readable (no filter turns it into a white block), and once the
// header turns white the plate is simply part of it. How many logos show depends on the window's width, so the
// header's buttons always keep their place: the rest wait lower in the order.

/** A logo as the header draws it; uploaded ones come in several widths (`srcSet`) with their own proportions. */
export interface HeaderLogo {
  id: string;
  name: string;
  imageUrl: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/**
 * How many logos the header shows from each window width on (px, Tailwind's sm and xl): two on phones (the
 * spec's two logos), a third from 640 px and a fourth from 1280 px, where the header has room beside its links
 * and buttons. The logos after these are not shown in the header.
 */
export const HEADER_LOGO_STEPS = [
  { fromWidth: 0, count: 2 },
  { fromWidth: 640, count: 3 },
  { fromWidth: 1280, count: 4 },
] as const;

/** The most logos the header ever shows. */
export const HEADER_LOGO_MAX = HEADER_LOGO_STEPS[HEADER_LOGO_STEPS.length - 1]!.count;

/** How many logos the header shows in a window this wide. */
export function headerLogoCount(windowWidth: number): number {
  let count = 0;
  for (const step of HEADER_LOGO_STEPS) if (windowWidth >= step.fromWidth) count = step.count;
  return count;
}

/** The narrowest window (px) whose header shows the logo at `index` (0 = the first), or null if none does. */
export function headerLogoFrom(index: number): number | null {
  return HEADER_LOGO_STEPS.find((step) => index < step.count)?.fromWidth ?? null;
}

/** Where the logo at `index` appears, in a few words for the Logos screen. */
export function headerLogoReach(index: number): string {
  const from = headerLogoFrom(index);
  if (from === null) return `Not in the header, which shows the first ${HEADER_LOGO_MAX} only`;
  return from === 0 ? "In the header on every screen" : `In the header on screens from ${from} px wide`;
}

/** The steps in words: "2 on phones, 3 from 640 px wide, 4 from 1280 px wide". */
export function headerLogoSteps(): string {
  return HEADER_LOGO_STEPS.map((step) =>
    step.fromWidth === 0 ? `${step.count} on phones` : `${step.count} from ${step.fromWidth} px wide`,
  ).join(", ");
}

// Tailwind reads class names whole, so each step's "hidden below this width" is spelt out; the tests check it
// follows HEADER_LOGO_STEPS.
export const HIDDEN_BELOW: Record<number, string> = { 0: "", 640: "hidden sm:block", 1280: "hidden xl:block" };

/** The logos' height at its largest (h-10). */
const LOGO_HEIGHT = 40;

/**
 * An uploaded logo comes in several widths: the browser picks one for the width it is shown at (40 px high,
 * its own proportions), and the width attribute reserves its room before it loads.
 */
function uploadedLogoSize(logo: HeaderLogo) {
  if (!logo.srcSet || !logo.width || !logo.height) return {};
  const width = Math.ceil((LOGO_HEIGHT * logo.width) / logo.height);
  return { srcSet: logo.srcSet, sizes: `${width}px`, width };
}

/**
 * The plate of logos. In the header (no `windowWidth`) the window's width decides how many show and their size;
 * the Logos screen's preview passes the width it imitates. `overHero` adds the shadow that lifts the plate off the
 * picture. `marked` outlines one logo (the file chosen for upload, before it is sent).
 */
export function HeaderLogos({
  logos,
  overHero,
  windowWidth,
  marked,
}: {
  logos: readonly HeaderLogo[];
  overHero: boolean;
  windowWidth?: number;
  marked?: string;
}) {
  const fixed = windowWidth !== undefined;
  const shown = logos.slice(0, fixed ? headerLogoCount(windowWidth) : HEADER_LOGO_MAX);
  if (shown.length === 0) return null;
  const wide = fixed && windowWidth >= HEADER_LOGO_STEPS[1].fromWidth;
  const size = fixed ? (wide ? "h-10 max-w-56" : "h-8 max-w-44") : "h-8 max-w-44 sm:h-10 sm:max-w-56";
  return (
    <span
      data-logo-plate
      className={`flex min-w-0 items-center gap-2 rounded-lg bg-white transition-shadow sm:gap-3 ${
        fixed && wide ? "px-3 py-2" : fixed ? "px-2 py-1.5" : "px-2 py-1.5 sm:px-3 sm:py-2"
      } ${overHero ? "shadow-md ring-1 ring-black/5" : ""}`}
    >
      {shown.map((logo, index) => (
        <img
          key={logo.id}
          src={logo.imageUrl}
          {...uploadedLogoSize(logo)}
          alt=""
          height={LOGO_HEIGHT}
          // A logo hidden on a phone waits until it is shown.
          loading={index < HEADER_LOGO_STEPS[0].count ? undefined : "lazy"}
          data-logo={logo.name}
          className={`${size} w-auto min-w-0 shrink object-contain ${
            fixed ? "" : HIDDEN_BELOW[headerLogoFrom(index) ?? 0]
          } ${logo.id === marked ? "rounded outline-2 outline-offset-2 outline-brand-600 outline-dashed" : ""}`}
        />
      ))}
    </span>
  );
}
