import { Clock, ExternalLink, Headset, Mail, MapPin, Phone } from "lucide-react";
import type { BusinessHours } from "~/domain/content/constants";
import { googleMapsSearchUrl } from "~/lib/maps";
import { telHref } from "./site-footer";

export interface ContactDetailsData {
  address: string;
  phones: string[];
  emails: string[];
  businessHours: BusinessHours[];
  supportNote: string;
}

function DetailCard({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-ink-900">{title}</h3>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </div>
  );
}

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline";

/** The company's address, phones, e-mails, business hours and support note (storefront.md, /contact). */
export function ContactDetails({ company }: { company: ContactDetailsData }) {
  return (
    <div className="space-y-4">
      <DetailCard icon={<MapPin aria-hidden size={20} />} title="Our Office">
        <address className="not-italic">{company.address}</address>
      </DetailCard>
      {company.phones.length > 0 && (
        <DetailCard icon={<Phone aria-hidden size={20} />} title="Phone">
          <ul className="space-y-1">
            {company.phones.map((phone) => (
              <li key={phone}>
                <a className={linkClass} href={telHref(phone)}>
                  {phone}
                </a>
              </li>
            ))}
          </ul>
        </DetailCard>
      )}
      {company.emails.length > 0 && (
        <DetailCard icon={<Mail aria-hidden size={20} />} title="Email">
          <ul className="space-y-1">
            {company.emails.map((email) => (
              <li key={email}>
                <a className={`${linkClass} break-all`} href={`mailto:${email}`}>
                  {email}
                </a>
              </li>
            ))}
          </ul>
        </DetailCard>
      )}
      {company.businessHours.length > 0 && (
        <DetailCard icon={<Clock aria-hidden size={20} />} title="Business Hours">
          <dl className="space-y-1 text-[0.9375rem]">
            {company.businessHours.map((line) => (
              <div key={line.days} className="flex flex-wrap justify-between gap-x-3">
                <dt>{line.days}</dt>
                <dd className="font-medium whitespace-nowrap text-ink-900">{line.hours}</dd>
              </div>
            ))}
          </dl>
        </DetailCard>
      )}
      {company.supportNote && (
        <p className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm font-medium text-brand-900">
          <Headset aria-hidden size={20} className="shrink-0" />
          <span>{company.supportNote}</span>
        </p>
      )}
    </div>
  );
}

/**
 * Where to find the office: a styled panel with the address and a link to it on Google Maps, instead of an
 * embedded map (no third-party script or frame; the CSP allows none).
 */
export function MapPanel({ address }: { address: string }) {
  return (
    <section
      aria-labelledby="map-heading"
      className="relative overflow-hidden rounded-xl bg-gradient-to-br from-ink-900 via-ink-800 to-[#3b1450] p-6 text-white sm:py-10"
    >
      {/* A faint street grid, drawn with CSS, so the panel reads as a map. */}
      <div
        aria-hidden
        className="absolute inset-0 opacity-15 [background-image:linear-gradient(rgba(255,255,255,.5)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,.5)_1px,transparent_1px)] [background-size:28px_28px]"
      />
      <div className="relative flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-500 text-white shadow-lg">
          <MapPin aria-hidden size={24} />
        </span>
        <div className="flex-1">
          <h2 id="map-heading" className="text-lg font-semibold">
            Find Us
          </h2>
          <p className="mt-1 text-slate-200">{address}</p>
        </div>
        <a
          href={googleMapsSearchUrl(address)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex shrink-0 items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-semibold text-ink-900 shadow-sm transition hover:bg-brand-50"
        >
          Open in Google Maps
          <ExternalLink aria-hidden size={16} />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </section>
  );
}
