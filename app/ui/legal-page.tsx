import { formatLongDate } from "~/lib/format";
import { PageHero } from "./page-hero";

/** What the privacy and terms pages say about the company, read from company_settings. */
export interface LegalCompany {
  name: string;
  address: string;
  email: string;
  phone: string | undefined;
}

/** The company fields the legal pages show: the first public e-mail (or the notification address). */
export function legalCompany(company: {
  name: string;
  address: string;
  emails: string[];
  phones: string[];
  notificationEmail: string;
}): LegalCompany {
  return {
    name: company.name,
    address: company.address,
    email: company.emails[0] ?? company.notificationEmail,
    phone: company.phones[0],
  };
}

// Readable long text without a typography plugin: a measure of max-w-3xl, spaced headings, real lists.
const prose = [
  "mx-auto max-w-3xl px-4 py-14 text-base leading-relaxed text-slate-700 sm:px-6 sm:py-16",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-28 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink-900",
  "[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-ink-900 [&>:first-child]:mt-0",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:pl-1 [&_strong]:text-ink-900",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800",
].join(" ");

/** The privacy and terms pages' frame: hero with the title and the date of the last change, then the text. */
export function LegalPage({
  title,
  lastUpdated,
  summary,
  children,
}: {
  title: string;
  /** YYYY-MM-DD */
  lastUpdated: string;
  summary: string;
  children: React.ReactNode;
}) {
  return (
    <main>
      <PageHero title={title} subtitle={summary}>
        <p className="mt-4 text-sm text-slate-300">
          Last updated: <time dateTime={lastUpdated}>{formatLongDate(lastUpdated)}</time>
        </p>
      </PageHero>
      <article className={prose}>{children}</article>
    </main>
  );
}

/** The company's e-mail as a mailto: link. */
export function MailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
