import { AlertTriangle, CalendarDays, ExternalLink, ImageOff, MapPin, Plus, User, Users } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView, type ActionAccess } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { EVENT_STATUSES } from "~/domain/content/constants";
import {
  EMPTY_EVENT_FORM,
  EVENT_FILE_FIELDS,
  EVENT_MESSAGES,
  EVENT_STATUS_LABELS,
  readEventForm,
  type EventFormValues,
} from "~/domain/content/event-form";
import { EVENT_LIST } from "~/domain/content/event-list";
import { isDayPassed } from "~/domain/content/events";
import {
  completeEvent,
  createEvent,
  deleteEvent,
  listAdminEvents,
  loadEventForm,
  organizerChoices,
  updateEvent,
  type AdminEventCard,
} from "~/domain/content/events-admin.server";
import { chosenFiles } from "~/domain/media/form-uploads.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { httpStatusOf } from "~/lib/use-case-http";
import { withUploadForm, type UploadForm } from "~/lib/upload-form.server";
import { formatShortDate, formatTime, shortLocation } from "~/lib/format";
import { listUrlOf, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { EventDialog } from "~/ui/admin/events/event-dialog";
import { useToast } from "~/ui/admin/form";
import {
  EmptyState,
  FilterSelect,
  ListSkeleton,
  ListToolbar,
  Pagination,
  SearchBox,
  SortLinks,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { RowActions } from "~/ui/admin/row-actions";
import { Badge } from "~/ui/badge";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/events";

// Event Management (backoffice.md §2; issue 11): the events as cards (image, status badge, title, date and time,
// location, capacity if set), Add New Event / Edit Event (?new=1, ?edit=<id>, posted as multipart with the
// pictures), delete after the spec's question (?delete=<id>). Beyond the spec: search, a status filter, sorts and
// pages in the URL, the organizer and photo count on each card, and a mark on upcoming events whose day has gone.

export const meta: Route.MetaFunction = () => [{ title: "Event Management | Utsab Admin" }];

const listUrl = (url: URL) => listUrlOf(EVENT_LIST, url);

type DialogState =
  { kind: "create" | "update"; values: EventFormValues } | { kind: "delete"; id: string; name: string } | null;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/events");
  const url = new URL(args.request.url);
  const state = parseList(EVENT_LIST, url);
  const db = getDb();
  const canManage = can(user.role, "events.manage");

  let dialog: DialogState = null;
  const editId = url.searchParams.get("edit") ?? url.searchParams.get("delete");
  if (canManage && url.searchParams.has("new")) dialog = { kind: "create", values: EMPTY_EVENT_FORM };
  else if (canManage && editId) {
    const values = await loadEventForm(db, editId);
    if (!values) throw await redirectWithToast(listUrl(url), { type: "error", message: EVENT_MESSAGES.notFound });
    dialog = url.searchParams.has("delete")
      ? { kind: "delete", id: values.id, name: values.title }
      : { kind: "update", values };
  }
  const [page, organizers] = await Promise.all([
    listAdminEvents(db, state),
    dialog && dialog.kind !== "delete" ? organizerChoices(db, dialog.values.organizerId) : [],
  ]);
  return { state, page, canManage, dialog, organizers, today: todayInDhaka() };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/events");
  // The body is read only now, the permission known (issue 19).
  return withUploadForm(args.request, (read) => act(args, access, read));
}

async function act(args: Route.ActionArgs, access: ActionAccess<"/admin/events">, { form, refusal }: UploadForm) {
  const url = new URL(args.request.url);
  // The intent comes first in the form, so a refused upload (413) still has it.
  const intent = access.intent(form);
  const actor = auditActor(args, access.user);
  const db = getDb();
  const back = listUrl(url);

  if (intent === "create" || intent === "update") {
    const values = readEventForm(form);
    // A picture over UPLOAD_MAX_BYTES (413): the form again, with what was typed and why.
    if (refusal) {
      const toast: Toast = { type: "error", message: EVENT_MESSAGES.uploadFailed(refusal.message) };
      const errors: Record<string, string> = { [refusal.field]: refusal.message };
      return data({ intent, errors, values, toast }, { status: refusal.status });
    }
    const files = {
      cover: chosenFiles(form, EVENT_FILE_FIELDS.image),
      photos: chosenFiles(form, EVENT_FILE_FIELDS.photos),
    };
    const result =
      intent === "create" ? await createEvent(db, values, files, actor) : await updateEvent(db, values, files, actor);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    // Someone else's change: the form reopens with what is stored now.
    const shown = result.refusal === "conflict" ? ((await loadEventForm(db, values.id)) ?? values) : values;
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values: shown, toast }, { status: httpStatusOf(result) });
  }

  if (refusal) {
    const toast: Toast = { type: "error", message: refusal.message };
    return data({ intent: null, errors: {}, values: null, toast }, { status: refusal.status });
  }

  if (intent === "complete") {
    const result = await completeEvent(db, form.get("id"), actor);
    return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
  }

  if (intent === "delete") {
    const result = await deleteEvent(db, form.get("id"), actor);
    return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
  }

  return data({ intent: null, errors: {}, values: null, toast: null }, { status: 400 });
}

export default function Events({ loaderData, actionData }: Route.ComponentProps) {
  const { page, canManage, dialog, organizers, today } = loaderData;
  const list = useListView(EVENT_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const dialogHref = (param: string) => withParam(closeHref, param);

  return (
    <>
      <PageHeader
        title="Event Management"
        description="The events the website shows: upcoming ones, and completed ones as success stories."
        actions={
          canManage && (
            <Link to={dialogHref("new=1")} preventScrollReset className={primaryButton}>
              <Plus aria-hidden className="size-4" /> Add New Event
            </Link>
          )
        }
      />
      <Panel className="mb-4">
        <ListToolbar list={list} label="Search and filter the events">
          <SearchBox
            label="Search"
            placeholder="Search by title or location..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
          <FilterSelect
            name="status"
            label="Status"
            allLabel="All"
            options={EVENT_STATUSES.map((s) => ({ value: s, label: EVENT_STATUS_LABELS[s] }))}
            className="sm:w-36"
          />
        </ListToolbar>
        <div className="px-4 py-3">
          <SortLinks list={list} labels={{ date: "Date", title: "Title", created: "Recently added" }} />
        </div>
      </Panel>
      {loading ? (
        <Panel>
          <ListSkeleton label="events" columns={4} />
        </Panel>
      ) : page.rows.length === 0 ? (
        <Panel>
          <EmptyState
            list={list}
            icon={CalendarDays}
            title={EVENT_MESSAGES.emptyTitle}
            hint={EVENT_MESSAGES.emptyHint}
          />
        </Panel>
      ) : (
        // grid-cols-1 (not the implicit column): a card is as wide as the phone, whatever a long word in it needs.
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Events">
          {page.rows.map((event) => (
            <EventCardView
              key={event.id}
              event={event}
              today={today}
              canManage={canManage}
              editHref={dialogHref(`edit=${event.id}`)}
              deleteHref={dialogHref(`delete=${event.id}`)}
              action={here}
            />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pagination list={list} page={page} noun="events" />
      </div>

      {dialog && dialog.kind !== "delete" && (
        <EventDialog
          key={`${dialog.kind}-${dialog.values.id}-${dialog.values.version}`}
          mode={dialog.kind}
          values={actionData?.intent === dialog.kind && actionData.values ? actionData.values : dialog.values}
          errors={actionData?.intent === dialog.kind ? actionData.errors : {}}
          organizers={organizers}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          title="Delete event"
          question={EVENT_MESSAGES.confirmDelete}
          id={dialog.id}
          name={dialog.name}
          consequence=" will be removed from the website, with the pictures uploaded for it."
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}

function EventCardView({
  event,
  today,
  canManage,
  editHref,
  deleteHref,
  action,
}: {
  event: AdminEventCard;
  today: string;
  canManage: boolean;
  editHref: string;
  deleteHref: string;
  /** Where the card's forms post: this page as it is. */
  action: string;
}) {
  const dayGone = isDayPassed(event, today);
  return (
    <li className="min-w-0">
      <article
        className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
        aria-label={event.title}
      >
        <div className="relative aspect-video bg-slate-100">
          {event.imageUrl ? (
            <img src={event.imageUrl} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
          ) : (
            <div className="absolute inset-0 grid place-items-center text-slate-400">
              <ImageOff aria-hidden className="size-8" />
              <span className="sr-only">No image</span>
            </div>
          )}
          <span className="absolute top-2 left-2">
            <Badge tone={event.status === "upcoming" ? "blue" : "green"}>{EVENT_STATUS_LABELS[event.status]}</Badge>
          </span>
        </div>
        <div className="flex flex-1 flex-col p-4">
          <h2 className="text-base font-semibold break-words text-ink-900">{event.title}</h2>
          {dayGone && (
            <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
              <p className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
                <AlertTriangle aria-hidden className="size-3.5" /> Its day has passed
              </p>
              {canManage && (
                <Form method="post" action={action} preventScrollReset replace>
                  <input type="hidden" name="id" value={event.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="complete"
                    className="rounded-md px-1.5 py-0.5 text-xs font-semibold text-brand-700 underline-offset-2 hover:underline"
                    aria-label={`Mark ${event.title} completed`}
                  >
                    Mark completed
                  </button>
                </Form>
              )}
            </div>
          )}
          <dl className="mt-2 space-y-1 text-sm text-slate-700">
            <div className="flex items-center gap-2">
              <CalendarDays aria-hidden className="size-4 shrink-0 text-slate-400" />
              <dt className="sr-only">Date and time</dt>
              <dd>
                <time dateTime={event.date}>{formatShortDate(event.date)}</time>
                {event.time && ` at ${formatTime(event.time)}`}
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <MapPin aria-hidden className="size-4 shrink-0 text-slate-400" />
              <dt className="sr-only">Location</dt>
              <dd className="truncate" title={event.location}>
                {shortLocation(event.location)}
              </dd>
            </div>
            {event.capacity !== null && (
              <div className="flex items-center gap-2">
                <Users aria-hidden className="size-4 shrink-0 text-slate-400" />
                <dt className="sr-only">Capacity</dt>
                <dd>Capacity {event.capacity.toLocaleString("en-US")}</dd>
              </div>
            )}
            <div className="flex items-center gap-2">
              <User aria-hidden className="size-4 shrink-0 text-slate-400" />
              <dt className="sr-only">Organizer</dt>
              <dd>{event.organizerName ?? "No organizer"}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-slate-500">
            {event.photoCount === 1 ? "1 photo" : `${event.photoCount} photos`}
          </p>
          <div className="mt-auto flex flex-wrap items-center gap-1 border-t border-slate-100 pt-3">
            <a
              href={`/events/${event.slug}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
              aria-label={`View ${event.title} on the website`}
            >
              <ExternalLink aria-hidden className="size-4" /> View
            </a>
            {canManage && (
              <RowActions
                name={event.title}
                editHref={editHref}
                deleteHref={deleteHref}
                className="ml-auto inline-flex gap-1"
              />
            )}
          </div>
        </div>
      </article>
    </li>
  );
}
