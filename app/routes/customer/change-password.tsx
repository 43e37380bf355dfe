import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { changeOwnPassword } from "~/domain/auth/account.server";
import { CUSTOMER_HOME, requireCustomer } from "~/domain/auth/customer-guard.server";
import { passRetryAfter } from "~/lib/sign-in-answer.server";
import { httpInitOf } from "~/lib/use-case-http";
import { auditActor } from "~/domain/auth/guard.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { ChangePasswordForm } from "~/ui/admin/change-password-form";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import type { Route } from "./+types/change-password";

// backoffice.md §2 Customer Change Password, §4: forced while must_change_password; afterwards the dashboard.

// A refused change's Retry-After (the sign-in limits), on the page and on its data request.
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: "Change Password" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args, { allowPasswordChange: true });
  return { mustChange: user.mustChangePassword };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCustomer(args, { allowPasswordChange: true });
  const form = await args.request.formData().catch(() => new FormData());
  const outcome = await changeOwnPassword(getDb(), form, {
    headers: args.request.headers,
    user,
    actor: auditActor(args, user),
  });
  if (!outcome.ok) return data({ errors: outcome.errors }, httpInitOf(outcome));
  return redirectWithToast(
    CUSTOMER_HOME,
    { type: "success", message: outcome.message },
    { headers: outcome.setCookies },
  );
}

export default function CustomerChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-lg">
      <PageHeader
        title="Change Password"
        description={
          loaderData.mustChange
            ? "Your account was created with a temporary password. Choose your own before you continue."
            : "Choose a new password. Your other sessions will be signed out."
        }
      />
      <Panel className="p-6">
        <ChangePasswordForm result={actionData} />
      </Panel>
    </div>
  );
}
