import type { SVGProps } from "react";
import type { SocialLinks } from "~/domain/content/constants";

// Brand marks drawn as simple strokes in the style of the other icons (lucide no longer ships brands).
const base: SVGProps<SVGSVGElement> = {
  width: 20,
  height: 20,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
};

const icons: Record<keyof SocialLinks, { label: string; body: React.ReactNode }> = {
  facebook: { label: "Facebook", body: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" /> },
  instagram: {
    label: "Instagram",
    body: (
      <>
        <rect x="2" y="2" width="20" height="20" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <line x1="17.5" y1="6.5" x2="17.51" y2="6.5" />
      </>
    ),
  },
  linkedin: {
    label: "LinkedIn",
    body: (
      <>
        <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
        <rect x="2" y="9" width="4" height="12" />
        <circle cx="4" cy="4" r="2" />
      </>
    ),
  },
  youtube: {
    label: "YouTube",
    body: (
      <>
        <rect x="2" y="5" width="20" height="14" rx="4" />
        <path d="m10 9 5 3-5 3z" />
      </>
    ),
  },
};

export function SocialIconLinks({ links, className }: { links: SocialLinks; className?: string }) {
  const entries = (Object.keys(icons) as (keyof SocialLinks)[]).filter((k) => links[k]);
  if (entries.length === 0) return null;
  return (
    <ul className={className}>
      {entries.map((k) => (
        <li key={k}>
          <a
            href={links[k]}
            rel="noopener noreferrer"
            target="_blank"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-slate-200 transition hover:bg-brand-500 hover:text-white"
          >
            <svg {...base}>{icons[k].body}</svg>
            <span className="sr-only">{icons[k].label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
