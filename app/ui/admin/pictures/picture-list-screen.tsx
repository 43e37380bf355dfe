import { useEffect, useState } from "react";
import type { ShouldRevalidateFunction } from "react-router";
import type { PictureListItem, PictureListName } from "~/domain/content/picture-lists";
import { useToast } from "../form";
import { PageHeader, Panel } from "../page-header";
import { GalleryItemDialog } from "./gallery-item-dialog";
import { ChosenLogoPreview, HeaderPreviewPanel, type ChosenLogo, type HeaderBackdrop } from "./header-preview";
import type { PictureListPayload } from "./payload";
import { PictureDeleteDialog } from "./picture-delete-dialog";
import { PictureList } from "./picture-list";
import { SCREEN_TEXT } from "./screen-text";
import { UploadForm } from "./upload-form";

// The Logo Management, Hero Image Management and Gallery screens (backoffice.md §2; issue 11): one screen for the
// ordered picture lists, the list beside its upload form. Everything works as plain form posts without JavaScript
// (upload as multipart, Move up / Move down, Delete after the question ?delete=<id> asks); with JavaScript the upload
// shows its progress and rows are dragged into place. A gallery picture's caption, category and tags are changed in
// a dialog opened by the URL (?edit=<id>), like every other form. The Logos screen also previews the storefront
// header with its logos, and the chosen file in it before it is uploaded (issue 20).

/** Each POST may change the list (even a refused one: it may say the list changed), so the list is read again. */
export const revalidateAfterPost: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

export function PictureListScreen({
  list,
  items,
  maxBytes,
  editing,
  deleting,
  backdrop = null,
  actionData,
}: {
  list: PictureListName;
  items: PictureListItem[];
  maxBytes: number;
  /** The gallery picture whose fields are being changed (?edit=<id>). */
  editing: PictureListItem | null;
  /** The picture the delete question is about (?delete=<id>). */
  deleting: PictureListItem | null;
  /** The Logos screen's: the picture behind the header at the top of the home page. */
  backdrop?: HeaderBackdrop | null;
  actionData?: PictureListPayload;
}) {
  const text = SCREEN_TEXT[list];
  const [chosen, choose] = useChosenFile();
  const logos = list === "logos";
  const path = `/admin/${list}`;
  // The page's own action answers forms posted without JavaScript, and the Edit dialog's refusals.
  useToast(actionData?.toast);
  return (
    <div className="max-w-6xl">
      <PageHeader title={text.title} description={text.description} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0 space-y-6">
          <PictureList list={list} items={items} path={path} actionData={actionData} />
          {logos && <HeaderPreviewPanel items={items} backdrop={backdrop} chosen={chosen} />}
        </div>
        <Panel className="p-5">
          <UploadForm
            list={list}
            maxBytes={maxBytes}
            path={path}
            actionData={actionData}
            onFileChange={logos ? choose : undefined}
            preview={
              logos && chosen ? (
                <ChosenLogoPreview chosen={chosen} position={items.length + 1} backdrop={backdrop} />
              ) : null
            }
          />
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

/** The file chosen for upload as the browser can show it; its address is let go once another is chosen. */
function useChosenFile(): [ChosenLogo | null, (file: File | null) => void] {
  const [chosen, setChosen] = useState<ChosenLogo | null>(null);
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.url) : undefined), [chosen]);
  const choose = (file: File | null) =>
    setChosen(file && file.size > 0 ? { url: URL.createObjectURL(file), fileName: file.name } : null);
  return [chosen, choose];
}
