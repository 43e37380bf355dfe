import { Pencil, Plus, Trash2 } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import {
  DAILY_RATE_STRUCTURE,
  EMPTY_RATE_STRUCTURE_FORM,
  RATE_STRUCTURE_LIMITS,
  RATE_STRUCTURE_MESSAGES,
  readRateStructureForm,
  type RateStructureFormValues,
} from "~/domain/catalogue/rate-structures";
import {
  createRateStructure,
  deleteRateStructure,
  listRateStructures,
  updateRateStructure,
} from "~/domain/catalogue/rate-structures.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { isUuid } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { DialogActions, FormDialog } from "~/ui/admin/form-dialog";
import { FormError, inputClass, SubmitButton, TextField, useFormBusy, useToast } from "~/ui/admin/form";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { SettingsTabs } from "~/ui/admin/settings-tabs";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/rate-structures";

// Settings > Rate structures (issue 19, ADR 0019): how many days a price per day is charged for a longer rental.
// The built-in default (every day charged) heads the list and cannot be changed; named structures are added,
// edited and deleted in dialogs opened by the URL (?new, ?edit=<id>, ?delete=<id>). Items pick one in their
// dialog in Inventory; a structure in use cannot be deleted.

export const meta: Route.MetaFunction = () => [{ title: "Rate structures | Utsab Admin" }];

const PATH = "/admin/settings/rate-structures";
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/settings/rate-structures");
  const url = new URL(args.request.url);
  const structures = await listRateStructures(getDb());
  const editId = url.searchParams.get("edit") ?? url.searchParams.get("delete");
  const chosen = editId && isUuid(editId) ? structures.find((s) => s.id === editId.toLowerCase()) : undefined;
  if (editId && !chosen)
    throw await redirectWithToast(PATH, { type: "error", message: RATE_STRUCTURE_MESSAGES.notFound });
  const dialog:
    | { kind: "create" | "update"; values: RateStructureFormValues }
    | { kind: "delete"; id: string; name: string }
    | null = url.searchParams.has("new")
    ? { kind: "create", values: EMPTY_RATE_STRUCTURE_FORM }
    : chosen && url.searchParams.has("delete")
      ? { kind: "delete", id: chosen.id, name: chosen.name }
      : chosen
        ? {
            kind: "update",
            values: {
              id: chosen.id,
              name: chosen.name,
              days: chosen.daysCharged.map(String),
              extraWeekDays: String(chosen.extraWeekDays),
            },
          }
        : null;
  return { role: user.role, structures, dialog };
}

type ActionData = {
  intent: string;
  errors: Record<string, string>;
  values: RateStructureFormValues | null;
  toast: Toast;
};

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/settings/rate-structures");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const actor = auditActor(args, user);
  const db = getDb();
  const result =
    intent === "create"
      ? await createRateStructure(db, readRateStructureForm(form), actor)
      : intent === "update"
        ? await updateRateStructure(db, readRateStructureForm(form), actor)
        : await deleteRateStructure(db, form.get("id"), actor);
  if (result.ok) return redirectWithToast(PATH, { type: "success", message: result.message });
  // A refused delete (in use) or a structure gone: back to the list, the reason in the toast.
  if (intent === "delete" || result.status === 404)
    return redirectWithToast(PATH, { type: "error", message: result.message });
  const body: ActionData = {
    intent,
    errors: result.errors,
    values: result.values ?? null,
    toast: { type: "error", message: result.message },
  };
  return data(body, { status: result.status });
}

export default function RateStructures({ loaderData, actionData }: Route.ComponentProps) {
  const { structures, dialog } = loaderData;
  useToast(actionData?.toast);
  const location = useLocation();
  const here = location.pathname + location.search;
  const editing = dialog && dialog.kind !== "delete" ? dialog : null;

  return (
    <div className="max-w-5xl">
      <SettingsTabs role={loaderData.role} />
      <PageHeader
        title="Rate structures"
        description="How many days a price per day is charged for a rental of several days. Each inventory item picks one; items without one use the default, which charges every day."
        actions={
          <Link to={`${PATH}?new`} preventScrollReset className={primaryButton}>
            <Plus aria-hidden className="size-4" /> Add Rate Structure
          </Link>
        }
      />
      <Panel className="min-w-0">
        <ListTable label="Rate structures" minWidth="40rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Name</HeadCell>
              <HeadCell>Days charged for 1, 2, … 7 days</HeadCell>
              <HeadCell className="text-right">Further week</HeadCell>
              <HeadCell className="text-right">Items</HeadCell>
              <HeadCell>
                <span className="sr-only">Actions</span>
              </HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            <StructureRow
              name={DAILY_RATE_STRUCTURE.name}
              note="Default"
              daysCharged={DAILY_RATE_STRUCTURE.daysCharged}
              extraWeekDays={DAILY_RATE_STRUCTURE.extraWeekDays}
              itemCount={null}
            />
            {structures.map((s) => (
              <StructureRow
                key={s.id}
                name={s.name}
                daysCharged={s.daysCharged}
                extraWeekDays={s.extraWeekDays}
                itemCount={s.itemCount}
                actions={
                  <div className="flex justify-end gap-1">
                    <Link
                      to={`${PATH}?edit=${s.id}`}
                      preventScrollReset
                      className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-ink-900"
                      aria-label={`Edit ${s.name}`}
                      title="Edit"
                    >
                      <Pencil aria-hidden className="size-4" />
                    </Link>
                    <Link
                      to={`${PATH}?delete=${s.id}`}
                      preventScrollReset
                      className="rounded-md p-2 text-red-700 hover:bg-red-50"
                      aria-label={`Delete ${s.name}`}
                      title="Delete"
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Link>
                  </div>
                }
              />
            ))}
          </tbody>
        </ListTable>
        <p className="border-t border-slate-100 px-4 py-3 text-xs text-slate-600">
          Beyond 7 days: the 7-day figure, plus the further-week figure for each further full week, plus for a part of a
          week the figure of its length, but never more than a further week. A price per event is charged once.
        </p>
      </Panel>

      {editing && (
        <StructureDialog
          key={`${editing.kind}-${editing.values.id}`}
          mode={editing.kind}
          values={actionData?.intent === editing.kind && actionData.values ? actionData.values : editing.values}
          errors={actionData?.intent === editing.kind ? actionData.errors : {}}
          action={here}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          title="Delete rate structure"
          question={RATE_STRUCTURE_MESSAGES.confirmDelete}
          id={dialog.id}
          name={dialog.name}
          consequence=" will be removed. A structure that items use cannot be deleted; quotations already priced keep their days."
          closeHref={PATH}
          action={here}
        />
      )}
    </div>
  );
}

function StructureRow({
  name,
  note,
  daysCharged,
  extraWeekDays,
  itemCount,
  actions,
}: {
  name: string;
  note?: string;
  daysCharged: readonly number[];
  extraWeekDays: number;
  /** Null for the built-in default (every item without a structure uses it). */
  itemCount: number | null;
  actions?: React.ReactNode;
}) {
  return (
    <tr>
      <td className={`${cellClass} font-medium text-ink-900`}>
        {name}
        {note && (
          <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">{note}</span>
        )}
      </td>
      <td className={`${cellClass} tabular-nums`} data-label="Days charged for 1-7 days">
        {daysCharged.join(" · ")}
      </td>
      <td className={`${cellClass} text-right tabular-nums`} data-label="Further week">
        {extraWeekDays}
      </td>
      <td className={`${cellClass} text-right tabular-nums`} data-label="Items">
        {itemCount ?? "—"}
      </td>
      <td className={cellClass} data-empty={actions ? undefined : true}>
        {actions}
      </td>
    </tr>
  );
}

function StructureDialog({
  mode,
  values,
  errors,
  action,
}: {
  mode: "create" | "update";
  values: RateStructureFormValues;
  errors: Record<string, string>;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const dayErrors = DAYS.map((_, i) => errors[`days.${i}`]).filter(Boolean);
  return (
    <FormDialog
      title={mode === "create" ? "Add Rate Structure" : "Edit Rate Structure"}
      description="For a rental of 1 to 7 days, how many days are charged; and how many for each further week."
      closeHref={PATH}
      size="sm"
    >
      <Form method="post" action={action} noValidate replace preventScrollReset>
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="id" value={values.id} />
        <div className="space-y-4 px-5 py-4">
          <FormError message={errors.form} />
          <TextField
            name="name"
            label="Name"
            defaultValue={values.name}
            error={errors.name}
            maxLength={RATE_STRUCTURE_LIMITS.name}
            placeholder="e.g. 3-day week"
            required
          />
          <fieldset>
            <legend className="text-sm font-medium text-ink-900">Days charged for a rental of</legend>
            <div className="mt-1 grid grid-cols-4 gap-2 sm:grid-cols-7">
              {DAYS.map((d, i) => (
                <label key={d} className="block text-xs text-slate-600">
                  {d} {d === 1 ? "day" : "days"}
                  <input
                    name={`days${d}`}
                    inputMode="numeric"
                    defaultValue={values.days[i]}
                    aria-invalid={errors[`days.${i}`] ? true : undefined}
                    className={`mt-1 ${inputClass} text-right tabular-nums ${errors[`days.${i}`] ? "border-red-600" : "border-slate-300"}`}
                  />
                </label>
              ))}
            </div>
            {dayErrors.map((message) => (
              <p key={message} className="mt-1 text-sm text-red-700">
                {message}
              </p>
            ))}
          </fieldset>
          <TextField
            name="extraWeekDays"
            label="Days charged per further week"
            inputMode="numeric"
            defaultValue={values.extraWeekDays}
            error={errors.extraWeekDays}
            hint="From 1 to 7. A part of a further week is charged as its length in the table above, never more than this."
            required
          />
        </div>
        <DialogActions closeHref={PATH}>
          <SubmitButton
            label={mode === "create" ? "Add Structure" : "Save Structure"}
            busyLabel="Saving..."
            busy={busy}
            className={primaryButton}
          />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
