import { useState } from "react";
import { TASK_PRIORITIES, TASK_STATUSES } from "~/domain/people/constants";
import {
  parseTaskForm,
  readTaskForm,
  TASK_LIMITS,
  TASK_MESSAGES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type TaskFormValues,
} from "~/domain/people/task-form";
import { assigneesOfTeam, mayBeAssigned } from "~/domain/people/task-assignees";
import type { TaskChoices } from "~/domain/people/tasks.server";
import { formCheck } from "~/lib/form-errors";
import { useHydrated } from "~/ui/use-hydrated";
import { RecordFormDialog } from "../form-dialog";
import {
  FieldFrame,
  FormError,
  SelectField,
  TextAreaField,
  TextField,
  useFieldControl,
  useFormBusy,
  useFormCheck,
} from "../form";

// The Add New Task / Edit Task dialog (backoffice.md §2 Task Management, §5): the spec's fields, team choices the
// current employee leads, and the assignees the chosen team's tasks may go to (`assigneesOfTeam`, the rule the
// server checks). The form's own rules run in the browser first.

const CHECK_TASK_FORM = formCheck(readTaskForm, parseTaskForm);

export function TaskDialog({
  mode,
  values,
  errors: serverErrors,
  choices,
  closeHref,
  action,
}: {
  mode: "create" | "update";
  values: TaskFormValues;
  errors: Record<string, string | undefined>;
  choices: TaskChoices;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const { errors, onSubmit } = useFormCheck(
    CHECK_TASK_FORM,
    serverErrors,
    mode === "create" ? TASK_MESSAGES.addFailed : TASK_MESSAGES.updateFailed,
  );
  const [teamId, setTeamId] = useState(values.teamId);
  const [assignee, setAssignee] = useState(values.assignedTo);
  // A new team keeps the assignee only if they may be given that team's tasks too.
  const chooseTeam = (next: string) => {
    setTeamId(next);
    if (!mayBeAssigned(choices.members, next, assignee)) setAssignee("");
  };
  return (
    <RecordFormDialog
      title={mode === "create" ? "Add New Task" : "Edit Task"}
      closeHref={closeHref}
      action={action}
      intent={mode}
      id={values.id}
      version={values.version}
      onSubmit={onSubmit}
      submitLabel={mode === "create" ? "Create Task" : "Update Task"}
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError message={errors.form} />
        </div>
        <TextField
          name="title"
          label="Title"
          required
          maxLength={TASK_LIMITS.title}
          defaultValue={values.title}
          error={errors.title}
          className="sm:col-span-2"
        />
        <TextAreaField
          name="description"
          label="Description"
          rows={3}
          maxLength={TASK_LIMITS.description}
          defaultValue={values.description}
          error={errors.description}
          className="sm:col-span-2"
        />
        <SelectField
          name="teamId"
          label="Team"
          required
          value={teamId}
          onChange={(event) => chooseTeam(event.currentTarget.value)}
          error={errors.teamId}
          options={[{ value: "", label: "Select team" }, ...choices.teams.map((t) => ({ value: t.id, label: t.name }))]}
        />
        <AssigneeField
          choices={choices}
          teamId={teamId}
          assignee={assignee}
          onChange={setAssignee}
          error={errors.assignedTo}
        />
        <SelectField
          name="status"
          label="Status"
          required
          defaultValue={values.status}
          error={errors.status}
          options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
        />
        <SelectField
          name="priority"
          label="Priority"
          required
          defaultValue={values.priority}
          error={errors.priority}
          options={TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }))}
        />
        <TextField
          name="dueDate"
          label="Due Date"
          type="datetime-local"
          required
          defaultValue={values.dueDate}
          error={errors.dueDate}
          hint="Dhaka time"
        />
      </div>
    </RecordFormDialog>
  );
}

/**
 * The Assignee select. In the browser it offers only the chosen team's assignees (none until a team is chosen).
 * Without JavaScript the team cannot narrow the list, so it offers every team's, grouped under the team's name,
 * and the server names the field if the two do not match.
 */
function AssigneeField({
  choices,
  teamId,
  assignee,
  onChange,
  error,
}: {
  choices: TaskChoices;
  teamId: string;
  assignee: string;
  onChange: (assignee: string) => void;
  error?: string;
}) {
  const hydrated = useHydrated();
  const offered = hydrated && teamId ? assigneesOfTeam(choices.members, teamId) : [];
  const hint = !hydrated
    ? "A member of the team chosen above"
    : !teamId
      ? "Choose a team first"
      : offered.length === 0
        ? "This team has no active members: add one under Employees > Teams"
        : undefined;
  const { props } = useFieldControl("assignedTo", error, hint);
  return (
    <FieldFrame id={props.id} label="Assignee" required error={error} hint={hint}>
      <select {...props} required value={assignee} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">Select assignee</option>
        {hydrated
          ? offered.map((m) => <MemberOption key={m.id} member={m} />)
          : choices.teams.map((team) => (
              <optgroup key={team.id} label={team.name}>
                {assigneesOfTeam(choices.members, team.id).map((m) => (
                  <MemberOption key={m.id} member={m} />
                ))}
              </optgroup>
            ))}
      </select>
    </FieldFrame>
  );
}

function MemberOption({ member }: { member: TaskChoices["members"][number] }) {
  return (
    <option value={member.id}>
      {member.name}
      {member.onLeave ? " (on leave)" : ""}
    </option>
  );
}
