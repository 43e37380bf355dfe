import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { getOutboxAttachment } from "~/domain/email/outbox-admin.server";
import { attachmentDisposition } from "~/lib/content-disposition";
import type { Route } from "./+types/attachment";

// GET /admin/outbox/:id/attachments/:position: a file that went out with a message (a quotation's PDF), exactly
// the bytes the sender attached.

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/outbox/:id/attachments/:position");
  const file = await getOutboxAttachment(getDb(), args.params.id, args.params.position);
  if (!file) throw data("Attachment not found.", { status: 404 });
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": attachmentDisposition(file.filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
