import type { ContactMessageStatus } from "~/domain/content/constants";
import type { EmailStatus } from "~/domain/email/constants";
import { CONTACT_STATUS_LABELS } from "~/domain/inbox/inbox-list";
import { Badge, type BadgeTone } from "~/ui/badge";

const CONTACT_TONES: Record<ContactMessageStatus, BadgeTone> = { new: "brand", read: "slate", handled: "green" };

/** A contact message's state; "New" is what marks an unread one. */
export function ContactStatusBadge({ status }: { status: ContactMessageStatus }) {
  return <Badge tone={CONTACT_TONES[status]}>{CONTACT_STATUS_LABELS[status]}</Badge>;
}

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};
const EMAIL_TONES: Record<EmailStatus, BadgeTone> = { pending: "amber", sending: "blue", sent: "green", failed: "red" };

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <Badge tone={EMAIL_TONES[status]}>{EMAIL_STATUS_LABELS[status]}</Badge>;
}
