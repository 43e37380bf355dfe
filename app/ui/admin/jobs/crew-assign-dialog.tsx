import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { JOB_ROLE_LABELS, JOB_ROLES, type JobRole } from "~/domain/jobs/constants";
import type { CrewChoices, CrewClash } from "~/domain/jobs/crew.server";
import {
  CREW_MESSAGES,
  defaultCrewTitle,
  defaultCrewWhen,
  parseCrewForm,
  readCrewForm,
  shortPeriod,
  type CrewFormValues,
} from "~/domain/jobs/crew-form";
import type { JobHeader } from "~/domain/jobs/job-header.server";
import { TASK_LIMITS } from "~/domain/people/task-form";
import { formCheck } from "~/lib/form-errors";
import { useHydrated } from "~/ui/use-hydrated";
import { RecordFormDialog } from "../form-dialog";
import { FieldFrame, FormError, SelectField, TextField, useFieldControl, useFormBusy, useFormCheck } from "../form";

// Assign crew (issue 26): the part of the job, a team, then one of that team's active members; people on approved
// leave on a day of the job are listed but cannot be chosen. When and the title default to the part's (crew-form.ts).
// Someone already on another job at the same time comes back with a warning and "Assign anyway".

const CHECK_CREW_FORM = formCheck(readCrewForm, parseCrewForm);

const isRole = (v: string): v is JobRole => (JOB_ROLES as readonly string[]).includes(v);

export function CrewAssignDialog({
  job,
  choices,
  values,
  errors: serverErrors,
  clashes,
  closeHref,
  action,
}: {
  job: JobHeader;
  choices: CrewChoices;
  values: CrewFormValues;
  errors: Record<string, string | undefined>;
  clashes: CrewClash[];
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("assign");
  const { errors, onSubmit } = useFormCheck(CHECK_CREW_FORM, serverErrors, CREW_MESSAGES.assignFailed);
  const [role, setRole] = useState<JobRole>(isRole(values.role) ? values.role : "setup");
  const [teamId, setTeamId] = useState(values.teamId);
  const [employeeId, setEmployeeId] = useState(values.employeeId);
  const [when, setWhen] = useState(values.when || defaultCrewWhen(role, job));
  const [whenTyped, setWhenTyped] = useState(values.when !== "" && values.when !== defaultCrewWhen(role, job));
  const chooseRole = (next: JobRole) => {
    setRole(next);
    if (!whenTyped) setWhen(defaultCrewWhen(next, job));
  };
  const chooseTeam = (next: string) => {
    setTeamId(next);
    if (!choices.members.some((m) => m.teamId === next && m.id === employeeId)) setEmployeeId("");
  };
  // The warning holds for the person it named: choosing someone else asks again.
  const warned = clashes.length > 0 && employeeId === values.employeeId && !!errors.confirm;
  return (
    <RecordFormDialog
      title="Assign crew"
      description={`${job.reference} · ${job.title}`}
      closeHref={closeHref}
      action={action}
      intent="assign"
      onSubmit={onSubmit}
      submitLabel={warned ? "Assign anyway" : "Assign"}
      busyLabel="Assigning..."
      busy={busy}
      size="sm"
    >
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form} />
        {warned && (
          <div
            role="alert"
            className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid="double-booking"
          >
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <p>{errors.confirm}</p>
            <input type="hidden" name="confirm" value="1" />
          </div>
        )}
        <SelectField
          name="role"
          label="Role"
          required
          value={role}
          onChange={(e) => isRole(e.currentTarget.value) && chooseRole(e.currentTarget.value)}
          error={errors.role}
          options={JOB_ROLES.map((r) => ({ value: r, label: JOB_ROLE_LABELS[r] }))}
        />
        <SelectField
          name="teamId"
          label="Team"
          required
          value={teamId}
          onChange={(e) => chooseTeam(e.currentTarget.value)}
          error={errors.teamId}
          options={[{ value: "", label: "Select team" }, ...choices.teams.map((t) => ({ value: t.id, label: t.name }))]}
        />
        <EmployeeField
          choices={choices}
          teamId={teamId}
          employeeId={employeeId}
          onChange={setEmployeeId}
          error={errors.employeeId}
        />
        <TextField
          name="when"
          label="When"
          type="datetime-local"
          required
          value={when}
          onChange={(e) => {
            setWhen(e.currentTarget.value);
            setWhenTyped(true);
          }}
          error={errors.when}
          hint="Dhaka time. Setup: 3 hours before the event; operate: the event's time; strike: the last day, 22:00."
        />
        <TextField
          name="title"
          label="Task title"
          maxLength={TASK_LIMITS.title}
          defaultValue={values.title}
          placeholder={defaultCrewTitle(role, job.title)}
          error={errors.title}
          hint="Left empty, the placeholder's title. The task also shows in Task Management."
        />
      </div>
    </RecordFormDialog>
  );
}

/**
 * The chosen team's active members; those on approved leave during the job are shown, disabled, with their leave.
 * Without JavaScript the team cannot narrow the list: every team's members, grouped by team.
 */
function EmployeeField({
  choices,
  teamId,
  employeeId,
  onChange,
  error,
}: {
  choices: CrewChoices;
  teamId: string;
  employeeId: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const hydrated = useHydrated();
  const offered = hydrated && teamId ? choices.members.filter((m) => m.teamId === teamId) : [];
  const onLeave = offered.filter((m) => m.leave).length;
  const hint = !hydrated
    ? "A member of the team chosen above"
    : !teamId
      ? "Choose a team first"
      : offered.length === 0
        ? "This team has no active members: add one under Employees > Teams"
        : onLeave > 0
          ? `${onLeave} on approved leave during this job: not offered`
          : undefined;
  const { props } = useFieldControl("employeeId", error, hint);
  return (
    <FieldFrame id={props.id} label="Employee" required error={error} hint={hint}>
      <select {...props} required value={employeeId} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">Select employee</option>
        {hydrated
          ? offered.map((m) => <MemberOption key={m.id} member={m} />)
          : choices.teams.map((team) => (
              <optgroup key={team.id} label={team.name}>
                {choices.members
                  .filter((m) => m.teamId === team.id)
                  .map((m) => (
                    <MemberOption key={m.id} member={m} />
                  ))}
              </optgroup>
            ))}
      </select>
    </FieldFrame>
  );
}

function MemberOption({ member }: { member: CrewChoices["members"][number] }) {
  return (
    <option value={member.id} disabled={!!member.leave}>
      {member.name}
      {member.leave ? ` — On leave ${shortPeriod(member.leave.startDate, member.leave.endDate)}` : ""}
    </option>
  );
}
