import type { PictureListItem, PictureListName } from "~/domain/content/picture-lists";
import { DeleteDialog } from "../delete-dialog";
import { SCREEN_TEXT } from "./screen-text";

// The question before deleting a picture (?delete=<id>), the back office's one delete dialog: opened by the URL,
// so it works the same without JavaScript.

export function PictureDeleteDialog({
  list,
  item,
  index,
  path,
}: {
  list: PictureListName;
  item: PictureListItem;
  /** Its place in the list: a hero picture is named by it. */
  index: number;
  path: string;
}) {
  const text = SCREEN_TEXT[list];
  return (
    <DeleteDialog
      title={text.deleteTitle}
      question="This cannot be undone."
      id={item.id}
      name={list === "hero" ? `Hero image ${index + 1}` : `“${item.label}”`}
      consequence={` will no longer appear in ${text.deleteWhere}${item.uploaded ? " and its files are deleted" : ""}.`}
      closeHref={path}
      action={`${path}?delete=${item.id}`}
    />
  );
}
