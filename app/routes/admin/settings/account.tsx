import { KeyRound, UserRound } from "lucide-react";
import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { changeOwnPassword, renameOwnAccount } from "~/domain/auth/account.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { readOwnNameForm } from "~/domain/auth/own-name-form";
import { can } from "~/domain/auth/permissions";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { myPayslips } from "~/domain/payroll/my-payslips.server";
import { currentEmployee } from "~/domain/people/leaves.server";
import { passRetryAfter } from "~/lib/sign-in-answer.server";
import { httpInitOf } from "~/lib/use-case-http";
import { redirectWithToast } from "~/lib/flash-toast.server";
import type { Toast } from "~/lib/toast";
import { ChangePasswordForm } from "~/ui/admin/change-password-form";
import { useToast } from "~/ui/admin/form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { MyPayslips } from "~/ui/admin/settings/my-payslips";
import { OwnNameForm } from "~/ui/admin/settings/own-name-form";
import { SettingsTabs } from "~/ui/admin/settings-tabs";
import type { Route } from "./+types/account";

// A refused change's Retry-After (the sign-in limits), on the page and on its data request.
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: "My account | Utsab Admin" }];

const ACCOUNT_PATH = "/admin/settings/account";
const PASSWORD_FAILED = "Failed to change password";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/settings/account");
  // The name the back office shows for them: their employee record's when the sign-in acts as one (the header's).
  const [employee, payslips] = await Promise.all([currentEmployee(getDb(), user), myPayslips(getDb(), user.id)]);
  return {
    role: user.role,
    name: employee?.name ?? user.name,
    email: user.email,
    roleLabel: ROLE_LABELS[user.role],
    actsAsEmployee: employee !== null,
    // Whether they change roles themselves (Settings > Users), or ask an administrator.
    managesUsers: can(user.role, "users.manage"),
    // The payslips of the employee they are (employees.user_id); null, and no section, for one who is none.
    payslips,
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireAction(args, "/admin/settings/account");
  const { user } = access;
  const form = await args.request.formData().catch(() => new FormData());
  const intent = access.intent(form);
  if (intent === "rename") {
    const values = readOwnNameForm(form);
    const renamed = await renameOwnAccount(getDb(), values, { user, actor: auditActor(args, user) });
    if (!renamed.ok) {
      const toast: Toast = { type: "error", message: renamed.message };
      return data({ form: "rename" as const, errors: renamed.errors, values, toast }, httpInitOf(renamed));
    }
    return redirectWithToast(ACCOUNT_PATH, { type: "success", message: renamed.message });
  }
  const outcome = await changeOwnPassword(getDb(), form, {
    headers: args.request.headers,
    user,
    actor: auditActor(args, user),
  });
  if (!outcome.ok) {
    const toast: Toast = { type: "error", message: PASSWORD_FAILED };
    return data({ form: "password" as const, errors: outcome.errors, toast }, httpInitOf(outcome));
  }
  // Back to this page (so a reload does not post again), with the fresh session cookie and the spec's toast.
  return redirectWithToast(
    ACCOUNT_PATH,
    { type: "success", message: outcome.message },
    {
      headers: outcome.setCookies,
    },
  );
}

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  return (
    <div className="max-w-4xl">
      <SettingsTabs role={loaderData.role} />
      <PageHeader title="My account" description="Your name, your sign-in details, and your password." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:items-start">
        <Panel className="p-5 sm:p-6">
          <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
            <UserRound aria-hidden className="size-5 text-brand-700" />
            Your details
          </h2>
          <OwnNameForm
            name={loaderData.name}
            hint={
              loaderData.actsAsEmployee
                ? "How the back office shows you, your employee record (tasks, leave, payslips) included."
                : "How the back office shows you."
            }
            result={actionData?.form === "rename" ? actionData : null}
          />
          <dl className="mt-4 divide-y divide-slate-100 text-sm">
            <Detail label="Email" value={loaderData.email} />
            <Detail label="Role" value={loaderData.roleLabel} />
          </dl>
          <p className="mt-4 text-xs text-slate-500">
            Your e-mail address is how you sign in and cannot be changed.{" "}
            {loaderData.managesUsers
              ? "Roles are changed under Settings > Users."
              : "To change your role, ask an administrator."}
          </p>
        </Panel>
        <Panel className="p-5 sm:p-6">
          <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
            <KeyRound aria-hidden className="size-5 text-brand-700" />
            Change password
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">
            At least 8 characters and hard to guess. Your other sessions are signed out; this one stays signed in.
          </p>
          <ChangePasswordForm intent="password" result={actionData?.form === "password" ? actionData : null} />
        </Panel>
      </div>
      {loaderData.payslips && (
        <div className="mt-6">
          <MyPayslips payslips={loaderData.payslips} />
        </div>
      )}
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium break-all text-ink-900 sm:text-right">{value}</dd>
    </div>
  );
}
