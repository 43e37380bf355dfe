import type { ShouldRevalidateFunction } from "react-router";
import type { PictureListItem, PictureListName } from "~/domain/content/picture-lists";
import { useToast } from "../form";
import { PageHeader, Panel } from "../page-header";
import { GalleryItemDialog } from "./gallery-item-dialog";
import type { PictureListPayload } from "./payload";
import { PictureDeleteDialog } from "./picture-delete-dialog";
import { PictureList } from "./picture-list";
import { SCREEN_TEXT } from "./screen-text";
import { UploadForm } from "./upload-form";

// The Logo Management, Hero Image Management and Gallery screens (backoffice.md §2; issue 11): one screen for the
// ordered picture lists, the list beside its upload form. Everything works as plain form posts without JavaScript
// (upload as multipart, Move up / Move down, Delete after the question ?delete=<id> asks); with JavaScript the upload
// shows its progress and rows are dragged into place. A gallery picture's caption, category and tags are changed in
// a dialog opened by the URL (?edit=<id>), like every other form.

/** Each POST may change the list (even a refused one: it may say the list changed), so the list is read again. */
export const revalidateAfterPost: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

export function PictureListScreen({
  list,
  items,
  maxBytes,
  editing,
  deleting,
  actionData,
}: {
  list: PictureListName;
  items: PictureListItem[];
  maxBytes: number;
  /** The gallery picture whose fields are being changed (?edit=<id>). */
  editing: PictureListItem | null;
  /** The picture the delete question is about (?delete=<id>). */
  deleting: PictureListItem | null;
  actionData?: PictureListPayload;
}) {
  const text = SCREEN_TEXT[list];
  const path = `/admin/${list}`;
  // The page's own action answers forms posted without JavaScript, and the Edit dialog's refusals.
  useToast(actionData?.toast);
  return (
    <div className="max-w-6xl">
      <PageHeader title={text.title} description={text.description} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <PictureList list={list} items={items} path={path} actionData={actionData} />
        <Panel className="p-5">
          <UploadForm list={list} maxBytes={maxBytes} path={path} actionData={actionData} />
        </Panel>
      </div>

      {list === "gallery" && editing && (
        <GalleryItemDialog
          key={editing.id}
          item={editing}
          path={path}
          result={actionData?.intent === "update" ? actionData : undefined}
        />
      )}
      {deleting && (
        <PictureDeleteDialog
          list={list}
          item={deleting}
          index={items.findIndex((i) => i.id === deleting.id)}
          path={path}
        />
      )}
    </div>
  );
}
