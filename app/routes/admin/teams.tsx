import { Crown, Plus, Trash2, UserMinus, Users } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireView, requireAction } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { parseTeamForm, readTeamForm, TEAM_MESSAGES, TEAM_NAME_MAX } from "~/domain/people/teams";
import { formCheck } from "~/lib/form-errors";
import {
  activeEmployeeChoices,
  changeTeamMember,
  createTeam,
  deleteTeam,
  listTeams,
  updateTeam,
  type TeamView,
} from "~/domain/people/teams.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { isUuid } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { inputClass, SelectField, SubmitButton, TextField, useFormBusy, useFormCheck, useToast } from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/teams";
import { formFields } from "~/lib/form-data";
import { httpStatusOf } from "~/lib/use-case-http";

// Teams (issue 11, under Employee Management): every team with its lead and members; create, rename, set the
// lead, add and remove members, delete (?delete=<id> asks first). Each form posts an intent; a refusal answers on
// the page with the message beside the team's form and a toast.

export const meta: Route.MetaFunction = () => [{ title: "Teams | Utsab Admin" }];

const TEAMS_PATH = "/admin/employees/teams";
const CHECK_TEAM_FORM = formCheck(readTeamForm, parseTeamForm);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/employees/teams");
  const url = new URL(args.request.url);
  const db = getDb();
  const canManage = can(user.role, "employees.manage");
  const [teams, choices] = await Promise.all([listTeams(db), canManage ? activeEmployeeChoices(db) : []]);
  const deleteId = url.searchParams.get("delete");
  const deleting = canManage && deleteId && isUuid(deleteId) ? (teams.find((t) => t.id === deleteId) ?? null) : null;
  if (canManage && deleteId && !deleting)
    throw await redirectWithToast(TEAMS_PATH, { type: "error", message: TEAM_MESSAGES.notFound });
  return { teams, choices, canManage, deleting: deleting && { id: deleting.id, name: deleting.name } };
}

type ActionData = { intent: string; teamId: string | null; errors: Record<string, string>; toast: Toast };

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/employees/teams");
  const form = await args.request.formData().catch(() => new FormData());
  const fields = formFields(form, ["id", "name", "leadId", "employeeId"]);
  const intent = intentOf(form);
  const actor = auditActor(args, user);
  const db = getDb();
  const result =
    intent === "create"
      ? await createTeam(db, fields, actor)
      : intent === "update"
        ? await updateTeam(db, fields, actor)
        : intent === "delete"
          ? await deleteTeam(db, fields.id, actor)
          : intent === "add-member" || intent === "remove-member"
            ? await changeTeamMember(db, intent === "add-member" ? "add" : "remove", fields, actor)
            : null;
  if (!result) return data({ intent, teamId: null, errors: {}, toast: null }, { status: 400 });
  if (result.ok) return redirectWithToast(TEAMS_PATH, { type: "success", message: result.message });
  if (intent === "delete") return redirectWithToast(TEAMS_PATH, { type: "error", message: result.message });
  const body: ActionData = {
    intent,
    teamId: typeof fields.id === "string" ? fields.id : null,
    errors: result.errors,
    toast: { type: "error", message: result.message },
  };
  return data(body, { status: httpStatusOf(result) });
}

export default function Teams({ loaderData, actionData }: Route.ComponentProps) {
  const { teams, choices, canManage, deleting } = loaderData;
  useToast(actionData?.toast);
  const location = useLocation();
  const errorsFor = (intent: string, teamId: string | null): Record<string, string> =>
    actionData && actionData.intent === intent && actionData.teamId === teamId ? actionData.errors : {};
  const create = useFormCheck(CHECK_TEAM_FORM, errorsFor("create", null), TEAM_MESSAGES.failed);
  const createErrors = create.errors;
  const creating = useFormBusy("create");

  return (
    <>
      <PageHeader
        title="Teams"
        description="Who works with whom: a team's lead gives its members their tasks."
        actions={
          <Link to="/admin/employees" className={secondaryButton}>
            <Users aria-hidden className="size-4" /> Employees
          </Link>
        }
      />
      {canManage && (
        <Panel className="mb-6 p-4 sm:p-5">
          <Form
            method="post"
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            aria-label="New team"
            noValidate
            onSubmit={create.onSubmit}
          >
            <input type="hidden" name="intent" value="create" />
            <TextField
              name="name"
              label="New team"
              maxLength={TEAM_NAME_MAX}
              placeholder="e.g. Stage & Lighting Crew"
              error={createErrors.name}
              className="flex-1"
            />
            <LeadSelect choices={choices} error={createErrors.leadId} />
            <SubmitButton label="Create Team" busyLabel="Creating..." busy={creating} className={primaryButton} />
          </Form>
        </Panel>
      )}
      {teams.length === 0 ? (
        <Panel className="p-8 text-center text-sm text-slate-600">
          No teams yet.{canManage ? " Create the first above." : ""}
        </Panel>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              choices={choices}
              canManage={canManage}
              updateErrors={errorsFor("update", team.id)}
              memberErrors={{ ...errorsFor("add-member", team.id), ...errorsFor("remove-member", team.id) }}
              deleteHref={`${TEAMS_PATH}?delete=${team.id}`}
            />
          ))}
        </div>
      )}
      {deleting && (
        <DeleteDialog
          title="Delete team"
          question={TEAM_MESSAGES.confirmDelete}
          id={deleting.id}
          name={deleting.name}
          consequence=" will be removed, with its list of members. A team that has tasks is kept."
          closeHref={TEAMS_PATH}
          action={location.pathname + location.search}
        />
      )}
    </>
  );
}

function LeadSelect({
  choices,
  defaultValue = "",
  error,
  className = "sm:w-56",
}: {
  choices: { id: string; name: string }[];
  defaultValue?: string;
  error?: string;
  className?: string;
}) {
  return (
    <SelectField
      name="leadId"
      label="Lead"
      defaultValue={defaultValue}
      error={error}
      className={className}
      options={[{ value: "", label: "No lead" }, ...choices.map((c) => ({ value: c.id, label: c.name }))]}
    />
  );
}

function TeamCard({
  team,
  choices,
  canManage,
  updateErrors: serverUpdateErrors,
  memberErrors,
  deleteHref,
}: {
  team: TeamView;
  choices: { id: string; name: string }[];
  canManage: boolean;
  updateErrors: Record<string, string>;
  memberErrors: Record<string, string>;
  deleteHref: string;
}) {
  const { errors: updateErrors, onSubmit } = useFormCheck(CHECK_TEAM_FORM, serverUpdateErrors, TEAM_MESSAGES.failed);
  const memberIds = new Set(team.members.map((m) => m.id));
  const addable = choices.filter((c) => !memberIds.has(c.id));
  return (
    <section aria-label={`Team ${team.name}`}>
      <Panel className="flex h-full flex-col">
        <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
          <div>
            <h2 className="text-lg font-semibold text-ink-900">{team.name}</h2>
            <p className="text-sm text-slate-600">
              {team.lead ? `Led by ${team.lead.name}` : "No lead"} · {team.members.length}{" "}
              {team.members.length === 1 ? "member" : "members"} · {team.taskCount}{" "}
              {team.taskCount === 1 ? "task" : "tasks"}
            </p>
          </div>
          {canManage && (
            <Link
              to={deleteHref}
              preventScrollReset
              className="rounded-md p-2 text-red-700 hover:bg-red-50"
              aria-label={`Delete ${team.name}`}
              title="Delete team"
            >
              <Trash2 aria-hidden className="size-4" />
            </Link>
          )}
        </div>

        <ul className="flex-1 divide-y divide-slate-100 px-4 sm:px-5" aria-label={`Members of ${team.name}`}>
          {team.members.length === 0 && <li className="py-3 text-sm text-slate-500">No members yet.</li>}
          {team.members.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium text-ink-900">{m.name}</span>
                <span className="text-slate-500"> · {m.position}</span>
                {team.lead?.id === m.id && (
                  <span className="ml-2 inline-flex items-center gap-1 text-xs font-medium text-amber-800">
                    <Crown aria-hidden className="size-3" /> Lead
                  </span>
                )}
                {m.status !== "active" && <span className="ml-2 text-xs text-slate-500">(inactive)</span>}
              </span>
              {canManage && team.lead?.id !== m.id && (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove-member" />
                  <input type="hidden" name="id" value={team.id} />
                  <input type="hidden" name="employeeId" value={m.id} />
                  <button
                    type="submit"
                    className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700"
                    aria-label={`Remove ${m.name} from ${team.name}`}
                    title="Remove from the team"
                  >
                    <UserMinus aria-hidden className="size-4" />
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {memberErrors.employeeId && <p className="px-5 pb-2 text-sm text-red-700">{memberErrors.employeeId}</p>}

        {canManage && (
          <div className="space-y-3 border-t border-slate-200 bg-slate-50 px-4 py-3 sm:px-5">
            {addable.length > 0 && (
              <Form method="post" preventScrollReset className="flex gap-2" aria-label={`Add a member to ${team.name}`}>
                <input type="hidden" name="intent" value="add-member" />
                <input type="hidden" name="id" value={team.id} />
                <select
                  name="employeeId"
                  aria-label={`Employee to add to ${team.name}`}
                  className={`${inputClass} border-slate-300`}
                  defaultValue=""
                  required
                >
                  <option value="" disabled>
                    Add a member…
                  </option>
                  {addable.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                <button type="submit" className={secondaryButton}>
                  <Plus aria-hidden className="size-4" /> Add
                </button>
              </Form>
            )}
            <Form
              method="post"
              preventScrollReset
              className="space-y-2"
              aria-label={`Rename ${team.name} or change its lead`}
              noValidate
              onSubmit={onSubmit}
            >
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="id" value={team.id} />
              <TextField
                name="name"
                label="Name"
                defaultValue={team.name}
                maxLength={TEAM_NAME_MAX}
                error={updateErrors.name}
              />
              <div className="flex items-end gap-2">
                <LeadSelect
                  choices={choices}
                  defaultValue={team.lead?.id ?? ""}
                  error={updateErrors.leadId}
                  className="flex-1"
                />
                <button type="submit" className={secondaryButton}>
                  Save
                </button>
              </div>
            </Form>
          </div>
        )}
      </Panel>
    </section>
  );
}
