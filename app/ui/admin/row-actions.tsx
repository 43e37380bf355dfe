import { Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";

// A record's actions in a list row or on a card: links to the dialogs its URL opens (ADR 0014), each named for
// screen readers with the record ("Edit Sadia Rahman"). In a table (`compact`) the words show on phones and on
// very wide screens and the icons alone between; on cards the words always show.

const TONES = {
  brand: "text-brand-700 hover:bg-brand-50",
  danger: "text-red-700 hover:bg-red-50",
  plain: "text-slate-700 hover:bg-slate-100",
} as const;

export function RowActionLink({
  to,
  label,
  text,
  icon: Icon,
  tone = "brand",
  compact = false,
}: {
  to: string;
  /** What a screen reader hears, naming the record: "Edit Sadia Rahman". */
  label: string;
  /** The visible word: "Edit". */
  text: string;
  icon: React.ComponentType<{ "aria-hidden"?: boolean; className?: string }>;
  tone?: keyof typeof TONES;
  compact?: boolean;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      title={compact ? text : undefined}
      aria-label={label}
      className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium ${TONES[tone]}`}
    >
      <Icon aria-hidden className="size-4" />
      <span className={compact ? "sm:sr-only 2xl:not-sr-only" : undefined}>{text}</span>
    </Link>
  );
}

/** Edit and Delete for one record (either may be left out), after any actions of the screen's own. */
export function RowActions({
  name,
  editHref,
  deleteHref,
  compact = false,
  className = "inline-flex gap-1",
  children,
}: {
  /** The record as the labels name it. */
  name: string;
  editHref?: string;
  deleteHref?: string;
  compact?: boolean;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <span className={className}>
      {children}
      {editHref && <RowActionLink to={editHref} label={`Edit ${name}`} text="Edit" icon={Pencil} compact={compact} />}
      {deleteHref && (
        <RowActionLink
          to={deleteHref}
          label={`Delete ${name}`}
          text="Delete"
          icon={Trash2}
          tone="danger"
          compact={compact}
        />
      )}
    </span>
  );
}
