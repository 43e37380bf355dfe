import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { pageMeta } from "~/lib/meta";
import { LegalPage, MailLink, legalCompany } from "~/ui/legal-page";
import type { Route } from "./+types/terms";

/** The date of the last change to the text below (YYYY-MM-DD); change it with the text. */
const LAST_UPDATED = "2026-11-21";

export async function loader() {
  return { company: legalCompany(await getCompanySettings(getDb())) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=60, s-maxage=300" });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Terms of Service",
    description: `The terms on which ${loaderData.company.name} quotes, books and rents event equipment and services.`,
    path: "/terms",
  });
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData;
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={LAST_UPDATED}
      summary="The terms on which we quote, book and rent event equipment and services, and on which you use this website."
    >
      <p>
        These terms apply to quotations, bookings and rentals of equipment and services from{" "}
        <strong>{company.name}</strong> ({company.address}), and to the use of this website. A written quotation or
        booking confirmation from us may add to them; where the two differ, the quotation or confirmation applies.
      </p>

      <h2>Quotations</h2>
      <ul>
        <li>
          Prices on this website are a guide. A quotation is an estimate until we confirm the booking in writing; it
          does not reserve the equipment.
        </li>
        <li>
          A quotation is based on the date, venue, duration and quantities you give us. If these change, the price may
          change too.
        </li>
        <li>All prices are in Bangladeshi taka (BDT). A quotation is valid for 7 days unless it says otherwise.</li>
      </ul>

      <h2>Bookings</h2>
      <ul>
        <li>
          A booking is confirmed when you accept our quotation and we confirm it in writing after receiving the advance
          payment.
        </li>
        <li>
          You arrange access to the venue for delivery, set-up and collection at the agreed times, a safe place to set
          up, a suitable power supply unless we provide it, and any permission the venue or the authorities require.
        </li>
        <li>
          Our crew installs, operates and dismantles the equipment, or supervises its use, unless we agree otherwise in
          writing.
        </li>
      </ul>

      <h2>Payment</h2>
      <ul>
        <li>An advance of 50% of the confirmed price secures the booking, unless the quotation says otherwise.</li>
        <li>The balance is due on or before the event day, unless we agree other terms in writing.</li>
        <li>
          We accept bank transfer, mobile banking and cash against a receipt. Applicable VAT and taxes are shown on the
          quotation.
        </li>
      </ul>

      <h2>Cancellations and changes</h2>
      <ul>
        <li>Cancellations must be made in writing, by e-mail to the address below.</li>
        <li>More than 14 days before the event: we refund the advance, less any costs already incurred for you.</li>
        <li>Between 7 and 14 days before the event: we keep half of the advance.</li>
        <li>Less than 7 days before the event: the advance is not refunded.</li>
        <li>
          We move a booking to another date free of charge if the equipment and crew are available on the new date.
        </li>
      </ul>

      <h2>Care of equipment and damage</h2>
      <ul>
        <li>The equipment stays our property at all times.</li>
        <li>
          From delivery until collection you are responsible for loss of or damage to the equipment caused by you, your
          guests, the venue&apos;s staff or other suppliers, beyond normal wear. We charge the cost of repair or, if it
          cannot be repaired, of replacement.
        </li>
        <li>
          Equipment may not be moved, opened or connected by anyone other than our crew without our consent. Tell us at
          once about any damage or fault.
        </li>
      </ul>

      <h2>Liability</h2>
      <ul>
        <li>We deliver our services with reasonable care and skill, using trained crew and maintained equipment.</li>
        <li>
          Our total liability for a booking is limited to the price paid for it. We are not liable for indirect or
          consequential loss such as loss of profit or reputation.
        </li>
        <li>
          We are not liable for delays or failures caused by events beyond our reasonable control, such as severe
          weather, natural disasters, public unrest, road closures or failures of the public power supply.
        </li>
        <li>Nothing in these terms limits any liability that the law of Bangladesh does not allow to be limited.</li>
      </ul>

      <h2>Use of this website</h2>
      <p>
        The website&apos;s text and photographs belong to {company.name} or are used with permission. Pictures of
        equipment are examples; the items delivered may differ in appearance but not in what they do. How we handle your
        personal information is described in our <Link to="/privacy">Privacy Policy</Link>.
      </p>

      <h2>Governing law</h2>
      <p>
        These terms are governed by the laws of the People&apos;s Republic of Bangladesh. Any dispute that we cannot
        settle together is subject to the courts of Dhaka.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms: {company.name}, {company.address}; e-mail <MailLink email={company.email} />
        {company.phone ? `; phone ${company.phone}` : ""}; or use our <Link to="/contact">contact form</Link>.
      </p>
    </LegalPage>
  );
}
