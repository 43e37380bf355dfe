import { Archive, Download, ExternalLink, ImageOff, Package, Plus, RotateCcw, Upload } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView, type ActionAccess } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { CATEGORIES, findCategory, INVENTORY_GROUPS, PRICE_UNITS } from "~/domain/catalogue/constants";
import { INVENTORY_IMPORT_PATH, inventoryExportHref } from "~/domain/inventory/inventory-csv";
import {
  FREE_TODAY_HINT,
  FREE_TODAY_NAME,
  INVENTORY_LIST,
  INVENTORY_STATUS_HINT,
  INVENTORY_STATUS_LABELS,
  INVENTORY_STATUS_NAME,
  SOURCE_LABELS,
} from "~/domain/inventory/inventory-list";
import { listInventory } from "~/domain/inventory/inventory-list.server";
import { EMPTY_ITEM_FORM, INVENTORY_MESSAGES, readItemForm, type ItemFormValues } from "~/domain/inventory/item-form";
import { deleteItem, loadItemForm, restoreItem } from "~/domain/inventory/item-records.server";
import { rateStructureChoices } from "~/domain/catalogue/rate-structures.server";
import { createItem, updateItem } from "~/domain/inventory/save-item.server";
import { chosenFiles } from "~/domain/media/form-uploads.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { httpStatusOf } from "~/lib/use-case-http";
import { withUploadForm, type UploadForm } from "~/lib/upload-form.server";
import { formatMoney } from "~/lib/format";
import { isUuid, listUrlOf, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { useToast } from "~/ui/admin/form";
import { ItemDialog } from "~/ui/admin/inventory/item-dialog";
import { PrintLabelLink, PrintPageLabelsLink } from "~/ui/admin/inventory/print-labels";
import {
  cellClass,
  EmptyState,
  FilterSelect,
  HeadCell,
  ListTable,
  ListToolbar,
  Pagination,
  SearchBox,
  SortHeader,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { RowActions } from "~/ui/admin/row-actions";
import { Badge, type BadgeTone } from "~/ui/badge";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/inventory";

// Inventory Management (backoffice.md §2; issue 9). The list's state is in the URL (DESIGN §9 Lists); so is the
// open dialog: ?new=1 (add), ?edit=<id>, ?delete=<id> (the confirmation). A save answers on the same URL, so a
// failure keeps the dialog open with its messages; a success goes back to the list with a toast.

export const meta: Route.MetaFunction = () => [{ title: "Inventory Management | Utsab Admin" }];

/** The list's URL without any dialog, from a request or location. */
const listUrl = (url: URL) => listUrlOf(INVENTORY_LIST, url);

type DialogState =
  | { kind: "create"; values: ItemFormValues }
  | { kind: "update"; values: ItemFormValues }
  | { kind: "delete"; id: string; name: string; archived: boolean }
  | null;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/inventory");
  const url = new URL(args.request.url);
  const state = parseList(INVENTORY_LIST, url);
  const db = getDb();
  const canManage = can(user.role, "inventory.manage");

  let dialog: DialogState = null;
  const editId = url.searchParams.get("edit") ?? url.searchParams.get("delete");
  if (canManage && url.searchParams.has("new")) dialog = { kind: "create", values: EMPTY_ITEM_FORM };
  else if (canManage && editId) {
    const item = isUuid(editId) ? await loadItemForm(db, editId.toLowerCase()) : null;
    if (!item) throw await redirectWithToast(listUrl(url), { type: "error", message: INVENTORY_MESSAGES.notFound });
    dialog = url.searchParams.has("delete")
      ? { kind: "delete", id: item.values.id, name: item.values.name, archived: item.archived }
      : { kind: "update", values: item.values };
  }

  const [page, rateStructures] = await Promise.all([
    listInventory(db, state),
    dialog && dialog.kind !== "delete" ? rateStructureChoices(db) : [],
  ]);
  return { state, page, canManage, dialog, rateStructures };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/inventory");
  // The body is read only now, the permission known (issue 19).
  return withUploadForm(args.request, (read) => act(args, access, read));
}

async function act(args: Route.ActionArgs, access: ActionAccess<"/admin/inventory">, { form, refusal }: UploadForm) {
  const url = new URL(args.request.url);
  // The intent comes first in the form, so a refused upload (413) still has it.
  const intent = access.intent(form);
  const actor = auditActor(args, access.user);
  const db = getDb();
  const back = listUrl(url);

  if (intent === "create" || intent === "update") {
    const values = readItemForm(form);
    const failed = intent === "create" ? INVENTORY_MESSAGES.addFailed : INVENTORY_MESSAGES.updateFailed;
    // A picture over UPLOAD_MAX_BYTES (413): the form again, with what was typed and why.
    if (refusal) {
      const toast: Toast = { type: "error", message: failed(refusal.message) };
      const formError = refusal.field === "form" ? refusal.message : null;
      const errors: Record<string, string> = { [refusal.field]: refusal.message };
      return data({ intent, errors, values, formError, toast }, { status: refusal.status });
    }
    const files = chosenFiles(form, "newImages");
    const result =
      intent === "create" ? await createItem(db, values, files, actor) : await updateItem(db, values, files, actor);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    const toast: Toast = {
      type: "error",
      message:
        result.errors.form === INVENTORY_MESSAGES.idRequired ? INVENTORY_MESSAGES.idRequired : failed(result.message),
    };
    // Someone else's change: the form reopens with what is stored now.
    const shownValues =
      result.refusal === "conflict" ? ((await loadItemForm(db, values.id))?.values ?? result.values) : result.values;
    return data(
      { intent, errors: result.errors, values: shownValues, formError: result.errors.form ?? null, toast },
      { status: httpStatusOf(result) },
    );
  }

  if (refusal) {
    const toast: Toast = { type: "error", message: refusal.message };
    return data(
      { intent: null, errors: {}, values: null, formError: refusal.message, toast },
      { status: refusal.status },
    );
  }

  if (intent === "delete" || intent === "restore") {
    const id = String(form.get("id") ?? "");
    const result = intent === "delete" ? await deleteItem(db, id, actor) : await restoreItem(db, id, actor);
    if (!result.ok) return redirectWithToast(back, { type: "error", message: result.message });
    return redirectWithToast(back, { type: "success", message: result.message });
  }

  return data({ intent: null, errors: {}, values: null, formError: null, toast: null }, { status: 400 });
}

const STATUS_TONES: Record<string, BadgeTone> = { available: "green", booked: "amber", "under-repair": "red" };

export default function Inventory({ loaderData, actionData }: Route.ComponentProps) {
  const { page, canManage, dialog } = loaderData;
  const list = useListView(INVENTORY_LIST, loaderData.state);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const archivedView = list.state.filters.show === "archived";
  const here = location.pathname + location.search;
  // A dialog's URL: the list's own (which carries no dialog parameter) with the dialog's added.
  const dialogHref = (param: string) => withParam(closeHref, param);

  return (
    <>
      <PageHeader
        title="Inventory Management"
        description="What the storefront shows and quotations offer, and what is free today."
        actions={
          <>
            <PrintPageLabelsLink itemIds={page.rows.map((row) => row.id)} />
            <Link to={inventoryExportHref(list.state)} reloadDocument className={secondaryButton}>
              <Download aria-hidden className="size-4" /> Export CSV
            </Link>
            {canManage && (
              <>
                <Link to={INVENTORY_IMPORT_PATH} className={secondaryButton}>
                  <Upload aria-hidden className="size-4" /> Import CSV
                </Link>
                <Link to={dialogHref("new=1")} preventScrollReset className={primaryButton}>
                  <Plus aria-hidden className="size-4" /> Add Inventory
                </Link>
              </>
            )}
          </>
        }
      />
      <Panel>
        <ListToolbar list={list} label="Search and filter the inventory">
          <SearchBox label="Search" placeholder="Search inventory..." className="col-span-2 sm:min-w-56 sm:flex-1" />
          <FilterSelect
            name="status"
            label={INVENTORY_STATUS_NAME}
            allLabel="All"
            options={Object.entries(INVENTORY_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            className="sm:w-40"
          />
          <FilterSelect
            name="category"
            label="Category"
            allLabel="All"
            options={CATEGORIES.map((c) => ({ value: c.id, label: c.name }))}
            className="sm:w-44"
          />
          <FilterSelect
            name="source"
            label="Source"
            allLabel="All"
            options={Object.entries(SOURCE_LABELS).map(([value, label]) => ({ value, label }))}
            className="sm:w-36"
          />
          <FilterSelect
            name="group"
            label="Group"
            allLabel="All"
            options={INVENTORY_GROUPS.map((g) => ({ value: g, label: g }))}
            className="sm:w-28"
          />
          <FilterSelect
            name="show"
            label="Showing"
            allLabel="Current items"
            options={[{ value: "archived", label: "Archived items" }]}
            className="sm:w-40"
          />
        </ListToolbar>
        {page.rows.length === 0 ? (
          <EmptyState
            list={list}
            icon={archivedView ? Archive : Package}
            title="No items found."
            hint={
              archivedView
                ? "Deleted items that quotations refer to are kept here."
                : "Add the first item with Add Inventory."
            }
          />
        ) : (
          <ListTable label="Inventory items" minWidth="48rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell className="w-16">
                  <span className="sr-only">Picture</span>
                </HeadCell>
                <SortHeader list={list} sort="name">
                  Name
                </SortHeader>
                <SortHeader list={list} sort="category">
                  Category
                </SortHeader>
                <SortHeader list={list} sort="source">
                  Source
                </SortHeader>
                <SortHeader list={list} sort="status">
                  {/* Two lines where the columns are tight (at 1280 px): the table fits its panel. */}
                  <span title={INVENTORY_STATUS_HINT} className="whitespace-normal">
                    {INVENTORY_STATUS_NAME}
                  </span>
                </SortHeader>
                <SortHeader list={list} sort="price">
                  Price
                </SortHeader>
                <HeadCell>
                  <span title={FREE_TODAY_HINT} className="whitespace-normal">
                    {FREE_TODAY_NAME}
                  </span>
                </HeadCell>
                <HeadCell className="text-right">Actions</HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((row) => (
                <tr key={row.id} className="hover:bg-slate-50">
                  <td className={`${cellClass} w-20`} data-empty={row.imageUrl ? undefined : ""}>
                    {row.imageUrl ? (
                      <img
                        src={row.imageUrl}
                        alt=""
                        width={56}
                        height={42}
                        loading="lazy"
                        className="h-[42px] w-14 max-w-none rounded bg-slate-100 object-cover"
                      />
                    ) : (
                      <span className="flex h-[42px] w-14 items-center justify-center rounded bg-slate-100 text-slate-400">
                        <ImageOff aria-hidden className="size-4" />
                        <span className="sr-only">No picture</span>
                      </span>
                    )}
                  </td>
                  <td className={`${cellClass} min-w-40`}>
                    <span className="block font-medium text-ink-900">{row.name}</span>
                    <span className="flex items-center gap-x-2 text-xs text-slate-500">
                      {row.isPackage && <Badge tone="blue">Package</Badge>}
                      {row.archivedAt ? (
                        <span className="truncate font-mono">{row.slug}</span>
                      ) : (
                        <a
                          href={`/products/${row.slug}`}
                          target="_blank"
                          rel="noreferrer"
                          className="inline-flex min-w-0 items-center gap-1 font-mono text-brand-700 hover:underline"
                        >
                          <span className="max-w-44 truncate">{row.slug}</span>
                          <ExternalLink aria-hidden className="size-3" />
                          <span className="sr-only">(public page, opens in a new tab)</span>
                        </a>
                      )}
                    </span>
                  </td>
                  <td data-label="Category" className={cellClass}>
                    {findCategory(row.category)?.name ?? row.category}
                  </td>
                  <td data-label="Source" className={cellClass}>
                    {SOURCE_LABELS[row.source as keyof typeof SOURCE_LABELS] ?? row.source}
                  </td>
                  <td data-label={INVENTORY_STATUS_NAME} className={cellClass}>
                    <Badge tone={STATUS_TONES[row.status] ?? "slate"}>
                      {INVENTORY_STATUS_LABELS[row.status as keyof typeof INVENTORY_STATUS_LABELS] ?? row.status}
                    </Badge>
                  </td>
                  <td data-label="Price" className={`${cellClass} whitespace-nowrap`}>
                    {formatMoney(row.price)}
                    <span className="block text-xs text-slate-500">
                      {PRICE_UNITS.find((u) => u.id === row.priceUnit)?.label ?? row.priceUnit}
                    </span>
                  </td>
                  <td data-label={FREE_TODAY_NAME} className={`${cellClass} whitespace-nowrap`}>
                    <span className="font-medium text-ink-900">{row.freeToday}</span>
                    <span className="text-slate-500"> of {row.quantity}</span>
                    {row.unitsUnderRepair > 0 && (
                      <span className="block text-xs text-red-700">
                        {row.unitsUnderRepair} in repair{row.repairReturnDate ? ` until ${row.repairReturnDate}` : ""}
                      </span>
                    )}
                  </td>
                  <td className={`${cellClass} text-right whitespace-nowrap`}>
                    <PrintLabelLink id={row.id} name={row.name} />
                    {canManage && !row.archivedAt && (
                      <RowActions
                        name={row.name}
                        editHref={dialogHref(`edit=${row.id}`)}
                        deleteHref={dialogHref(`delete=${row.id}`)}
                        compact
                      />
                    )}
                    {canManage && row.archivedAt && (
                      <Form method="post" action={here} replace preventScrollReset>
                        <input type="hidden" name="id" value={row.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="restore"
                          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                          aria-label={`Restore ${row.name}`}
                        >
                          <RotateCcw aria-hidden className="size-4" /> Restore
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="items" />
      </Panel>

      {dialog && (dialog.kind === "create" || dialog.kind === "update") && (
        <ItemDialog
          key={`${dialog.kind}-${dialog.values.id}-${dialog.values.version}`}
          mode={dialog.kind}
          values={actionData?.intent === dialog.kind && actionData.values ? actionData.values : dialog.values}
          errors={actionData?.intent === dialog.kind ? actionData.errors : {}}
          formError={actionData?.intent === dialog.kind ? actionData.formError : null}
          closeHref={closeHref}
          action={here}
          rateStructures={loaderData.rateStructures}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          title="Delete item"
          question={INVENTORY_MESSAGES.confirmDelete}
          id={dialog.id}
          name={dialog.name}
          consequence=" will be removed. If quotations or packages refer to it, it is archived instead: hidden from the storefront and the quotation form, kept for their history."
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
