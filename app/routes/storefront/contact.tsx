import { data, useActionData, useNavigation } from "react-router";
import { getDb } from "~/db/client.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { CONTACT_LIMITS } from "~/domain/content/contact";
import { contactFormOutcome } from "~/domain/content/contact-form";
import { receiveContactForm } from "~/domain/content/contact-form.server";
import { httpInitOf } from "~/lib/use-case-http";
import { pageMeta } from "~/lib/meta";
import { ContactDetails, MapPanel } from "~/ui/contact-details";
import { ContactForm } from "~/ui/contact-form";
import { PageHero } from "~/ui/page-hero";
import { requestInfo } from "~/lib/request-context";
import type { Route } from "./+types/contact";

export async function loader() {
  const company = await getCompanySettings(getDb());
  return {
    company: {
      name: company.name,
      address: company.address,
      phones: company.phones,
      emails: company.emails,
      businessHours: company.businessHours,
      supportNote: company.supportNote,
    },
    // Handed to the form for its maxLength attributes, so the browser bundle does not carry the zod schema.
    limits: CONTACT_LIMITS,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form at all is checked as an empty form (400 with every required field named).
  const form = await request.formData().catch(() => null);
  const result = await receiveContactForm(getDb(), form, requestInfo(context).clientAddress);
  const { status, headers } = result.ok ? { status: 200, headers: {} } : httpInitOf(result);
  return data(contactFormOutcome(result), { status, headers: { ...headers, "Cache-Control": "no-store" } });
}

// The page itself is public and cacheable; the answer to a POST is the visitor's own and never cached.
export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : { "Cache-Control": "public, max-age=60, s-maxage=300" };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Contact Us",
    description: "Get in touch with our team for inquiries, support, or to discuss your event needs.",
    path: "/contact",
  });
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { company, limits } = loaderData;
  const outcome = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main>
      <PageHero
        title="Contact Us"
        subtitle="Get in touch with our team for inquiries, support, or to discuss your event needs."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:gap-12">
        <section aria-labelledby="contact-details" className="space-y-6 lg:col-span-2">
          <div>
            <h2 id="contact-details" className="text-2xl font-bold text-ink-900">
              Get in Touch
            </h2>
            <p className="mt-2 text-slate-600">
              Call, write or visit {company.name}; we answer most messages within one working day.
            </p>
          </div>
          <ContactDetails company={company} />
        </section>
        <div className="space-y-6 lg:col-span-3">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <ContactForm outcome={outcome} sending={sending} limits={limits} />
          </div>
          <MapPanel address={company.address} />
        </div>
      </div>
    </main>
  );
}
