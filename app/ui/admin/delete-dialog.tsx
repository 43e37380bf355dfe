import { Form } from "react-router";
import { DialogActions, FormDialog } from "./form-dialog";
import { SubmitButton, useFormBusy } from "./form";

/**
 * The confirmation before deleting a record (the spec's "Are you sure you want to delete this …?"), opened by
 * the URL like every dialog (`?delete=<id>`); it posts intent=delete with the record's id.
 */
export function DeleteDialog({
  title,
  question,
  id,
  name,
  consequence,
  closeHref,
  action,
}: {
  title: string;
  /** The spec's question, word for word. */
  question: string;
  id: string;
  name: string;
  /** What happens, after the record's name: " will be removed. If …". */
  consequence: string;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("delete");
  return (
    <FormDialog title={title} description={question} closeHref={closeHref} size="sm">
      <Form method="post" action={action} replace preventScrollReset>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="intent" value="delete" />
        <p className="px-5 py-4 text-sm text-slate-700">
          <span className="font-semibold text-ink-900">{name}</span>
          {consequence}
        </p>
        <DialogActions closeHref={closeHref}>
          <SubmitButton
            label="Delete"
            busyLabel="Deleting..."
            busy={busy}
            className="inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-60"
          />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
