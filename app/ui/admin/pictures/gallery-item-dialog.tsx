import {
  parseGalleryItemForm,
  PICTURE_LIST_MESSAGES,
  readGalleryItemForm,
  type PictureListItem,
} from "~/domain/content/picture-lists";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "../form-dialog";
import { FormError, useFormBusy, useFormCheck } from "../form";
import { GalleryFields } from "./gallery-fields";
import type { PictureListPayload } from "./payload";
import { PictureThumb } from "./picture-thumb";

// Edit Gallery Picture (?edit=<id>): a gallery picture's caption, category and tags; the picture itself stays. The
// form's own rules (the upload's, picture-lists.ts) run in the browser first (ADR 0022).

const CHECK_GALLERY_ITEM_FORM = formCheck(readGalleryItemForm, parseGalleryItemForm);

export function GalleryItemDialog({
  item,
  path,
  result,
}: {
  item: PictureListItem;
  /** The screen's URL: where the dialog closes to. */
  path: string;
  /** The action's answer to this dialog's form, when it refused it. */
  result?: PictureListPayload;
}) {
  const busy = useFormBusy("update");
  const failed = result && !result.ok ? result : null;
  const { errors, onSubmit } = useFormCheck(
    CHECK_GALLERY_ITEM_FORM,
    failed?.errors ?? {},
    () => PICTURE_LIST_MESSAGES.gallery.updateFailed!,
  );
  const values = failed?.values ?? { title: item.label, category: item.category, tags: item.tags?.join(", ") };
  return (
    <RecordFormDialog
      title="Edit Gallery Picture"
      closeHref={path}
      size="sm"
      action={`${path}?edit=${item.id}`}
      intent="update"
      id={item.id}
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      busy={busy}
    >
      <div className="space-y-4 px-5 py-4">
        <div className="h-32 overflow-hidden rounded-md bg-slate-100">
          <PictureThumb list="gallery" picture={item.picture} sizes="400px" className="size-full object-cover" />
        </div>
        <FormError message={errors.form} />
        <GalleryFields values={values} errors={errors} />
      </div>
    </RecordFormDialog>
  );
}
