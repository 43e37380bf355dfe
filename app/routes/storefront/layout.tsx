import { Link, Outlet } from "react-router";
import { getDb } from "~/db/client.server";
import { getCompanySettings, listLogos } from "~/domain/content/company.server";
import type { Route } from "./+types/layout";

export async function loader() {
  const db = getDb();
  const [company, logos] = await Promise.all([getCompanySettings(db), listLogos(db)]);
  return {
    company: { name: company.name, address: company.address, phones: company.phones, emails: company.emails },
    logos,
  };
}

export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  const { company, logos } = loaderData;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2" aria-label={`${company.name}, home`}>
            {logos.map((logo) => (
              <img key={logo.id} src={logo.imageUrl} alt="" className="h-9 w-auto" height={36} />
            ))}
          </Link>
        </div>
      </header>
      <Outlet />
      <footer className="mt-auto bg-ink-900 text-slate-300">
        <div className="mx-auto grid max-w-7xl gap-2 px-4 py-8 text-sm sm:px-6">
          <p className="font-semibold text-white">{company.name}</p>
          <p>{company.address}</p>
          <p>
            {company.phones.map((phone, i) => (
              <span key={phone}>
                {i > 0 && " · "}
                <a className="hover:text-white" href={`tel:${phone.replace(/[^+\d]/g, "")}`}>
                  {phone}
                </a>
              </span>
            ))}
          </p>
          <p>
            {company.emails.map((email, i) => (
              <span key={email}>
                {i > 0 && " · "}
                <a className="hover:text-white" href={`mailto:${email}`}>
                  {email}
                </a>
              </span>
            ))}
          </p>
          <p className="pt-4 text-xs text-slate-400">
            © {new Date().getFullYear()} {company.name}
          </p>
        </div>
      </footer>
    </div>
  );
}
