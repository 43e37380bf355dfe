import { ArrowLeft, CheckCircle2, Mail, Phone, RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireView, requireAction } from "~/domain/auth/guard.server";
import { can, type IntentOf } from "~/domain/auth/permissions";
import { markMessageHandled, markMessageRead, reopenMessage } from "~/domain/inbox/change-status.server";
import { replyHref } from "~/domain/inbox/inbox-list";
import { getContactMessage } from "~/domain/inbox/inbox.server";
import type { Toast } from "~/lib/toast";
import { SubmitButton, useFormBusy, useToast } from "~/ui/admin/form";
import { Detail, DhakaTime, RecordRouteError } from "~/ui/admin/list";
import { ContactStatusBadge } from "~/ui/admin/list/status-badges";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/message";
import { httpStatusOf } from "~/lib/use-case-http";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.message.subject ?? "Contact message"} | Utsab Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/inbox/:id");
  const message = await getContactMessage(getDb(), args.params.id);
  if (!message) throw data("Message not found.", { status: 404 });
  return {
    message,
    reply: replyHref(message.email, message.subject),
    canManage: can(user.role, "inbox.manage"),
  };
}

const INTENTS = {
  "mark-read": markMessageRead,
  "mark-handled": markMessageHandled,
  reopen: reopenMessage,
} as const satisfies Record<IntentOf<"/admin/inbox/:id">, unknown>;

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/inbox/:id");
  const form = await args.request.formData().catch(() => new FormData());
  const outcome = await INTENTS[intentOf(form)](getDb(), auditActor(args, user), args.params.id);
  if (!outcome.ok) throw data(outcome.message, { status: httpStatusOf(outcome) });
  const toast: Toast = { type: "success", message: outcome.message };
  return { toast, changed: outcome.changed };
}

export default function ContactMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, reply, canManage } = loaderData;
  useToast(actionData?.toast);
  const handledBusy = useFormBusy("mark-handled");
  const reopenBusy = useFormBusy("reopen");
  const readBusy = useFormBusy("mark-read");

  // Opening a new message marks it read: with JavaScript by a POST once the page is shown (never by the GET
  // itself, DESIGN §8); without it, with the Mark as read button.
  const readFetcher = useFetcher();
  const { submit } = readFetcher;
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    if (message.status !== "new" || !canManage || markedFor.current === message.id) return;
    markedFor.current = message.id;
    void submit({ intent: "mark-read" }, { method: "post" });
  }, [message.id, message.status, canManage, submit]);

  return (
    <>
      <Link
        to="/admin/inbox"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-ink-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        All messages
      </Link>
      <PageHeader
        title={message.subject}
        actions={
          <>
            <a href={reply} className={primaryButton}>
              <Mail aria-hidden className="size-4" />
              Reply by e-mail
            </a>
            {canManage && message.status === "new" && (
              <Form method="post">
                <input type="hidden" name="intent" value="mark-read" />
                <SubmitButton label="Mark as read" busyLabel="Marking..." busy={readBusy} className={secondaryButton} />
              </Form>
            )}
            {canManage && message.status !== "handled" && (
              <Form method="post">
                <input type="hidden" name="intent" value="mark-handled" />
                <SubmitButton
                  label="Mark handled"
                  busyLabel="Saving..."
                  busy={handledBusy}
                  className={secondaryButton}
                />
              </Form>
            )}
            {canManage && message.status === "handled" && (
              <Form method="post">
                <input type="hidden" name="intent" value="reopen" />
                <SubmitButton label="Reopen" busyLabel="Reopening..." busy={reopenBusy} className={secondaryButton} />
              </Form>
            )}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Panel className="p-6">
          <h2 className="sr-only">Message</h2>
          <p className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-ink-900">{message.message}</p>
        </Panel>
        <Panel className="p-6">
          <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Details</h2>
          <dl className="mt-4 space-y-3 text-sm">
            <Detail term="Status">
              <ContactStatusBadge status={message.status} />
            </Detail>
            <Detail term="From">
              <span className="font-medium text-ink-900">{message.name}</span>
            </Detail>
            <Detail term="E-mail">
              <a href={`mailto:${message.email}`} className="break-all text-brand-700 hover:underline">
                {message.email}
              </a>
            </Detail>
            {message.phone && (
              <Detail term="Phone">
                <a
                  href={`tel:${message.phone.replace(/[^\d+]/g, "")}`}
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  <Phone aria-hidden className="size-3.5" />
                  {message.phone}
                </a>
              </Detail>
            )}
            <Detail term="Received">
              <DhakaTime value={message.createdAt} />
            </Detail>
            {message.status === "handled" && (
              <Detail term="Handled">
                <span className="inline-flex items-center gap-1">
                  <CheckCircle2 aria-hidden className="size-3.5 text-emerald-600" />
                  <DhakaTime value={message.handledAt} />
                </span>
                {message.handledBy && <span className="block text-slate-500">by {message.handledBy}</span>}
              </Detail>
            )}
            {message.ipAddress && (
              <Detail term="Sent from">
                <span className="font-mono text-xs">{message.ipAddress}</span>
              </Detail>
            )}
          </dl>
          {canManage && message.status === "handled" && (
            <p className="mt-4 flex items-start gap-1.5 text-xs text-slate-500">
              <RotateCcw aria-hidden className="mt-0.5 size-3 shrink-0" />
              Reopen it if it needs another answer.
            </p>
          )}
        </Panel>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RecordRouteError thing="Message" backTo="/admin/inbox" backLabel="Back to the messages" />;
}
