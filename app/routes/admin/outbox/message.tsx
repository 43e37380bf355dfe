import { AlertTriangle, ArrowLeft, Paperclip, RotateCcw, ShieldAlert } from "lucide-react";
import { data, Form, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireView, requireAction } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { getOutboxMessage, retryEmail } from "~/domain/email/outbox-admin.server";
import { formatBytes } from "~/domain/media/upload";
import type { Toast } from "~/lib/toast";
import { SubmitButton, useFormBusy, useToast } from "~/ui/admin/form";
import { Detail, DhakaTime, RecordRouteError } from "~/ui/admin/list";
import { EmailStatusBadge } from "~/ui/admin/list/status-badges";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/message";
import { httpStatusOf } from "~/lib/use-case-http";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.email.subject ?? "E-mail"} | Utsab Admin` }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/outbox/:id");
  const email = await getOutboxMessage(getDb(), args.params.id);
  if (!email) throw data("E-mail not found.", { status: 404 });
  return { email, canManage: can(user.role, "outbox.manage") };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/outbox/:id");
  const form = await args.request.formData().catch(() => new FormData());
  intentOf(form); // "retry", the one thing this page does
  const outcome = await retryEmail(getDb(), auditActor(args, user), args.params.id);
  if (!outcome.ok && outcome.refusal === "not-found") throw data(outcome.message, { status: 404 });
  const toast: Toast = { type: outcome.ok ? "success" : "error", message: outcome.message };
  return data({ toast }, { status: outcome.ok ? 200 : httpStatusOf(outcome) });
}

/**
 * The bodies' typeface: monospaced as the text was written, with the taka sign's own font first (app.css: one
 * glyph, U+09F3, the PDF's Noto Sans Bengali), since few monospaced fonts have it and ৳ would show as a box.
 */
const BODY_FONT = "font-[family-name:Taka,ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation_Mono',monospace]";

/** Where the record an e-mail is about can be seen, when there is a screen for it. */
function relatedHref(type: string | null, id: string | null): string | null {
  if (type === "contact_message" && id) return `/admin/inbox/${id}`;
  if (type === "quotation" && id) return `/admin/quotations/${id}`;
  return null;
}

export default function OutboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, canManage } = loaderData;
  useToast(actionData?.toast);
  const retryBusy = useFormBusy("retry");
  const related = relatedHref(email.relatedType, email.relatedId);
  return (
    <>
      <Link
        to="/admin/outbox"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-ink-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        All e-mails
      </Link>
      <PageHeader
        title={email.subject}
        actions={
          canManage &&
          email.status === "failed" && (
            <Form method="post">
              <input type="hidden" name="intent" value="retry" />
              <SubmitButton label="Retry" busyLabel="Retrying..." busy={retryBusy} className={primaryButton} />
            </Form>
          )
        }
      />
      {actionData?.toast.type === "error" && (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.toast.message}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <Panel className="p-6">
            <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Text</h2>
            {email.linkHidden && (
              <p className="mt-3 flex items-start gap-1.5 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                The reset link's token is hidden here: it lets whoever opens it set the account's password. Only the
                recipient's copy has it.
              </p>
            )}
            {/* The text body as text: React escapes it, so nothing in it is ever read as HTML. */}
            <pre
              className={`mt-3 ${BODY_FONT} text-[13px] leading-relaxed break-words whitespace-pre-wrap text-ink-900`}
              data-testid="email-text"
            >
              {email.textBody}
            </pre>
          </Panel>
          {email.attachments.length > 0 && (
            <Panel className="p-6">
              <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Attachments</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {email.attachments.map((a) => (
                  <li key={a.position} className="flex items-center gap-2">
                    <Paperclip aria-hidden className="size-4 shrink-0 text-slate-500" />
                    <a
                      href={`/admin/outbox/${email.id}/attachments/${a.position}`}
                      className="font-medium break-all text-brand-700 hover:underline"
                      download
                    >
                      {a.filename}
                    </a>
                    <span className="text-xs text-slate-500">{formatBytes(a.sizeBytes)}</span>
                  </li>
                ))}
              </ul>
            </Panel>
          )}
          {email.htmlBody && (
            <Panel className="p-6">
              <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">HTML</h2>
              {/* sandbox="" : no scripts, no forms, no same-origin access; the page's CSP also applies to it. */}
              <iframe
                title="HTML body of the e-mail"
                sandbox=""
                srcDoc={email.htmlBody}
                className="mt-3 h-96 w-full rounded border border-slate-200 bg-white"
              />
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-medium text-slate-600">HTML source</summary>
                <pre
                  className={`mt-2 max-h-96 overflow-auto rounded bg-slate-50 p-3 ${BODY_FONT} text-xs break-all whitespace-pre-wrap`}
                >
                  {email.htmlBody}
                </pre>
              </details>
            </Panel>
          )}
        </div>
        <Panel className="p-6">
          <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Headers and delivery</h2>
          <dl className="mt-4 space-y-3 text-sm">
            <Detail term="Status">
              <EmailStatusBadge status={email.status} />
            </Detail>
            <Detail term="To">
              <span className="break-all">{email.to}</span>
            </Detail>
            {email.replyTo && (
              <Detail term="Reply-To">
                <span className="break-all">{email.replyTo}</span>
              </Detail>
            )}
            <Detail term="Subject">{email.subject}</Detail>
            <Detail term="Kind">
              <span className="font-mono text-xs">{email.kind}</span>
            </Detail>
            {email.relatedType && (
              <Detail term="About">
                {related ? (
                  <Link to={related} className="text-brand-700 hover:underline">
                    {email.relatedType.replace(/_/g, " ")}
                  </Link>
                ) : (
                  <span>
                    {email.relatedType.replace(/_/g, " ")}{" "}
                    <span className="font-mono text-xs text-slate-500">{email.relatedId}</span>
                  </span>
                )}
              </Detail>
            )}
            <Detail term="Attempts">{email.attempts}</Detail>
            {email.lastError && (
              <Detail term="Last error">
                <span className="flex items-start gap-1.5 text-red-800">
                  <AlertTriangle aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                  <span className="break-words">{email.lastError}</span>
                </span>
              </Detail>
            )}
            <Detail term="Created">
              <DhakaTime value={email.createdAt} withSeconds />
            </Detail>
            {(email.status === "pending" || email.status === "sending") && (
              <Detail term="Next attempt">
                <DhakaTime value={email.nextAttemptAt} withSeconds />
              </Detail>
            )}
            <Detail term="Sent">
              <DhakaTime value={email.sentAt} withSeconds />
            </Detail>
          </dl>
          {canManage && email.status === "failed" && (
            <p className="mt-4 flex items-start gap-1.5 text-xs text-slate-500">
              <RotateCcw aria-hidden className="mt-0.5 size-3 shrink-0" />
              Retry puts it back in the queue; the sender tries it within a few seconds.
            </p>
          )}
        </Panel>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RecordRouteError thing="E-mail" backTo="/admin/outbox" backLabel="Back to the outbox" />;
}
