import { Menu } from "lucide-react";
import { useEffect, useState } from "react";
import type { PictureListItem } from "~/domain/content/picture-lists";
import { HeaderLogos, headerLogoCount, headerLogoReach, headerLogoSteps, type HeaderLogo } from "../../header-logos";
import { NAV_LINKS } from "../../site-header";
import { Panel } from "../page-header";

// The Logos screen's preview of the storefront header (issue 20): the same `HeaderLogos` the header draws, at the
// widths it changes at, over the home page's first picture and on white once the page scrolls; and the file
// chosen for upload shown the same way before it is sent, with where in the header it would appear.

/** The picture behind the header at the top of the home page: the slideshow's first. */
export interface HeaderBackdrop {
  imageUrl: string;
  srcSet?: string;
}

/** The file chosen in the upload form, shown from the browser's own copy before it is sent. */
export interface ChosenLogo {
  url: string;
  fileName: string;
}

/** The id the chosen file has among the logos of the preview. */
const CHOSEN_ID = "chosen-file";

export function headerLogoOf(item: PictureListItem): HeaderLogo {
  const { src, srcSet, width, height } = item.picture;
  return { id: item.id, name: item.label, imageUrl: src, srcSet, width, height };
}

interface PreviewView {
  label: string;
  /** The window width imitated, px. */
  width: number;
  overHero: boolean;
}

const VIEWS: PreviewView[] = [
  { label: "Phone", width: 375, overHero: true },
  { label: "Tablet", width: 768, overHero: true },
  { label: "Computer", width: 1280, overHero: true },
  { label: "Computer, once the page scrolls", width: 1280, overHero: false },
];

/** The whole header's logos as the storefront shows them now, with the chosen file (if any) at the end. */
export function HeaderPreviewPanel({
  items,
  backdrop,
  chosen,
}: {
  items: PictureListItem[];
  backdrop: HeaderBackdrop | null;
  chosen: ChosenLogo | null;
}) {
  const logos = items.map(headerLogoOf);
  if (chosen) logos.push({ id: CHOSEN_ID, name: `${chosen.fileName} (not uploaded yet)`, imageUrl: chosen.url });
  return (
    <Panel className="min-w-0">
      <div className="border-b border-slate-200 px-5 py-4">
        <h2 className="text-base font-semibold text-ink-900">How the header shows them</h2>
        <p className="mt-1 text-sm text-slate-600">
          Each logo as uploaded, on a white plate so its colours read over the home page's picture. The header shows the
          first logos of the list: {headerLogoSteps()}.{chosen ? " The chosen file is outlined." : ""}
        </p>
      </div>
      <div className="space-y-4 p-4 sm:p-5" aria-label="Header preview" role="group">
        {VIEWS.map((view) => (
          <PreviewBar key={view.label} view={view} logos={logos} backdrop={backdrop} marked={CHOSEN_ID} />
        ))}
      </div>
    </Panel>
  );
}

/** Under the upload form's file field: the chosen file in the header, and where it would go. */
export function ChosenLogoPreview({
  chosen,
  position,
  backdrop,
}: {
  chosen: ChosenLogo;
  /** Its place once uploaded (1 = first): new logos join the end. */
  position: number;
  backdrop: HeaderBackdrop | null;
}) {
  const readable = usePictureReadable(chosen.url);
  if (readable === false)
    return (
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
        This file cannot be shown as a picture, so it cannot be previewed.
      </p>
    );
  const logo: HeaderLogo = { id: CHOSEN_ID, name: chosen.fileName, imageUrl: chosen.url };
  return (
    <div className="space-y-2" role="group" aria-label="Preview of the chosen logo">
      <p className="text-sm font-medium text-ink-900">How the header will show it</p>
      {(
        [
          { label: "Over the home page's picture", width: 375, overHero: true },
          { label: "Once the page scrolls", width: 375, overHero: false },
        ] satisfies PreviewView[]
      ).map((view) => (
        <PreviewBar key={view.label} view={view} logos={[logo]} backdrop={backdrop} compact />
      ))}
      <p className="text-xs text-slate-600">
        It will be logo {position}: {headerLogoReach(position - 1).toLowerCase()}.
      </p>
    </div>
  );
}

/** Whether the browser can draw the picture at `url`: null while it is being read. */
function usePictureReadable(url: string): boolean | null {
  const [readable, setReadable] = useState<{ url: string; ok: boolean } | null>(null);
  useEffect(() => {
    const probe = new Image();
    probe.onload = () => setReadable({ url, ok: true });
    probe.onerror = () => setReadable({ url, ok: false });
    probe.src = url;
    return () => {
      probe.onload = null;
      probe.onerror = null;
    };
  }, [url]);
  return readable?.url === url ? readable.ok : null;
}

/**
 * One imitated header bar: the logos plate on the left as `HeaderLogos` draws it at `view.width`, stand-ins for
 * the links and buttons on the right. The bar is as wide as the screen allows, often less than the width it
 * imitates, so here the links' words (and on a narrow screen the Request Quotation button) give way to the logos.
 */
function PreviewBar({
  view,
  logos,
  backdrop,
  marked,
  compact = false,
}: {
  view: PreviewView;
  logos: HeaderLogo[];
  backdrop: HeaderBackdrop | null;
  marked?: string;
  compact?: boolean;
}) {
  const shown = logos.slice(0, headerLogoCount(view.width));
  const phone = view.width < 640;
  const withLinks = view.width >= 1024;
  const ink = view.overHero ? "text-white" : "text-ink-900";
  return (
    <figure className={phone ? "max-w-[375px]" : view.width < 1024 ? "max-w-[768px]" : ""}>
      {!compact && (
        <figcaption className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-slate-600">
          <span className="font-medium text-ink-900">
            {view.label}, {view.width} px
          </span>
          <span>{shown.length ? `Shows ${shown.map((l) => l.name).join(", ")}` : "No logo"}</span>
        </figcaption>
      )}
      <div
        data-preview={`${view.width}-${view.overHero ? "hero" : "scrolled"}`}
        className={`@container relative isolate overflow-hidden rounded-md ${phone ? "h-16" : "h-20"} ${
          view.overHero ? "bg-ink-900" : "bg-white shadow-md ring-1 ring-slate-200"
        }`}
        title={compact ? view.label : undefined}
      >
        {view.overHero && (
          <>
            {backdrop && (
              <img
                src={backdrop.imageUrl}
                srcSet={backdrop.srcSet}
                sizes={backdrop.srcSet ? "(min-width: 1024px) 900px, 100vw" : undefined}
                alt=""
                loading="lazy"
                className="absolute inset-0 -z-20 size-full object-cover object-top"
              />
            )}
            <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink-900/90 via-ink-900/60 to-ink-900/10" />
          </>
        )}
        <div className={`flex h-full items-center gap-4 px-4 ${phone ? "" : "@lg:px-6"} ${ink}`}>
          <div className="flex min-w-0 items-center">
            <HeaderLogos logos={logos} overHero={view.overHero} windowWidth={view.width} marked={marked} />
          </div>
          {/* Takes what the logos leave (it starts from nothing): the links' words are cut off, not the logos. */}
          <span
            aria-hidden
            className="flex min-w-0 flex-1 basis-0 justify-center gap-4 overflow-hidden text-sm font-medium whitespace-nowrap"
          >
            {withLinks && NAV_LINKS.map((link) => <span key={link.to}>{link.label}</span>)}
          </span>
          {!phone && (
            <span
              aria-hidden
              className="hidden shrink-0 rounded-md bg-brand-700 px-3 py-2 text-xs font-semibold whitespace-nowrap text-white @md:inline"
            >
              Request Quotation
            </span>
          )}
          {!withLinks && <Menu aria-hidden className="size-6 shrink-0" />}
        </div>
      </div>
      {compact && <p className="mt-0.5 text-xs text-slate-500">{view.label}</p>}
    </figure>
  );
}
