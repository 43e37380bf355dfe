import { Download, GitMerge, Plus } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { emptySupplierForm, readSupplierForm, type SupplierFormValues } from "~/domain/purchases/supplier-form";
import { SUPPLIER_LIST, SUPPLIERS_EXPORT_PATH } from "~/domain/purchases/supplier-list";
import { listSuppliers, supplierChoices } from "~/domain/purchases/supplier-list.server";
import { createSupplier, mergeSuppliers } from "~/domain/purchases/suppliers.server";
import { readMergeForm, type MergeFormValues } from "~/domain/sales/customer-form";
import { customerFindOf } from "~/domain/sales/customer-list";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { isUuid, listSearch, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { useToast } from "~/ui/admin/form";
import { ListSkeleton, ListToolbar, SearchBox, useListLoading, useListView } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { SupplierMergeDialog } from "~/ui/admin/suppliers/merge-dialog";
import { SupplierDialog } from "~/ui/admin/suppliers/supplier-dialog";
import { SupplierTable } from "~/ui/admin/suppliers/supplier-table";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/suppliers";

// Suppliers (/admin/suppliers, issue 36): the live records, searched by name, e-mail, phone, BIN and TIN, with what
// the company owes each on the ledger; the list as CSV. Dialogs by the URL, as on Customers: New supplier (?new=1)
// and Merge (?merge=1, &duplicate=<id> and &keep=<id> preselect the two records, &find= narrows the pickers). A new
// supplier opens its own page; a merge the kept record's. Whoever sees the books sees it; the bookkeeper changes it.

export const meta: Route.MetaFunction = () => [{ title: "Suppliers | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/suppliers");
  const url = new URL(args.request.url);
  const state = parseList(SUPPLIER_LIST, url);
  const canManage = can(user.role, "accounts.manage");
  const db = getDb();
  const creating = canManage && url.searchParams.get("new") === "1";
  const merging = canManage && url.searchParams.get("merge") === "1";
  const chosen = (name: string) => {
    const id = url.searchParams.get(name) ?? "";
    return isUuid(id) ? id.toLowerCase() : "";
  };
  const duplicate = chosen("duplicate");
  const keep = chosen("keep");
  const [page, choices] = await Promise.all([
    listSuppliers(db, state),
    // The pickers' search is the customers' ?find= (the same words, read the same way).
    merging ? supplierChoices(db, { find: customerFindOf(url.searchParams), include: [duplicate, keep] }) : null,
  ]);
  const dialog: { kind: "create"; values: SupplierFormValues } | { kind: "merge"; values: MergeFormValues } | null =
    creating
      ? { kind: "create", values: emptySupplierForm() }
      : merging
        ? { kind: "merge", values: { duplicateId: duplicate, keepId: keep } }
        : null;
  return { state, page, canManage, dialog, choices };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/suppliers");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const actor = auditActor(args, user);
  if (intent === "create") {
    const values = readSupplierForm(form);
    const result = await createSupplier(getDb(), actor, values);
    if (result.ok)
      return redirectWithToast(`/admin/suppliers/${result.id}`, { type: "success", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  // merge
  const values = readMergeForm(form);
  const result = await mergeSuppliers(getDb(), actor, values);
  if (result.ok)
    return redirectWithToast(`/admin/suppliers/${result.id}`, { type: "success", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export default function Suppliers({ loaderData, actionData }: Route.ComponentProps) {
  const { page, canManage, dialog, choices } = loaderData;
  const list = useListView(SUPPLIER_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const exportHref = SUPPLIERS_EXPORT_PATH + listSearch(SUPPLIER_LIST, { ...list.state, page: 1 });
  return (
    <>
      <PageHeader
        title="Suppliers"
        description="Everyone the company buys from: their details, and what the company owes each on the ledger."
        actions={
          <>
            <Link to={exportHref} reloadDocument className={secondaryButton}>
              <Download aria-hidden className="size-4" /> Export CSV
            </Link>
            {canManage && (
              <>
                <Link to={withParam(closeHref, "merge=1")} preventScrollReset className={secondaryButton}>
                  <GitMerge aria-hidden className="size-4" /> Merge
                </Link>
                <Link to={withParam(closeHref, "new=1")} preventScrollReset className={primaryButton}>
                  <Plus aria-hidden className="size-4" /> New supplier
                </Link>
              </>
            )}
          </>
        }
      />
      <Panel>
        <ListToolbar list={list} label="Search the suppliers">
          <SearchBox
            label="Search"
            placeholder="Search name, e-mail, phone, BIN or TIN..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
        </ListToolbar>
        <p className="px-4 py-2 text-xs text-slate-500">
          Owed: the supplier&apos;s balance on the payable, from the ledger (a minus is money paid to them ahead).
        </p>
        {loading ? (
          <ListSkeleton label="suppliers" columns={6} />
        ) : (
          <SupplierTable list={list} page={page} canManage={canManage} />
        )}
      </Panel>

      {dialog?.kind === "create" && (
        <SupplierDialog
          mode="create"
          values={
            actionData?.intent === "create" && actionData.values
              ? (actionData.values as SupplierFormValues)
              : dialog.values
          }
          errors={actionData?.intent === "create" ? actionData.errors : {}}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "merge" && choices && (
        <SupplierMergeDialog
          key={choices.find}
          values={
            actionData?.intent === "merge" && actionData.values ? (actionData.values as MergeFormValues) : dialog.values
          }
          picker={choices}
          errors={actionData?.intent === "merge" ? actionData.errors : {}}
          closeHref={closeHref}
          pathname={location.pathname}
          action={here}
        />
      )}
    </>
  );
}
