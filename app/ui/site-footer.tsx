import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import type { SocialLinks } from "~/domain/content/constants";
import { NAV_LINKS } from "./site-header";
import { SocialIconLinks } from "./social-icons";

/** The footer's service links: catalogue filters (storefront.md §2). */
const SERVICE_LINKS = [
  { category: "lighting", label: "Lighting" },
  { category: "sound", label: "Sound Systems" },
  { category: "led", label: "LED Walls" },
  { category: "stage", label: "Stage Setup" },
  { category: "furniture", label: "Furniture" },
  { category: "photo", label: "Photography" },
] as const;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

export function SiteFooter({
  company,
}: {
  company: {
    name: string;
    tagline: string;
    address: string;
    phones: string[];
    emails: string[];
    socialLinks: SocialLinks;
  };
}) {
  const heading = "text-sm font-semibold tracking-wider text-white uppercase";
  const link = "text-slate-300 transition hover:text-white";
  return (
    <footer className="bg-ink-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{company.name}</p>
          <p className="mt-3 leading-relaxed">{company.tagline}</p>
          <SocialIconLinks links={company.socialLinks} className="mt-5 flex gap-2" />
        </div>
        <div>
          <h2 className={heading}>Quick Links</h2>
          <ul className="mt-4 space-y-2">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <Link className={link} to={l.to}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <Link className={link} to="/quotation">
                Request Quotation
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>Services</h2>
          <ul className="mt-4 space-y-2">
            {SERVICE_LINKS.map((s) => (
              <li key={s.category}>
                <Link className={link} to={`/products?category=${s.category}`}>
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={heading}>Contact</h2>
          <ul className="mt-4 space-y-3">
            <li className="flex gap-3">
              <MapPin aria-hidden size={18} className="mt-0.5 shrink-0 text-brand-400" />
              <span>{company.address}</span>
            </li>
            {company.phones[0] && (
              <li className="flex gap-3">
                <Phone aria-hidden size={18} className="mt-0.5 shrink-0 text-brand-400" />
                <a className={link} href={telHref(company.phones[0])}>
                  {company.phones[0]}
                </a>
              </li>
            )}
            {company.emails[0] && (
              <li className="flex gap-3">
                <Mail aria-hidden size={18} className="mt-0.5 shrink-0 text-brand-400" />
                <a className={`${link} break-all`} href={`mailto:${company.emails[0]}`}>
                  {company.emails[0]}
                </a>
              </li>
            )}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {company.name}. All rights reserved.
          </p>
          <ul className="flex gap-5">
            <li>
              <Link className={link} to="/privacy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className={link} to="/terms">
                Terms of Service
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
