import { Plus } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import {
  DAILY_RATE_STRUCTURE,
  EMPTY_RATE_STRUCTURE_FORM,
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
import { useToast } from "~/ui/admin/form";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { SettingsTabs } from "~/ui/admin/settings-tabs";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/rate-structures";
import { recordDialogFromUrl } from "~/lib/record-dialog.server";
import { httpStatusOf } from "~/lib/use-case-http";
import { RowActions } from "~/ui/admin/row-actions";
import { RateStructureDialog } from "~/ui/admin/settings/rate-structure-dialog";

// Settings > Rate structures (issue 19, ADR 0019): how many days a price per day is charged for a longer rental.
// The built-in default (every day charged) heads the list and cannot be changed; named structures are added,
// edited and deleted in dialogs opened by the URL (?new, ?edit=<id>, ?delete=<id>). Items pick one in their
// dialog in Inventory; a structure in use cannot be deleted.

export const meta: Route.MetaFunction = () => [{ title: "Rate structures | Utsab Admin" }];

const PATH = "/admin/settings/rate-structures";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/settings/rate-structures");
  const url = new URL(args.request.url);
  const structures = await listRateStructures(getDb());
  const dialog = await recordDialogFromUrl(url, {
    allowed: true,
    empty: EMPTY_RATE_STRUCTURE_FORM,
    load: async (id) => (isUuid(id) ? (structures.find((s) => s.id === id.toLowerCase()) ?? null) : null),
    values: (chosen): RateStructureFormValues => ({
      id: chosen.id,
      name: chosen.name,
      days: chosen.daysCharged.map(String),
      extraWeekDays: String(chosen.extraWeekDays),
    }),
    name: (chosen) => chosen.name,
    id: (chosen) => chosen.id,
    listUrl: PATH,
    notFound: RATE_STRUCTURE_MESSAGES.notFound,
  });
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
  if (intent === "delete" || result.refusal === "not-found")
    return redirectWithToast(PATH, { type: "error", message: result.message });
  const body: ActionData = {
    intent,
    errors: result.errors,
    values: readRateStructureForm(form),
    toast: { type: "error", message: result.message },
  };
  return data(body, { status: httpStatusOf(result) });
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
          <Link to={`${PATH}?new`} preventScrollReset className={`${primaryButton} whitespace-nowrap`}>
            <Plus aria-hidden className="size-4 shrink-0" /> Add Rate Structure
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
                  <RowActions
                    name={s.name}
                    editHref={`${PATH}?edit=${s.id}`}
                    deleteHref={`${PATH}?delete=${s.id}`}
                    className="flex justify-end gap-1"
                    compact
                  />
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
        <RateStructureDialog
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
