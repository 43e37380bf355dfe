import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { respondAsCustomer, type StatusActor } from "~/domain/quotations/change-status.server";
import { httpInitOf } from "~/lib/use-case-http";
import type { CustomerActionData } from "~/ui/customer/quotation-actions";

// The customer's answer as the portal's quotation page and the link's page both post it (intent approve, reject
// or negotiate; id; reason): the use case's result (respondAsCustomer) as the page reads it, the toast and the
// reason's message when it was refused, with the refusal's status (app/lib/use-case-http.ts).

export async function answerCustomerForm(
  db: Db,
  form: FormData,
  actor: Extract<StatusActor, { kind: "customer" | "link" }>,
) {
  const intent = form.get("intent");
  const result = await respondAsCustomer(db, intent, form.get("id"), actor, {
    reason: form.get("reason") ?? undefined,
  });
  const named = typeof intent === "string" ? intent : null;
  if (result.ok) {
    const body: CustomerActionData = { ok: true, intent: named, toast: { type: "success", message: result.message } };
    return data(body);
  }
  const body: CustomerActionData = {
    ok: false,
    intent: named,
    toast: { type: "error", message: `${result.message}: ${result.detail}` },
    ...(Object.keys(result.errors).length ? { errors: result.errors } : {}),
  };
  return data(body, httpInitOf(result));
}
