import { GitMerge, UserPlus } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import {
  emptyCustomerForm,
  readCustomerForm,
  readMergeForm,
  type CustomerFormValues,
  type MergeFormValues,
} from "~/domain/sales/customer-form";
import { CUSTOMER_LIST, customerFindOf, customerListStateFor } from "~/domain/sales/customer-list";
import { createCustomer, customerChoices, listCustomers, mergeCustomers } from "~/domain/sales/customers.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { isUuid, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { CustomerDialog } from "~/ui/admin/customers/customer-dialog";
import { CustomerTable } from "~/ui/admin/customers/customer-table";
import { MergeDialog } from "~/ui/admin/customers/merge-dialog";
import { useToast } from "~/ui/admin/form";
import { ListSkeleton, ListToolbar, SearchBox, useListLoading, useListView } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/customers";

// Customers (/admin/customers, issue 22): the live records, searched by name, organisation, e-mail and phone, with
// their quotations and, for those who see the accounts, what each was invoiced, owes and has in credit. Dialogs by
// the URL: New customer (?new=1) and Merge (?merge=1, &duplicate=<id> and &keep=<id> preselect the two records,
// &find= narrows the pickers to the customers it finds, at most 50). A new customer opens its own page; a merge the
// kept record's.

export const meta: Route.MetaFunction = () => [{ title: "Customers | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/customers");
  const url = new URL(args.request.url);
  const withMoney = can(user.role, "accounts.view");
  // Without the money, no ranking by what customers owe either: ?sort=owes falls back to the default.
  const state = customerListStateFor(parseList(CUSTOMER_LIST, url), withMoney);
  const canManage = can(user.role, "quotations.manage");
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
    listCustomers(db, state, withMoney),
    merging ? customerChoices(db, { find: customerFindOf(url.searchParams), include: [duplicate, keep] }) : null,
  ]);
  const dialog: { kind: "create"; values: CustomerFormValues } | { kind: "merge"; values: MergeFormValues } | null =
    creating
      ? { kind: "create", values: emptyCustomerForm() }
      : merging
        ? { kind: "merge", values: { duplicateId: duplicate, keepId: keep } }
        : null;
  const mergesMoney = can(user.role, "accounts.manage");
  return { state, page, withMoney, canManage, mergesMoney, dialog, choices };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/customers");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const actor = auditActor(args, user);
  if (intent === "create") {
    const values = readCustomerForm(form);
    const result = await createCustomer(getDb(), actor, values);
    if (result.ok)
      return redirectWithToast(`/admin/customers/${result.id}`, { type: "success", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  // merge (the use case asks for the accounts' permission too when the records have money documents)
  const values = readMergeForm(form);
  const result = await mergeCustomers(getDb(), actor, values, user.role);
  if (result.ok)
    return redirectWithToast(`/admin/customers/${result.id}`, { type: "success", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export default function Customers({ loaderData, actionData }: Route.ComponentProps) {
  const { page, withMoney, canManage, mergesMoney, dialog, choices } = loaderData;
  const list = useListView(CUSTOMER_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  return (
    <>
      <PageHeader
        title="Customers"
        description={
          withMoney
            ? "Everyone who approved a quotation or was added here: their quotations, invoices, payments and what they owe."
            : "Everyone who approved a quotation or was added here, with their quotations."
        }
        actions={
          canManage && (
            <>
              <Link to={withParam(closeHref, "merge=1")} preventScrollReset className={secondaryButton}>
                <GitMerge aria-hidden className="size-4" /> Merge
              </Link>
              <Link to={withParam(closeHref, "new=1")} preventScrollReset className={primaryButton}>
                <UserPlus aria-hidden className="size-4" /> New customer
              </Link>
            </>
          )
        }
      />
      <Panel>
        <ListToolbar list={list} label="Search the customers">
          <SearchBox
            label="Search"
            placeholder="Search name, organisation, e-mail or phone..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
        </ListToolbar>
        {withMoney && (
          <p className="px-4 py-2 text-xs text-slate-500">
            Invoiced: the invoices less their credit notes. Owes: what the invoices still ask for, less the
            customer&apos;s credit (a minus is money held for them).
          </p>
        )}
        {loading ? (
          <ListSkeleton label="customers" columns={withMoney ? 8 : 5} />
        ) : (
          <CustomerTable list={list} page={page} withMoney={withMoney} canManage={canManage} />
        )}
      </Panel>

      {dialog?.kind === "create" && (
        <CustomerDialog
          mode="create"
          values={
            actionData?.intent === "create" && actionData.values
              ? (actionData.values as CustomerFormValues)
              : dialog.values
          }
          errors={actionData?.intent === "create" ? actionData.errors : {}}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "merge" && choices && (
        <MergeDialog
          key={choices.find}
          values={
            actionData?.intent === "merge" && actionData.values ? (actionData.values as MergeFormValues) : dialog.values
          }
          picker={choices}
          errors={actionData?.intent === "merge" ? actionData.errors : {}}
          closeHref={closeHref}
          pathname={location.pathname}
          action={here}
          mergesMoney={mergesMoney}
        />
      )}
    </>
  );
}
