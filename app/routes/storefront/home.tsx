import { getDb } from "~/db/client.server";
import { getCompanySettings, listHeroImages } from "~/domain/content/company.server";
import { CATEGORIES } from "~/domain/catalogue/constants";
import type { Route } from "./+types/home";

export async function loader() {
  const db = getDb();
  const [company, heroImages] = await Promise.all([getCompanySettings(db), listHeroImages(db)]);
  return { company: { name: company.name, tagline: company.tagline }, hero: heroImages[0] ?? null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page Not Found" }];
  return [{ title: loaderData.company.name }, { name: "description", content: loaderData.company.tagline }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { company, hero } = loaderData;
  return (
    <main>
      <section className="relative isolate overflow-hidden bg-ink-900">
        {hero && (
          <img
            src={hero.imageUrl}
            alt={hero.alt}
            width={1920}
            height={1080}
            fetchPriority="high"
            className="absolute inset-0 -z-10 h-full w-full object-cover opacity-70"
          />
        )}
        <div className="mx-auto max-w-7xl px-4 py-28 sm:px-6 sm:py-40">
          <p className="text-lg font-medium text-brand-200">Welcome to</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-6xl">{company.name}</h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200">{company.tagline}</p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 className="text-2xl font-bold text-ink-900">Equipment &amp; Services</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CATEGORIES.map((category) => (
            <li key={category.id} className="rounded-lg border border-slate-200 p-4">
              <p className="font-semibold text-ink-900">{category.name}</p>
              <p className="mt-1 text-sm text-slate-600">{category.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
