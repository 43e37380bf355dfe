import { CalendarPlus, CalendarCheck, UserPlus } from "lucide-react";
import { data, Form, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { crewChoices, listCrew, unassignCrew, assignCrew, type CrewClash } from "~/domain/jobs/crew.server";
import { EMPTY_CREW_FORM, readCrewForm, type CrewFormValues } from "~/domain/jobs/crew-form";
import { loadJobHeader } from "~/domain/jobs/job-header.server";
import { createJobEvent, jobEventLink } from "~/domain/jobs/job-event.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { useFormBusy, useToast } from "~/ui/admin/form";
import { CrewAssignDialog } from "~/ui/admin/jobs/crew-assign-dialog";
import { CrewList } from "~/ui/admin/jobs/crew-list";
import { JobHeaderBar } from "~/ui/admin/jobs/job-header";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/crew";

// A job's crew (issue 26): who sets it up, operates it and strikes it (tasks of the teams, shown in Task Management
// too), Assign crew (?assign=1) with the people on leave left out and a warning for someone on another job at the
// same time, and Make event: the job's Event Management event in one step.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Crew ${loaderData.job.reference}` : "Crew"} | Utsab Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/jobs/:id/crew");
  const db = getDb();
  const job = await loadJobHeader(db, args.params.id);
  if (!job) throw data("No such job.", { status: 404 });
  const url = new URL(args.request.url);
  const canAssign = can(user.role, "jobs.manage");
  const assigning = canAssign && url.searchParams.get("assign") === "1";
  const [crew, choices, event] = await Promise.all([
    listCrew(db, job.id),
    assigning ? crewChoices(db, job) : null,
    jobEventLink(db, job.eventId),
  ]);
  return {
    job,
    crew,
    choices,
    event,
    canAssign,
    canMakeEvent: can(user.role, "events.manage"),
  };
}

interface ActionAnswer {
  intent: string;
  errors: Record<string, string>;
  values: CrewFormValues | null;
  clashes: CrewClash[];
  toast: Toast;
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/jobs/:id/crew");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const audit = auditActor(args, user);
  const db = getDb();
  const jobId = args.params.id;
  const here = `/admin/jobs/${jobId}/crew`;
  if (intent === "assign") {
    const values = readCrewForm(form);
    const result = await assignCrew(db, user, jobId, values, audit);
    if (result.ok) return redirectWithToast(here, { type: "success", message: result.message });
    const answer: ActionAnswer = {
      intent,
      errors: result.errors,
      values,
      clashes: "clashes" in result ? result.clashes : [],
      // The double-booking warning is a question, not a failure.
      toast: { type: "error", message: result.message },
    };
    return data(answer, { status: httpStatusOf(result) });
  }
  const result =
    intent === "unassign"
      ? await unassignCrew(db, jobId, form.get("taskId"), audit)
      : await createJobEvent(db, user, jobId, audit);
  return redirectWithToast(here, { type: result.ok ? "success" : "error", message: result.message });
}

export default function Crew({ loaderData, actionData }: Route.ComponentProps) {
  const { job, crew, choices, event, canAssign, canMakeEvent } = loaderData;
  useToast(actionData && !actionData.clashes.length ? actionData.toast : null);
  const here = `/admin/jobs/${job.id}/crew`;
  const makingEvent = useFormBusy("create-event");
  return (
    <>
      <JobHeaderBar
        job={job}
        actions={
          <>
            {event ? (
              <Link to={`/admin/events?edit=${event.id}`} className={secondaryButton}>
                <CalendarCheck aria-hidden className="size-4" /> Event: {event.title}
              </Link>
            ) : (
              canMakeEvent && (
                <Form method="post" action={here} replace preventScrollReset>
                  <input type="hidden" name="intent" value="create-event" />
                  <button type="submit" className={secondaryButton} disabled={makingEvent}>
                    <CalendarPlus aria-hidden className="size-4" /> {makingEvent ? "Making event..." : "Make event"}
                  </button>
                </Form>
              )
            )}
            {canAssign && (
              <Link to={`${here}?assign=1`} preventScrollReset className={primaryButton}>
                <UserPlus aria-hidden className="size-4" /> Assign crew
              </Link>
            )}
          </>
        }
      />
      <CrewList crew={crew} action={here} canAssign={canAssign} />
      {choices && (
        <CrewAssignDialog
          job={job}
          choices={choices}
          values={actionData?.values ?? EMPTY_CREW_FORM}
          errors={actionData?.errors ?? {}}
          clashes={actionData?.clashes ?? []}
          closeHref={here}
          action={`${here}?assign=1`}
        />
      )}
    </>
  );
}
