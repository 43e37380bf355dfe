import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { listFeaturedProducts } from "~/domain/catalogue/catalogue.server";
import { CATEGORIES } from "~/domain/catalogue/constants";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { listHeroImages } from "~/domain/content/company.server";
import { listEvents, listSuccessStories } from "~/domain/content/events.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatShortDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { primaryButton } from "~/ui/buttons";
import { CategoryIcon } from "~/ui/category-icon";
import { EventCard } from "~/ui/event-card";
import { HeroSlideshow } from "~/ui/hero-slideshow";
import { ProductCard } from "~/ui/product-card";
import { SuccessStories } from "~/ui/success-stories";
import type { Route } from "./+types/home";

const HOME_UPCOMING_COUNT = 3;
/** The success-stories carousel shows the latest completed events, not every one ever held. */
const HOME_STORY_COUNT = 8;

export async function loader() {
  const db = getDb();
  const today = todayInDhaka();
  const [company, heroImages, upcoming, stories, featured] = await Promise.all([
    getCompanySettings(db),
    listHeroImages(db),
    listEvents(db, "upcoming", today, HOME_UPCOMING_COUNT),
    listSuccessStories(db, HOME_STORY_COUNT),
    listFeaturedProducts(db),
  ]);
  return { company: { name: company.name, tagline: company.tagline }, heroImages, upcoming, stories, featured };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=60, s-maxage=300" });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: loaderData.company.name,
    description: loaderData.company.tagline,
    path: "/",
    image: loaderData.heroImages[0]?.imageUrl,
  });
}

function SectionHeading({ title, text, id }: { title: string; text?: string; id: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
        {title}
      </h2>
      {text && <p className="mt-3 text-lg text-slate-600">{text}</p>}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { company, heroImages, upcoming, stories, featured } = loaderData;
  return (
    <main>
      <HeroSlideshow images={heroImages}>
        <p className="text-lg font-medium text-brand-300">Welcome to</p>
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-6xl">{company.name}</h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-200 sm:text-xl">{company.tagline}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/products" className={primaryButton}>
            Browse Equipment
          </Link>
          <Link
            to="/quotation"
            className="inline-flex items-center justify-center rounded-md border border-white/60 px-5 py-2.5 text-sm font-semibold text-white transition hover:bg-white/10"
          >
            Request Quotation
          </Link>
        </div>
      </HeroSlideshow>

      <section aria-labelledby="categories" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="categories"
          title="Equipment & Services"
          text="Everything a show needs, from the first cable to the last spark."
        />
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-7">
          {CATEGORIES.map((category) => (
            <li key={category.id}>
              <Link
                to={`/products?category=${category.id}`}
                className="flex h-full flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-center transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
              >
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <CategoryIcon category={category.id} />
                </span>
                <span className="text-sm font-semibold text-ink-900">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="upcoming" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SectionHeading id="upcoming" title="Upcoming Events" text="Where our crews are setting up next." />
            <Link
              to="/events"
              className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-800"
            >
              View all events <ArrowRight aria-hidden size={18} />
            </Link>
          </div>
          {upcoming.length > 0 ? (
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {upcoming.map((event) => (
                <li key={event.slug} className="flex">
                  <EventCard event={event} past={false} dateFormat={formatShortDate} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-10 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              No upcoming events are announced right now. Have a look at our{" "}
              <Link to="/events?tab=past" className="font-semibold text-brand-700 underline">
                past events
              </Link>
              .
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="cta" className="bg-gradient-to-r from-brand-700 to-[#a21caf] py-16 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta" className="text-3xl font-bold">
              Planning an event?
            </h2>
            <p className="mt-2 max-w-xl text-lg text-white/90">
              Tell us the date, the venue and what you need; we send a detailed quotation, usually within one working
              day.
            </p>
          </div>
          <Link
            to="/quotation"
            className="inline-flex items-center gap-2 rounded-md bg-white px-6 py-3 font-semibold text-brand-800 shadow hover:bg-brand-50"
          >
            Request a Quotation <ArrowRight aria-hidden size={18} />
          </Link>
        </div>
      </section>

      <section aria-labelledby="featured" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionHeading
            id="featured"
            title="Featured Equipment"
            text="Our most requested gear, maintained in-house and delivered with a technician."
          />
          <Link
            to="/products"
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-800"
          >
            View all equipment <ArrowRight aria-hidden size={18} />
          </Link>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featured.map((product) => (
            <li key={product.slug} className="relative flex">
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </section>

      {stories.length > 0 && (
        <section aria-labelledby="stories" className="bg-slate-100 py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <SectionHeading id="stories" title="Success Stories" text="A few of the events we have delivered." />
            <div className="mt-10">
              <SuccessStories events={stories} />
            </div>
          </div>
        </section>
      )}
    </main>
  );
}
