import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { pageMeta } from "~/lib/meta";
import { LegalPage, MailLink, legalCompany } from "~/ui/legal-page";
import type { Route } from "./+types/privacy";

/** The date of the last change to the text below (YYYY-MM-DD); change it with the text. */
const LAST_UPDATED = "2026-11-21";

export async function loader() {
  return { company: legalCompany(await getCompanySettings(getDb())) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=60, s-maxage=300" });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Privacy Policy",
    description: `What ${loaderData.company.name} collects through this website, why, who sees it, how long it is kept and how to exercise your rights.`,
    path: "/privacy",
  });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData;
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={LAST_UPDATED}
      summary="What we collect through this website, why, who sees it, how long we keep it and what you can ask of us."
    >
      <p>
        This policy explains how <strong>{company.name}</strong> ({company.address}) handles the personal information
        you give us through this website. We collect only what we need to answer you, to quote for your event and to
        deliver it, and we do not sell it to anyone.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Contact form:</strong> your name, e-mail address, phone number (if you give one), the subject and your
          message.
        </li>
        <li>
          <strong>Quotation requests:</strong> your name, e-mail address and phone number, and the details of your
          event: its name, date, time and location, the equipment you choose and any notes you add.
        </li>
        <li>
          <strong>Server logs:</strong> when you visit a page our server records your IP address, the time, the address
          of the page and the type of browser. We also keep the IP address a form was sent from, to stop spam and abuse.
        </li>
        <li>
          <strong>Cookies:</strong> the public pages set no advertising or analytics cookies. Signing in to the customer
          portal sets one session cookie, which the sign-in needs to work.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To answer your messages and questions.</li>
        <li>To prepare and send you a quotation, and to plan, deliver and invoice your booking if you confirm it.</li>
        <li>To keep the website safe: to limit repeated submissions, block spam and investigate misuse.</li>
      </ul>
      <p>
        We do not use your details for advertising, and we send you news or offers only if you ask us to. We rely on
        your request (you contacted us or asked for a quotation), on the contract once you book, and on our legitimate
        interest in keeping the website secure.
      </p>

      <h2>Who sees it</h2>
      <ul>
        <li>
          <strong>Our staff</strong> who handle enquiries, quotations, bookings and accounts, each only as far as the
          work needs.
        </li>
        <li>
          <strong>Our e-mail provider</strong>, which delivers the messages we send you and the notifications our team
          receives about your message or request.
        </li>
        <li>
          <strong>Our hosting provider</strong>, which runs the servers and the database this website uses, under a duty
          to keep the data confidential.
        </li>
        <li>Public authorities in Bangladesh, only where the law requires us to disclose it.</li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>Contact messages: up to 2 years after our last exchange with you.</li>
        <li>
          Quotations, bookings and invoices: for as long as the law of Bangladesh requires us to keep business and tax
          records, and otherwise up to 2 years after the event.
        </li>
        <li>Server logs: up to 90 days, unless we need them longer to investigate a specific case of misuse.</li>
      </ul>
      <p>After that we delete the information or make it anonymous.</p>

      <h2>Your rights</h2>
      <p>You may ask us at any time to:</p>
      <ul>
        <li>tell you what information we hold about you and give you a copy;</li>
        <li>correct information that is wrong or incomplete;</li>
        <li>delete your information, unless the law requires us to keep it (for example invoices);</li>
        <li>stop using your information for a purpose you object to.</li>
      </ul>
      <p>
        To ask, write to <MailLink email={company.email} /> or use our <Link to="/contact">contact form</Link>. We may
        ask you to confirm who you are before we act, and we answer within 30 days.
      </p>

      <h2>How we protect it</h2>
      <p>
        The website is served over an encrypted connection, only staff with their own accounts can see messages and
        quotations, passwords are stored only as secure hashes, and every change in our back office is logged.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we change how we handle personal information we update this page and the date at its top. For important
        changes that affect a booking in progress we will also tell you by e-mail.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about this policy or your information: {company.name}, {company.address}; e-mail{" "}
        <MailLink email={company.email} />
        {company.phone ? `; phone ${company.phone}` : ""}.
      </p>
    </LegalPage>
  );
}
