import { redirect } from "react-router";
import { CUSTOMER_HOME, requireCustomer } from "~/domain/auth/customer-guard.server";
import type { Route } from "./+types/home";

// /customer itself: the dashboard.
export async function loader(args: Route.LoaderArgs) {
  await requireCustomer(args);
  return redirect(CUSTOMER_HOME);
}
