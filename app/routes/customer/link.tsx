import { LinkIcon, Loader2 } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import { getDb } from "~/db/client.server";
import { secretLinkPageMiddleware } from "~/domain/auth/guard.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import { getQuotationByLink } from "~/domain/quotations/customer-quotations.server";
import { requestNewLink } from "~/domain/quotations/link-request.server";
import { hashLinkToken } from "~/domain/quotations/link-token";
import { useToast } from "~/ui/admin/form";
import { Panel } from "~/ui/admin/page-header";
import { primaryButton } from "~/ui/buttons";
import { CustomerQuotationActions } from "~/ui/customer/quotation-actions";
import { CustomerQuotationView } from "~/ui/customer/quotation-view";
import { PortalShell } from "~/ui/customer/portal-shell";
import { answerCustomerForm } from "./customer-answer.server";
import type { Route } from "./+types/link";

// The page the quotation e-mail's link opens, without a password (issue 10, DESIGN §6): the quotation while the
// link is its current one and not expired, with the same answers as the portal. An expired link says so and
// offers to ask for a new one; a replaced or unknown one says so too. Private (no-store, noindex) with
// Referrer-Policy: same-origin (secretLinkPageMiddleware); the request log writes the path without the token
// (redactLinkPath).

export const middleware: Route.MiddlewareFunction[] = [secretLinkPageMiddleware];

export const meta: Route.MetaFunction = () => [
  { title: "Your quotation" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const [linked, company] = await Promise.all([getQuotationByLink(db, params.token), getCompanySettings(db)]);
  return { linked, companyName: company.name };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const db = getDb();
  if (form.get("intent") === "new-link") {
    const { message } = await requestNewLink(db, params.token);
    return data({ ok: true, intent: "new-link", toast: { type: "success" as const, message } });
  }
  return answerCustomerForm(db, form, { kind: "link", tokenHash: hashLinkToken(params.token) });
}

export default function QuotationLink({ loaderData, params }: Route.ComponentProps) {
  const { linked, companyName } = loaderData;
  // This page's own path (link-token.ts's quotationLinkPath is server-only: it draws tokens with node:crypto).
  const linkPath = `/customer/link/${params.token}`;
  return (
    <PortalShell companyName={companyName} email={null}>
      {linked.state === "open" ? (
        <CustomerQuotationView
          quotation={linked.quotation}
          pdfHref={(revision) => `${linkPath}/revisions/${revision}/pdf`}
          actions={<CustomerQuotationActions quotation={linked.quotation} />}
        />
      ) : (
        <LinkNotOpen expired={linked.state === "expired" ? linked.eventName : null} />
      )}
    </PortalShell>
  );
}

function LinkNotOpen({ expired }: { expired: string | null }) {
  const fetcher = useFetcher<{ ok: boolean; toast: { type: "success" | "error"; message: string } }>();
  useToast(fetcher.state === "idle" ? fetcher.data?.toast : undefined);
  const asked = fetcher.state === "idle" && fetcher.data?.ok;
  return (
    <Panel className="mx-auto max-w-xl space-y-4 p-6 text-center sm:p-8">
      <LinkIcon aria-hidden className="mx-auto size-10 text-slate-400" />
      <h1 className="text-xl font-bold text-ink-900">
        {expired ? "This link has expired" : "This link no longer opens a quotation"}
      </h1>
      <p className="text-sm text-slate-600">
        {expired
          ? `The link to your quotation for ${expired} was valid for 7 days. Ask us for a new one and we will send it to you by e-mail.`
          : "It was replaced by a newer link (look for our latest e-mail), or it is not complete. You can also see your quotations in the customer portal."}
      </p>
      {expired ? (
        asked ? (
          <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm text-green-800">
            {fetcher.data!.toast.message}
          </p>
        ) : (
          <fetcher.Form method="post">
            <button
              type="submit"
              name="intent"
              value="new-link"
              className={primaryButton}
              disabled={fetcher.state !== "idle"}
            >
              {fetcher.state !== "idle" && <Loader2 aria-hidden className="size-4 animate-spin" />}
              Ask for a new link
            </button>
          </fetcher.Form>
        )
      ) : null}
      <p className="text-sm">
        <Link to="/customer/login" className="font-semibold text-brand-700 hover:underline">
          Sign in to the customer portal
        </Link>
        {" · "}
        <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
          Contact us
        </Link>
      </p>
    </Panel>
  );
}
