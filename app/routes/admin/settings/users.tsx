import { UserPlus, Users } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import type { IntentOf } from "~/domain/auth/permissions";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { parseInviteForm, readInviteForm, STAFF_ROLE_OPTIONS, STAFF_USER_MESSAGES } from "~/domain/auth/staff-users";
import { formCheck } from "~/lib/form-errors";
import { STAFF_USER_LIST, STAFF_USER_STATUS_LABELS } from "~/domain/auth/staff-user-list";
import {
  changeStaffRole,
  countStaffUsers,
  deactivateStaffUser,
  inviteStaffUser,
  listStaffUsers,
  reactivateStaffUser,
  type StaffUserResult,
} from "~/domain/auth/staff-users.server";
import { parseList } from "~/lib/list-params";
import { redirectWithToast } from "~/lib/flash-toast.server";
import type { Toast } from "~/lib/toast";
import { Badge } from "~/ui/badge";
import {
  FormError,
  inputClass,
  SelectField,
  SubmitButton,
  TextField,
  useFormBusy,
  useFormCheck,
  useToast,
} from "~/ui/admin/form";
import {
  cellClass,
  DhakaTime,
  EmptyState,
  FilterSelect,
  formatDhakaDate,
  HeadCell,
  ListSkeleton,
  ListTable,
  ListToolbar,
  Pagination,
  SearchBox,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { SettingsTabs } from "~/ui/admin/settings-tabs";
import type { Route } from "./+types/users";
import { formText } from "~/lib/form-data";
import { httpStatusOf } from "~/lib/use-case-http";

export const meta: Route.MetaFunction = () => [{ title: "Users | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/settings/users");
  const state = parseList(STAFF_USER_LIST, new URL(args.request.url));
  const db = getDb();
  const [page, counts] = await Promise.all([listStaffUsers(db, state), countStaffUsers(db)]);
  return {
    role: user.role,
    state,
    page: {
      page: page.page,
      pageCount: page.pageCount,
      pageSize: page.pageSize,
      total: page.total,
      totalCapped: page.totalCapped,
    },
    counts,
    users: page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      isMe: r.id === user.id,
      active: !r.deactivatedAt,
      mustChangePassword: r.mustChangePassword,
      lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

const FAILED: Record<UserIntent, string> = {
  invite: STAFF_USER_MESSAGES.inviteFailed,
  "change-role": STAFF_USER_MESSAGES.roleFailed,
  deactivate: STAFF_USER_MESSAGES.deactivateFailed,
  reactivate: STAFF_USER_MESSAGES.reactivateFailed,
};

type UserIntent = IntentOf<"/admin/settings/users">;

const CHECK_INVITE_FORM = formCheck(readInviteForm, parseInviteForm);

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/settings/users");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const text = (name: string) => formText(form, name);
  const actor = auditActor(args, user);
  const db = getDb();
  const userId = text("userId");
  let result: StaffUserResult;
  switch (intent) {
    case "invite":
      result = await inviteStaffUser(db, readInviteForm(form), actor);
      break;
    case "change-role":
      result = await changeStaffRole(db, { userId, role: text("role") }, actor);
      break;
    case "deactivate":
      result = await deactivateStaffUser(db, { userId }, actor);
      break;
    case "reactivate":
      result = await reactivateStaffUser(db, { userId }, actor);
      break;
  }
  if (!result.ok) {
    // Field messages for the invite form; otherwise the rule that refused the change is the message.
    const hasFieldMessages = Object.keys(result.errors).length > 0;
    const message = hasFieldMessages ? FAILED[intent] : result.message;
    return data(
      {
        intent,
        ok: false as const,
        userId: userId || null,
        message: result.message,
        errors: hasFieldMessages ? result.errors : null,
        // The invite form keeps what was typed.
        values: intent === "invite" ? readInviteForm(form) : null,
        toast: { type: "error", message } satisfies Toast as Toast,
        // A fresh key empties the invite form after a success; after a failure it keeps what was typed.
        formKey: null,
      },
      { status: httpStatusOf(result) },
    );
  }
  // An administrator who stepped down can no longer open this page.
  if (intent === "change-role" && result.changed && result.userId === user.id && text("role") !== "admin")
    return redirectWithToast("/admin", { type: "success", message: result.message });
  return {
    intent,
    ok: true as const,
    userId: result.userId,
    message: result.message,
    errors: null,
    values: null,
    toast: { type: "success", message: result.message } satisfies Toast as Toast,
    formKey: intent === "invite" ? crypto.randomUUID() : null,
  };
}

type Row = Route.ComponentProps["loaderData"]["users"][number];

export default function UsersSettings({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const invite = actionData?.intent === "invite" ? actionData : undefined;
  const rowMessage = actionData && actionData.intent !== "invite" && !actionData.ok ? actionData.message : null;
  const list = useListView(STAFF_USER_LIST, loaderData.state);
  const loading = useListLoading(list);

  return (
    <div className="max-w-6xl">
      <SettingsTabs role={loaderData.role} />
      <PageHeader
        title="Users"
        description="The people who sign in to the back office, and what each may do. Customers use the portal and are not listed here."
      />
      <div className="space-y-6">
        <Panel className="p-5 sm:p-6">
          <InviteForm key={invite?.formKey ?? "invite"} result={invite} />
        </Panel>
        <Panel className="min-w-0">
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-5 py-4">
            <h2 className="text-base font-semibold text-ink-900">Back-office users</h2>
            <p className="text-sm text-slate-600">
              {loaderData.counts.active} active of {loaderData.counts.total}
            </p>
          </div>
          <ListToolbar list={list} label="Search and filter the users">
            <SearchBox
              label="Search"
              placeholder="Search by name or e-mail..."
              className="col-span-2 sm:min-w-56 sm:flex-1"
            />
            <FilterSelect name="role" label="Role" allLabel="All" options={STAFF_ROLE_OPTIONS} className="sm:w-40" />
            <FilterSelect
              name="status"
              label="Status"
              allLabel="All"
              options={Object.entries(STAFF_USER_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
              className="sm:w-40"
            />
          </ListToolbar>
          {rowMessage && (
            <div className="px-5 pt-4">
              <FormError message={rowMessage} />
            </div>
          )}
          {loading ? (
            <ListSkeleton label="users" columns={5} />
          ) : loaderData.users.length === 0 ? (
            <EmptyState list={list} icon={Users} title="No users found" hint="Invite the first above." />
          ) : (
            <UsersTable users={loaderData.users} />
          )}
          <Pagination list={list} page={loaderData.page} noun="users" />
        </Panel>
      </div>
    </div>
  );
}

function InviteForm({
  result,
}: {
  result?: {
    ok: boolean;
    errors: Record<string, string> | null;
    values: Record<string, string> | null;
    message: string;
  };
}) {
  const busy = useFormBusy("invite");
  const { errors, onSubmit } = useFormCheck(
    CHECK_INVITE_FORM,
    result?.errors ?? {},
    () => STAFF_USER_MESSAGES.inviteFailed,
  );
  const values = result?.values;
  return (
    <Form method="post" noValidate onSubmit={onSubmit} aria-label="Invite a staff member">
      <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
        <UserPlus aria-hidden className="size-5 text-brand-700" />
        Invite a staff member
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        They get an e-mail with the sign-in link and a temporary password, which they must change when they first sign
        in.
      </p>
      {result?.ok && (
        <p
          role="status"
          className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          {result.message}: the invitation is in the e-mail outbox.
        </p>
      )}
      <input type="hidden" name="intent" value="invite" />
      <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_auto] lg:items-start">
        <TextField
          name="name"
          label="Name"
          autoComplete="off"
          defaultValue={values?.name}
          error={errors.name}
          required
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
          defaultValue={values?.email}
          error={errors.email}
          required
        />
        <SelectField
          name="role"
          label="Role"
          options={STAFF_ROLE_OPTIONS}
          defaultValue={values?.role || "staff"}
          error={errors.role}
        />
        <div className="lg:pt-6">
          <SubmitButton label="Send Invitation" busyLabel="Sending..." busy={busy} />
        </div>
      </div>
    </Form>
  );
}

/** Busy while this row's own form of this intent is being submitted. */
function useRowBusy(intent: UserIntent, userId: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("userId") === userId
  );
}

const smallButton =
  "rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-ink-900 shadow-sm hover:bg-slate-50 disabled:opacity-60";

/** The back-office users, one row each; on a phone the list's table stacks into cards (ListTable). */
function UsersTable({ users }: { users: Row[] }) {
  return (
    <ListTable label="Back-office users" minWidth="56rem">
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <HeadCell>User</HeadCell>
          <HeadCell>Role</HeadCell>
          <HeadCell>Status</HeadCell>
          <HeadCell>Last sign-in</HeadCell>
          <HeadCell>Created</HeadCell>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {users.map((u) => (
          <UserRow key={u.id} user={u} />
        ))}
      </tbody>
    </ListTable>
  );
}

function UserRow({ user }: { user: Row }) {
  const roleBusy = useRowBusy("change-role", user.id);
  const stateBusy = useRowBusy(user.active ? "deactivate" : "reactivate", user.id);
  return (
    <tr className={user.active ? "hover:bg-slate-50" : "bg-slate-50/70 text-slate-500"}>
      <td className={cellClass}>
        <div className="font-medium text-ink-900">
          {user.name}
          {user.isMe && (
            <Badge tone="blue" className="ml-2 align-middle">
              You
            </Badge>
          )}
        </div>
        <div className="text-xs break-all text-slate-500 sm:break-normal">{user.email}</div>
      </td>
      <td data-label="Role" className={`${cellClass} w-60`}>
        {user.active ? (
          <Form method="post" className="mt-1 flex items-center gap-2 sm:mt-0">
            <input type="hidden" name="intent" value="change-role" />
            <input type="hidden" name="userId" value={user.id} />
            <label className="sr-only" htmlFor={`role-${user.id}`}>
              Role of {user.name}
            </label>
            <select
              id={`role-${user.id}`}
              name="role"
              defaultValue={user.role}
              className={`${inputClass} min-w-0 flex-1 border-slate-300 py-1.5 sm:w-36 sm:flex-none`}
            >
              {STAFF_ROLE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <SubmitButton label="Save" busyLabel="Saving..." busy={roleBusy} className={smallButton} />
          </Form>
        ) : (
          <span className="font-medium">{ROLE_LABELS[user.role]}</span>
        )}
      </td>
      <td className={`${cellClass} w-48`}>
        <div className="flex flex-wrap gap-1.5 py-1 sm:py-0">
          {user.active ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Deactivated</Badge>}
          {user.mustChangePassword && (
            <Badge tone="amber" className="whitespace-nowrap">
              Must change password
            </Badge>
          )}
        </div>
        {/* Deactivate / Reactivate beside the status it changes; never on one's own row. */}
        <div className="mt-2 empty:hidden">
          {user.isMe ? null : user.active ? (
            <details className="group relative inline-block text-left">
              <summary className="inline-flex cursor-pointer list-none items-center rounded-md border border-red-200 bg-white px-3 py-1.5 text-xs font-semibold text-red-700 hover:bg-red-50">
                Deactivate
              </summary>
              <Form
                method="post"
                className="mt-2 w-64 max-w-full rounded-md border border-red-200 bg-red-50 p-3 text-left sm:absolute sm:top-full sm:left-0 sm:z-10 sm:shadow-lg"
              >
                <input type="hidden" name="intent" value="deactivate" />
                <input type="hidden" name="userId" value={user.id} />
                <p className="text-xs text-red-900">
                  {user.name} is signed out at once and cannot sign in until reactivated.
                </p>
                <SubmitButton
                  label={`Deactivate ${user.name}`}
                  busyLabel="Deactivating..."
                  busy={stateBusy}
                  className="mt-2 inline-flex w-full items-center justify-center gap-2 rounded-md bg-red-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                />
              </Form>
            </details>
          ) : (
            <Form method="post" className="inline-block">
              <input type="hidden" name="intent" value="reactivate" />
              <input type="hidden" name="userId" value={user.id} />
              <SubmitButton label="Reactivate" busyLabel="Reactivating..." busy={stateBusy} className={smallButton} />
            </Form>
          )}
        </div>
      </td>
      <td data-label="Last sign-in" className={`${cellClass} w-32`}>
        {user.lastSignInAt ? (
          <DhakaTime value={user.lastSignInAt} twoLines />
        ) : (
          <span className="text-slate-500">Never</span>
        )}
      </td>
      <td data-label="Created" className={`${cellClass} w-32`}>
        <time dateTime={user.createdAt} className="whitespace-nowrap">
          {formatDhakaDate(user.createdAt)}
        </time>
      </td>
    </tr>
  );
}
