import type { Db } from "../../db/client.server";
import type { Toast } from "../../lib/toast";
import { respondAsCustomer, type StatusActor } from "./change-status.server";

// The customer's answer as the portal's quotation page and the link's page both post it (intent approve, reject
// or negotiate; id; reason), and what they answer: the toast, and the reason's message when it was refused.

export interface CustomerActionData {
  ok: boolean;
  intent: string | null;
  toast: Toast;
  errors?: Record<string, string>;
}

export async function answerCustomerForm(
  db: Db,
  form: FormData,
  actor: Extract<StatusActor, { kind: "customer" | "link" }>,
): Promise<{ body: CustomerActionData; status: number }> {
  const intent = form.get("intent");
  const result = await respondAsCustomer(db, intent, form.get("id"), actor, {
    reason: form.get("reason") ?? undefined,
  });
  const named = typeof intent === "string" ? intent : null;
  if (result.ok)
    return { body: { ok: true, intent: named, toast: { type: "success", message: result.message } }, status: 200 };
  return {
    body: {
      ok: false,
      intent: named,
      toast: { type: "error", message: `${result.message}: ${result.detail}` },
      ...(result.errors ? { errors: result.errors } : {}),
    },
    status: result.status,
  };
}
