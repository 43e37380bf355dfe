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
import type { TaskChoices } from "~/domain/people/tasks.server";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "../form-dialog";
import { FormError, SelectField, TextAreaField, TextField, useFormBusy, useFormCheck } from "../form";

// The Add New Task / Edit Task dialog (backoffice.md §2 Task Management, §5): the spec's fields, team choices the
// current employee leads and assignees grouped by team. The form's own rules run in the browser first.

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
  // Every team's members, grouped, so the choice works without JavaScript; the server checks the pair.
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
          defaultValue={values.teamId}
          error={errors.teamId}
          options={[{ value: "", label: "Select team" }, ...choices.teams.map((t) => ({ value: t.id, label: t.name }))]}
        />
        <div>
          <label htmlFor="task-assignee" className="block text-sm font-medium text-ink-900">
            Assignee
            <span aria-hidden className="ml-0.5 text-red-700">
              *
            </span>
          </label>
          <select
            id="task-assignee"
            name="assignedTo"
            defaultValue={values.assignedTo}
            aria-invalid={errors.assignedTo ? true : undefined}
            className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm ${errors.assignedTo ? "border-red-600" : "border-slate-300"}`}
          >
            <option value="">Select assignee</option>
            {choices.teams.map((team) => (
              <optgroup key={team.id} label={team.name}>
                {choices.members
                  .filter((m) => m.teamId === team.id)
                  .map((m) => (
                    <option key={`${team.id}-${m.id}`} value={m.id}>
                      {m.name}
                      {m.onLeave ? " (on leave)" : ""}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          {errors.assignedTo && <p className="mt-1 text-sm text-red-700">{errors.assignedTo}</p>}
        </div>
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
