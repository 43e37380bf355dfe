import { AlertTriangle, CalendarClock, ClipboardList, Plus, User, Users } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireView, requireAction } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { TASK_PRIORITIES, TASK_STATUSES } from "~/domain/people/constants";
import {
  EMPTY_TASK_FORM,
  readTaskForm,
  TASK_MESSAGES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
} from "~/domain/people/task-form";
import { TASK_LIST } from "~/domain/people/task-list";
import {
  createTask,
  deleteTask,
  listTasks,
  loadTaskForm,
  setTaskStatus,
  taskActor,
  taskChoices,
  updateTask,
  type TaskCard,
} from "~/domain/people/tasks.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { recordDialogFromUrl } from "~/lib/record-dialog.server";
import { listUrlOf, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { useToast } from "~/ui/admin/form";
import { TaskDialog } from "~/ui/admin/tasks/task-dialog";
import {
  EmptyState,
  FilterSelect,
  formatDhakaDate,
  formatDhakaDateTime,
  ListSkeleton,
  ListToolbar,
  Pagination,
  SortLinks,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { RowActions } from "~/ui/admin/row-actions";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { Badge, type BadgeTone } from "~/ui/badge";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/tasks";
import { httpStatusOf } from "~/lib/use-case-http";

// Task Management (backoffice.md §2; issue 11): cards with the spec's fields and badges, Add New Task / Edit Task
// (?new=1, ?edit=<id>), delete (?delete=<id> asks first), and beyond the spec filters, overdue marks and the
// assignee's own status change. Team choices are the teams the current employee leads (any for an admin);
// assignee choices the members of those teams, those on approved leave today marked "on leave".

export const meta: Route.MetaFunction = () => [{ title: "Task Management | Utsab Admin" }];

const listUrl = (url: URL) => listUrlOf(TASK_LIST, url);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/tasks");
  const url = new URL(args.request.url);
  const state = parseList(TASK_LIST, url);
  const db = getDb();
  const actor = await taskActor(db, user);
  const canManage = can(user.role, "tasks.manage");
  const [page, choices] = await Promise.all([listTasks(db, state, actor), canManage ? taskChoices(db, actor) : null]);
  const dialog = await recordDialogFromUrl(url, {
    allowed: canManage,
    // A task needs a team: without one the current employee leads, there is nothing to add it to.
    empty: choices?.teams.length ? EMPTY_TASK_FORM : null,
    load: (id) => loadTaskForm(db, actor, id),
    values: (task) => task,
    name: (task) => task.title,
    id: (task) => task.id,
    listUrl: listUrl(url),
    notFound: TASK_MESSAGES.notFound,
  });
  return { state, page, choices, canManage, canCreate: canManage && !!choices?.teams.length, dialog };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/tasks");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const audit = auditActor(args, user);
  const db = getDb();
  const actor = await taskActor(db, user);
  const back = listUrl(url);
  if (intent === "create" || intent === "update") {
    const values = readTaskForm(form);
    const result =
      intent === "create" ? await createTask(db, actor, values, audit) : await updateTask(db, actor, values, audit);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    const shown = result.refusal === "conflict" ? ((await loadTaskForm(db, actor, values.id)) ?? values) : values;
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values: shown, toast }, { status: httpStatusOf(result) });
  }
  if (intent === "status" || intent === "delete") {
    const result =
      intent === "status"
        ? await setTaskStatus(db, actor, form.get("id"), form.get("status"), audit)
        : await deleteTask(db, actor, form.get("id"), audit);
    return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
  }
  return data({ intent: null, errors: {}, values: null, toast: null }, { status: 400 });
}

const STATUS_TONES: Record<TaskCard["status"], BadgeTone> = {
  pending: "amber",
  "in-progress": "blue",
  completed: "green",
  blocked: "red",
};
const PRIORITY_TONES: Record<TaskCard["priority"], BadgeTone> = { low: "slate", medium: "amber", high: "red" };

export default function Tasks({ loaderData, actionData }: Route.ComponentProps) {
  const { page, choices, canCreate, dialog } = loaderData;
  const list = useListView(TASK_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;

  return (
    <>
      <PageHeader
        title="Task Management"
        description="What each team has to do, by when, and who is on it."
        actions={
          canCreate && (
            <Link to={withParam(closeHref, "new=1")} preventScrollReset className={primaryButton}>
              <Plus aria-hidden className="size-4" /> Add New Task
            </Link>
          )
        }
      />
      <Panel className="mb-4">
        <ListToolbar list={list} label="Filter the tasks">
          <FilterSelect
            name="show"
            label="Showing"
            allLabel="All tasks"
            options={[
              { value: "mine", label: "Assigned to me" },
              { value: "overdue", label: "Overdue" },
            ]}
            className="sm:w-40"
          />
          <FilterSelect
            name="status"
            label="Status"
            allLabel="All"
            options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
            className="sm:w-36"
          />
          <FilterSelect
            name="priority"
            label="Priority"
            allLabel="All"
            options={TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }))}
            className="sm:w-32"
          />
          {choices && choices.teams.length > 1 && (
            <FilterSelect
              name="team"
              label="Team"
              allLabel="All"
              options={choices.teams.map((t) => ({ value: t.id, label: t.name }))}
              className="sm:w-44"
            />
          )}
        </ListToolbar>
        <div className="px-4 py-3">
          <SortLinks list={list} labels={{ due: "Due date", created: "Recently created" }} />
        </div>
      </Panel>
      {loading ? (
        <Panel>
          <ListSkeleton label="tasks" columns={4} />
        </Panel>
      ) : page.rows.length === 0 ? (
        <Panel>
          <EmptyState
            list={list}
            icon={ClipboardList}
            title={TASK_MESSAGES.emptyTitle}
            hint={TASK_MESSAGES.emptyHint}
          />
          {canCreate && (
            <div className="pb-8 text-center">
              <Link to={withParam(closeHref, "new=1")} preventScrollReset className={primaryButton}>
                <Plus aria-hidden className="size-4" /> Create Task
              </Link>
            </div>
          )}
        </Panel>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Tasks">
          {page.rows.map((task) => (
            <TaskCardView key={task.id} task={task} closeHref={closeHref} action={here} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pagination list={list} page={page} noun="tasks" />
      </div>

      {dialog && dialog.kind !== "delete" && choices && (
        <TaskDialog
          key={`${dialog.kind}-${dialog.values.id}-${dialog.values.version}`}
          mode={dialog.kind}
          values={actionData?.intent === dialog.kind && actionData.values ? actionData.values : dialog.values}
          errors={actionData?.intent === dialog.kind ? actionData.errors : {}}
          choices={choices}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          title="Delete task"
          question={TASK_MESSAGES.confirmDelete}
          id={dialog.id}
          name={dialog.name}
          consequence=" will be removed."
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}

function TaskCardView({ task, closeHref, action }: { task: TaskCard; closeHref: string; action: string }) {
  return (
    <li>
      <article
        className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        aria-label={task.title}
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONES[task.status]}>{TASK_STATUS_LABELS[task.status]}</Badge>
          <Badge tone={PRIORITY_TONES[task.priority]}>{TASK_PRIORITY_LABELS[task.priority]} priority</Badge>
          {task.overdue && (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-700">
              <AlertTriangle aria-hidden className="size-3.5" /> Overdue
            </span>
          )}
        </div>
        <h2 className="mt-2 text-base font-semibold text-ink-900">{task.title}</h2>
        {task.description && (
          <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-slate-600">{task.description}</p>
        )}
        <dl className="mt-3 space-y-1 text-sm text-slate-700">
          <div className="flex items-center gap-2">
            <CalendarClock aria-hidden className="size-4 text-slate-400" />
            <dt className="sr-only">Due</dt>
            <dd className={task.overdue ? "font-medium text-red-700" : ""}>Due {formatDhakaDateTime(task.dueDate)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Users aria-hidden className="size-4 text-slate-400" />
            <dt className="sr-only">Team</dt>
            <dd>{task.teamName}</dd>
          </div>
          <div className="flex items-center gap-2">
            <User aria-hidden className="size-4 text-slate-400" />
            <dt className="sr-only">Assignee</dt>
            <dd>{task.assigneeName ?? "Unassigned"}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-500">
          Created {formatDhakaDate(task.createdAt)}
          {task.assignerName ? ` by ${task.assignerName}` : ""}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
          {task.canChangeStatus && (
            <Form method="post" action={action} preventScrollReset className="flex items-center gap-2">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="id" value={task.id} />
              <label className="sr-only" htmlFor={`status-${task.id}`}>
                Status of {task.title}
              </label>
              <select
                id={`status-${task.id}`}
                name="status"
                defaultValue={task.status}
                className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
              >
                {TASK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {TASK_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                className="rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                Set
              </button>
            </Form>
          )}
          {task.canEdit && (
            <RowActions
              name={task.title}
              editHref={withParam(closeHref, `edit=${task.id}`)}
              deleteHref={withParam(closeHref, `delete=${task.id}`)}
              className="ml-auto inline-flex gap-1"
            />
          )}
        </div>
      </article>
    </li>
  );
}
