import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useId } from "react";
import { Form, Link, useNavigate } from "react-router";
import { secondaryButton } from "../buttons";
import { SubmitButton } from "./form";

// The back office's dialogs (DESIGN §9 Forms): a dialog is open because its URL says so (`?new=1`, `?edit=<id>`,
// `?delete=<id>`), so it is rendered by the server, works without JavaScript, survives a reload, and a failed
// save (which answers on the same URL) leaves it open with the messages. Closing it goes to `closeHref`, the
// screen's URL without the dialog. Rendered in place rather than in a portal, so the server's HTML has it; with
// JavaScript, Radix adds the focus trap, Escape and the scroll lock.

export function FormDialog({
  title,
  description,
  closeHref,
  size = "lg",
  children,
}: {
  title: string;
  description?: string;
  /** Where closing the dialog goes: the page without the dialog's parameter. */
  closeHref: string;
  /** "side": a full-height panel from the right edge (a record's details beside its list). */
  size?: "sm" | "lg" | "side";
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const close = () => void navigate(closeHref, { preventScrollReset: true, replace: true });
  // Radix names the dialog by its title only once hydrated; the server's HTML (the page without JavaScript) needs
  // the names written out.
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-ink-900/50" />
      <Dialog.Content
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        // A toast is not "outside": following its link or closing it leaves the dialog as it is.
        onPointerDownOutside={(event) => {
          if (event.target instanceof Element && event.target.closest("[data-sonner-toaster]")) event.preventDefault();
        }}
        className={
          size === "side"
            ? "fixed inset-y-0 right-0 z-50 flex h-dvh w-full flex-col bg-white shadow-xl sm:max-w-2xl"
            : `fixed inset-x-0 top-0 z-50 mx-auto flex max-h-dvh w-full flex-col bg-white shadow-xl sm:top-8 sm:max-h-[calc(100dvh-4rem)] sm:rounded-lg ${
                size === "lg" ? "sm:max-w-3xl" : "sm:max-w-md"
              }`
        }
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div>
            <Dialog.Title id={titleId} className="text-lg font-semibold text-ink-900">
              {title}
            </Dialog.Title>
            {description && (
              <Dialog.Description id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </Dialog.Description>
            )}
          </div>
          <Link
            to={closeHref}
            replace
            preventScrollReset
            aria-label="Close"
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-ink-900"
          >
            <X aria-hidden className="size-5" />
          </Link>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The row of buttons at the bottom of a dialog's form: Cancel (a link, so it works without JavaScript) and the rest. */
export function DialogActions({ closeHref, children }: { closeHref: string; children: React.ReactNode }) {
  return (
    <div className="sticky bottom-0 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 py-3 sm:flex-row sm:justify-end">
      <Link to={closeHref} replace preventScrollReset className={secondaryButton}>
        Cancel
      </Link>
      {children}
    </div>
  );
}

/**
 * A record's Add / Edit dialog with its form (ADR 0014, 0022): the dialog, a form posting `intent` (and the
 * record's `id` and `version`, the update's check against someone else's change) to `action`, the fields given
 * as children, and Cancel with the submit button. `onSubmit` is useFormCheck's, so the browser checks first.
 */
export function RecordFormDialog({
  title,
  description,
  closeHref,
  size,
  action,
  intent,
  id,
  version,
  multipart = false,
  onSubmit,
  submitLabel,
  busyLabel = "Saving...",
  busy,
  children,
}: {
  title: string;
  description?: string;
  closeHref: string;
  size?: "sm" | "lg";
  action: string;
  intent: string;
  id?: string;
  version?: string;
  /** The form carries files. */
  multipart?: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busyLabel?: string;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <FormDialog title={title} description={description} closeHref={closeHref} size={size}>
      <Form
        method="post"
        action={action}
        encType={multipart ? "multipart/form-data" : undefined}
        noValidate
        replace
        preventScrollReset
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value={intent} />
        {id !== undefined && <input type="hidden" name="id" value={id} />}
        {version !== undefined && <input type="hidden" name="version" value={version} />}
        {children}
        <DialogActions closeHref={closeHref}>
          <SubmitButton label={submitLabel} busyLabel={busyLabel} busy={busy} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
