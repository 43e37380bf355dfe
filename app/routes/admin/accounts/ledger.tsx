import { BookOpen, Plus } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { createJournalEntry } from "~/domain/accounting/create-journal-entry.server";
import { deleteJournalEntry } from "~/domain/accounting/delete-journal-entry.server";
import { JOURNAL_SOURCE_LABELS, JOURNAL_SOURCES, JOURNAL_STATUSES } from "~/domain/accounting/constants";
import {
  changeLines,
  emptyJournalEntryForm,
  JOURNAL_ENTRY_MESSAGES,
  JOURNAL_STATUS_LABELS,
  readJournalEntryForm,
  readLinesChange,
  type JournalEntryFormValues,
} from "~/domain/accounting/journal-entry-form";
import { entryLabel, LEDGER_LIST } from "~/domain/accounting/ledger-list";
import {
  accountChoices,
  formValuesOf,
  listLedger,
  loadLedgerEntry,
  partyPicker,
  unavailableBecause,
  type EntryAction,
  type LedgerEntryRow,
} from "~/domain/accounting/ledger-list.server";
import { postJournalEntry } from "~/domain/accounting/post-journal-entry.server";
import { reverseEntry } from "~/domain/accounting/reverse-entry.server";
import { updateJournalEntry } from "~/domain/accounting/update-journal-entry.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formText } from "~/lib/form-data";
import { listUrlOf, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpInitOf } from "~/lib/use-case-http";
import { JournalEntryDialog } from "~/ui/admin/accounts/ledger/journal-entry-dialog";
import { LedgerEntries } from "~/ui/admin/accounts/ledger/ledger-entries";
import { PostEntryDialog } from "~/ui/admin/accounts/ledger/post-entry-dialog";
import { ReverseEntryDialog } from "~/ui/admin/accounts/ledger/reverse-entry-dialog";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { useToast } from "~/ui/admin/form";
import {
  DateFilter,
  EmptyState,
  FilterSelect,
  ListSkeleton,
  ListToolbar,
  Pagination,
  SearchBox,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/ledger";

// The General Ledger (backoffice.md §2, §5, §8; issue 21): journal entries newest first with their lines beneath,
// filtered, searched and paged in the URL; the dialogs by URL too: ?new=1 (New Journal Entry), ?edit=<id> (a draft),
// ?post=<id>, ?delete=<id> (a draft), ?reverse=<id> (a posted entry). Every write is a use case of
// app/domain/accounting/.

export const meta: Route.MetaFunction = () => [{ title: "General Ledger | Utsab Admin" }];

const listUrl = (url: URL) => listUrlOf(LEDGER_LIST, url);

type Dialog =
  | { kind: "create" | "update"; values: JournalEntryFormValues }
  | { kind: "post" | "delete"; entry: LedgerEntryRow }
  | { kind: "reverse"; entry: LedgerEntryRow; date: string }
  | null;

/** The dialog the URL asks for; an entry that is gone, or that cannot be so changed, goes back to the list. */
async function dialogOf(url: URL, canManage: boolean, today: string): Promise<Dialog> {
  if (!canManage) return null;
  const params = url.searchParams;
  if (params.has("new")) return { kind: "create", values: emptyJournalEntryForm(today) };
  const asked = (["edit", "post", "delete", "reverse"] as const).find((p) => params.has(p));
  if (!asked) return null;
  const entry = await loadLedgerEntry(getDb(), params.get(asked) ?? "");
  const refusal = entry ? unavailableBecause(entry, asked satisfies EntryAction) : JOURNAL_ENTRY_MESSAGES.notFound;
  if (!entry || refusal) throw await redirectWithToast(listUrl(url), { type: "error", message: refusal! });
  if (asked === "edit") return { kind: "update", values: formValuesOf(entry) };
  if (asked === "reverse") return { kind: "reverse", entry, date: today };
  return { kind: asked, entry };
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/ledger");
  const url = new URL(args.request.url);
  const state = parseList(LEDGER_LIST, url);
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");
  const today = todayInDhaka();
  const dialog = await dialogOf(url, canManage, today);
  // The lines editor's Party selects (issue 36): read only while New Journal Entry or a draft's Edit is open.
  const editing = dialog?.kind === "create" || dialog?.kind === "update";
  const [page, accounts, parties] = await Promise.all([
    listLedger(db, state),
    accountChoices(db),
    editing ? partyPicker(db) : null,
  ]);
  return { state, page, accounts, parties, canManage, dialog };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/ledger");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const actor = auditActor(args, user);
  const db = getDb();
  const back = listUrl(url);
  const refused = (toast: string) => ({ type: "error", message: toast }) satisfies Toast;

  if (intent === "create" || intent === "update") {
    const values = readJournalEntryForm(form);
    // The lines editor's Add line and Remove without JavaScript: the form comes back with the lines changed.
    const change = readLinesChange(form);
    if (change)
      return data({
        intent,
        values: { ...values, lines: changeLines(values.lines, change) },
        errors: {} as Record<string, string>,
        toast: null,
      });
    const result =
      intent === "create" ? await createJournalEntry(db, values, actor) : await updateJournalEntry(db, values, actor);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    // Someone else's change: the form reopens with what is stored now.
    const stored = result.refusal === "conflict" ? await loadLedgerEntry(db, values.id) : null;
    const shown = stored?.status === "draft" ? formValuesOf(stored) : values;
    return data({ intent, values: shown, errors: result.errors, toast: refused(result.message) }, httpInitOf(result));
  }

  if (intent === "post") {
    const result = await postJournalEntry(db, { id: formText(form, "id"), version: formText(form, "version") }, actor);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    return data({ intent, values: null, errors: result.errors, toast: refused(result.message) }, httpInitOf(result));
  }

  if (intent === "delete") {
    const result = await deleteJournalEntry(db, form.get("id"), actor);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    return data({ intent, values: null, errors: result.errors, toast: refused(result.message) }, httpInitOf(result));
  }

  if (intent === "reverse") {
    const date = formText(form, "date");
    const result = await reverseEntry(db, actor, { entryId: formText(form, "id"), date });
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    const errors = Object.keys(result.errors).length > 0 ? result.errors : { form: result.message };
    const toast = refused(JOURNAL_ENTRY_MESSAGES.reverseFailed(result.message));
    return data({ intent, values: { date }, errors, toast }, httpInitOf(result));
  }

  return data({ intent: null, values: null, errors: {} as Record<string, string>, toast: null }, { status: 400 });
}

export default function GeneralLedger({ loaderData, actionData }: Route.ComponentProps) {
  const { page, accounts, parties, canManage, dialog } = loaderData;
  const list = useListView(LEDGER_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const dialogHref = (param: string) => withParam(closeHref, param);
  // The action's answer to the dialog that is open (a refusal, or the lines changed without JavaScript).
  const formAnswer =
    dialog && (dialog.kind === "create" || dialog.kind === "update") && actionData?.intent === dialog.kind
      ? actionData
      : null;
  const postAnswer = actionData?.intent === "post" ? actionData : null;
  const reverseAnswer = actionData?.intent === "reverse" ? actionData : null;
  const oneEntry = loaderData.state.filters.entry;

  return (
    <>
      <PageHeader
        title="General Ledger"
        description="Every journal entry of the books, newest first, with its lines."
        actions={
          canManage && (
            <Link to={dialogHref("new=1")} preventScrollReset className={primaryButton}>
              <Plus aria-hidden className="size-4" /> New Journal Entry
            </Link>
          )
        }
      />
      <Panel>
        <ListToolbar list={list} label="Search and filter the journal entries">
          <SearchBox
            label="Search"
            placeholder="Search by reference or description..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
          <DateFilter name="from" label="From" className="sm:w-40" />
          <DateFilter name="to" label="To" className="sm:w-40" />
          <FilterSelect
            name="account"
            label="Account"
            options={accounts.map((a) => ({
              value: a.id,
              label: `${a.code} ${a.name}${a.isActive ? "" : " (deactivated)"}`,
            }))}
            allLabel="All accounts"
            className="sm:w-56"
          />
          <FilterSelect
            name="source"
            label="Source"
            options={JOURNAL_SOURCES.map((s) => ({ value: s, label: JOURNAL_SOURCE_LABELS[s] }))}
            className="max-sm:col-span-1 sm:w-44"
          />
          <FilterSelect
            name="status"
            label="Status"
            options={JOURNAL_STATUSES.map((s) => ({ value: s, label: JOURNAL_STATUS_LABELS[s] }))}
            className="max-sm:col-span-1 sm:w-32"
          />
        </ListToolbar>
        {oneEntry && (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-brand-50 px-4 py-2 text-sm text-ink-900">
            Showing one entry.
            <Link
              to={list.href({ filters: { entry: "" } })}
              preventScrollReset
              className="font-medium text-brand-700 underline"
            >
              Show all entries
            </Link>
          </p>
        )}
        {loading ? (
          <ListSkeleton label="journal entries" columns={4} />
        ) : page.rows.length === 0 ? (
          <EmptyState
            list={list}
            icon={BookOpen}
            title="No journal entries found"
            hint={canManage ? "Add the first with New Journal Entry." : "Entries appear here as the books are kept."}
          />
        ) : (
          <LedgerEntries
            entries={page.rows}
            canManage={canManage}
            actionHref={(action, entry) => dialogHref(`${action}=${entry.id}`)}
            entryHref={(id) => list.href({ q: "", filters: { entry: id } })}
          />
        )}
        <Pagination list={list} page={page} noun="entries" />
      </Panel>

      {dialog && (dialog.kind === "create" || dialog.kind === "update") && (
        <JournalEntryDialog
          key={`${dialog.kind}-${dialog.values.id}-${dialog.values.version}`}
          mode={dialog.kind}
          values={formAnswer?.values ?? dialog.values}
          errors={formAnswer?.errors ?? {}}
          accounts={accounts}
          parties={parties ?? { kinds: {}, choices: [] }}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "post" && (
        <PostEntryDialog
          entry={dialog.entry}
          error={Object.values(postAnswer?.errors ?? {})[0]}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "reverse" && (
        <ReverseEntryDialog
          entry={dialog.entry}
          date={reverseAnswer?.values.date ?? dialog.date}
          errors={reverseAnswer?.errors ?? {}}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          title="Delete journal entry"
          question={JOURNAL_ENTRY_MESSAGES.confirmDelete}
          id={dialog.entry.id}
          name={entryLabel(dialog.entry)}
          consequence=", a draft, and its lines will be deleted. Nothing of it was posted to the books."
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
