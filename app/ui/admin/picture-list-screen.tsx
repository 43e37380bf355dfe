import * as Dialog from "@radix-ui/react-dialog";
import { ArrowDown, ArrowUp, ImagePlus, Loader2, Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, useFetcher, useRevalidator, type ShouldRevalidateFunction } from "react-router";
import { GALLERY_CATEGORIES } from "~/domain/content/constants";
import {
  ALT_MAX_LENGTH,
  CAPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PICTURE_FIELD_NAMES,
  PICTURE_FIELDS_SCHEMAS,
  PICTURE_LIST_ERRORS,
  PICTURE_LIST_MESSAGES,
  uploadEndpoint,
  type Picture,
  type PictureListItem,
  type PictureListName,
  type PictureListPayload,
} from "~/domain/content/picture-lists";
import { formatBytes, UPLOAD_MISSING, uploadTooLargeMessage } from "~/domain/media/upload";
import { fieldErrors } from "~/lib/form-errors";
import { responsiveImage } from "~/lib/images";
import { primaryButton, secondaryButton } from "../buttons";
import { galleryCategoryName } from "../gallery-grid";
import { DialogActions, FormDialog } from "./form-dialog";
import { FormError, inputClass, SelectField, SubmitButton, TextField, useFormBusy, useToast } from "./form";
import { PageHeader, Panel } from "./page-header";
import { IMAGE_ACCEPT } from "./pictures-field";
import { SortableImageList } from "./sortable-image-list";

// The Logo Management, Hero Image Management and Gallery screens (backoffice.md §2; issue 11): one screen for the
// ordered picture lists. Everything works as plain form posts without JavaScript (upload as multipart, Move up / Move down,
// Delete after a confirmation page); with JavaScript the upload shows its progress, rows are dragged (or moved
// with the keyboard) into place and the order is saved at once, and Delete asks in a dialog. A gallery picture's
// caption, category and tags are changed in a dialog opened by the URL (?edit=<id>), like every other form.

interface ScreenText {
  title: string;
  description: string;
  listTitle: string;
  uploadTitle: string;
  uploadHint: string;
  uploadButton: string;
  fileLabel: string;
  empty: string;
  deleteTitle: string;
  deleteWhere: string;
}

const TEXT: Record<PictureListName, ScreenText> = {
  logos: {
    title: "Logo Management",
    description: "The logos in the website's header, shown left to right in this order.",
    listTitle: "Logos",
    uploadTitle: "Upload a logo",
    uploadHint: "It is added at the end of the list.",
    uploadButton: "Upload Logo",
    fileLabel: "Logo image",
    empty: "No logos yet. Upload the first one.",
    deleteTitle: "Delete this logo?",
    deleteWhere: "the website's header",
  },
  hero: {
    title: "Hero Image Management",
    description: "The pictures of the home page's slideshow, shown in this order.",
    listTitle: "Hero images",
    uploadTitle: "Upload a hero image",
    uploadHint: "It is added at the end of the slideshow. Wide pictures (at least 1920 px) look best.",
    uploadButton: "Upload Image",
    fileLabel: "Image",
    empty: "No hero images yet. Upload the first one.",
    deleteTitle: "Delete this hero image?",
    deleteWhere: "the home page's slideshow",
  },
  gallery: {
    title: "Gallery",
    description: "The pictures of the website's gallery page, shown in this order and filtered by category.",
    listTitle: "Gallery pictures",
    uploadTitle: "Upload a picture",
    uploadHint: "It is added at the end of the gallery.",
    uploadButton: "Upload Picture",
    fileLabel: "Picture",
    empty: "No gallery pictures yet. Upload the first one.",
    deleteTitle: "Delete this gallery picture?",
    deleteWhere: "the gallery",
  },
};

/** Each POST may change the list (even a refused one: it may say the list changed), so the list is read again. */
export const revalidateAfterPost: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

/** Short names for buttons and announcements: a logo's name or a gallery caption, a hero picture's place. */
function nameOf(list: PictureListName, item: PictureListItem, index: number): string {
  return list === "hero" ? `hero image ${index + 1}` : item.label;
}

export function PictureListScreen({
  list,
  items,
  maxBytes,
  confirmDelete,
  editing = null,
  actionData,
}: {
  list: PictureListName;
  items: PictureListItem[];
  maxBytes: number;
  confirmDelete: string | null;
  /** The gallery picture whose fields are being changed (?edit=<id>). */
  editing?: PictureListItem | null;
  actionData?: PictureListPayload;
}) {
  const text = TEXT[list];
  const path = `/admin/${list}`;
  // The page's own action answers only forms posted without JavaScript; with it, fetchers and the upload request do.
  useToast(actionData?.toast);
  const orderFetcher = useFetcher<PictureListPayload>({ key: `${list}-order` });
  useToast(orderFetcher.data?.toast);
  const deleteFetcher = useFetcher<PictureListPayload>({ key: `${list}-delete` });
  useToast(deleteFetcher.data?.toast);

  // While a new order is being saved, it is shown already; a refusal puts the saved one back.
  const shown = pendingOrder(items, orderFetcher.formData) ?? items;
  const saving = orderFetcher.state !== "idle";
  const orderFailure = [orderFetcher.data, actionData].find(
    (d) => d && !d.ok && (d.intent === "reorder" || d.intent === "move-up" || d.intent === "move-down"),
  );
  const orderError = orderFetcher.state === "idle" ? orderFailure?.errors.form : undefined;
  const deleteFailure = actionData && !actionData.ok && actionData.intent === "delete" ? actionData.errors.form : null;

  // The row whose Delete was pressed; kept after the dialog closes, to give its button the focus back.
  const [confirming, setConfirming] = useState<{ id: string; open: boolean } | null>(null);
  const confirmingIndex = confirming?.open ? items.findIndex((i) => i.id === confirming.id) : -1;
  const headingId = useId();

  const reorder = (ids: string[]) => {
    const form = new FormData();
    form.set("intent", "reorder");
    for (const id of ids) form.append("ids", id);
    void orderFetcher.submit(form, { method: "post", action: path, flushSync: true });
  };

  const renderItem = (
    item: PictureListItem,
    { handle, index, dragging }: { handle: React.ReactNode; index: number; dragging: boolean },
  ) => {
    const name = nameOf(list, item, index);
    const controls = (
      <RowControls
        name={name}
        id={item.id}
        path={path}
        first={index === 0}
        last={index === shown.length - 1}
        fetcher={orderFetcher}
        onDelete={() => setConfirming({ id: item.id, open: true })}
      />
    );
    const confirm =
      confirmDelete === item.id ? <InlineConfirm list={list} item={item} name={name} path={path} /> : null;
    const frame = `rounded-lg border bg-white transition-shadow ${
      dragging ? "border-brand-300 shadow-lg ring-2 ring-brand-600/30" : "border-slate-200 shadow-sm"
    }`;
    if (list === "logos") {
      return (
        <div className={frame}>
          {/* One line on a wide screen; on a phone the buttons go under the picture and the name. */}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
            <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
              {handle}
              <span className="hidden w-5 shrink-0 text-center text-sm font-semibold text-slate-500 tabular-nums sm:block">
                {index + 1}
              </span>
              <div className="h-14 w-20 shrink-0 rounded-md bg-slate-100 p-2 sm:w-36">
                <Thumb list={list} picture={item.picture} sizes="128px" className="size-full object-contain" />
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-ink-900">{item.label}</p>
                <p className="text-xs text-slate-500">{item.uploaded ? "Uploaded" : "Built-in picture"}</p>
              </div>
            </div>
            <div className="ml-auto">{controls}</div>
          </div>
          {confirm}
        </div>
      );
    }
    return (
      <div className={`overflow-hidden ${frame}`}>
        <div className="relative aspect-video bg-slate-100">
          <Thumb
            list={list}
            picture={item.picture}
            sizes="(min-width: 1280px) 420px, (min-width: 640px) 45vw, 100vw"
            className="absolute inset-0 size-full object-cover"
            alt={item.label}
          />
          <span className="absolute top-2 left-2 rounded-md bg-ink-900/75 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
            {index + 1}
          </span>
          {item.uploaded && (
            <span className="absolute top-2 right-2 rounded-md bg-white/90 px-2 py-0.5 text-xs font-medium text-ink-900">
              Uploaded
            </span>
          )}
        </div>
        {list === "gallery" ? (
          <div className="min-h-[5.5rem] px-3 pt-3 text-sm">
            <p className="truncate font-medium text-ink-900" title={item.label}>
              {item.label}
            </p>
            <p className="truncate text-slate-600">{galleryCategoryName(item.category ?? "")}</p>
            {item.tags && item.tags.length > 0 && (
              <p className="mt-1 truncate text-xs text-slate-500" title={item.tags.join(", ")}>
                {item.tags.map((t) => `#${t}`).join(" ")}
              </p>
            )}
          </div>
        ) : (
          <p className="line-clamp-2 min-h-[3.25rem] px-3 pt-3 text-sm text-ink-900" title={item.label || undefined}>
            {item.label || <span className="text-slate-500 italic">No description</span>}
          </p>
        )}
        <div className="flex items-center justify-between gap-2 px-2 pt-1 pb-2">
          {handle}
          <div className="flex items-center gap-1">
            {list === "gallery" && (
              <Link
                to={`${path}?edit=${item.id}`}
                preventScrollReset
                className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
                aria-label={`Edit ${name}`}
                title="Edit"
              >
                <Pencil aria-hidden className="size-4" />
                <span className="hidden sm:inline">Edit</span>
              </Link>
            )}
            {controls}
          </div>
        </div>
        {confirm}
      </div>
    );
  };

  return (
    <div className="max-w-6xl">
      <PageHeader title={text.title} description={text.description} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <Panel className="min-w-0">
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-5 py-4">
            <h2 id={headingId} tabIndex={-1} className="text-base font-semibold text-ink-900 focus:outline-none">
              {text.listTitle}
            </h2>
            <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
              {saving ? (
                <>
                  <Loader2 aria-hidden className="size-4 animate-spin" />
                  Saving the order...
                </>
              ) : (
                `${items.length} in all`
              )}
            </p>
          </div>
          <div className="space-y-4 p-4 sm:p-5">
            <p className="text-sm text-slate-600">
              Drag a picture by its handle to change the order, or focus the handle, press Space, move with the arrow
              keys and press Space again.
            </p>
            <FormError message={orderError ?? deleteFailure} />
            {shown.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">
                {text.empty}
              </p>
            ) : (
              <SortableImageList
                items={shown}
                layout={list === "logos" ? "list" : "grid"}
                label={text.listTitle}
                describe={(item) => nameOf(list, item, shown.indexOf(item))}
                onReorder={reorder}
                disabled={saving}
                renderItem={renderItem}
                className={list === "logos" ? "space-y-3" : "grid gap-4 sm:grid-cols-2"}
              />
            )}
          </div>
        </Panel>
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
      <DeleteDialog
        list={list}
        item={confirmingIndex >= 0 ? items[confirmingIndex]! : null}
        name={confirmingIndex >= 0 ? nameOf(list, items[confirmingIndex]!, confirmingIndex) : ""}
        path={path}
        fetcher={deleteFetcher}
        onClose={() => setConfirming((c) => c && { ...c, open: false })}
        restoreFocus={() => {
          // Back to the row's Delete button, or to the list when the row is gone.
          const button = confirming && document.querySelector<HTMLElement>(`[data-delete-for="${confirming.id}"]`);
          (button ?? document.getElementById(headingId))?.focus();
        }}
      />
    </div>
  );
}

/** The order being saved (a drag's whole list, or one row moved), shown before the answer comes. */
function pendingOrder(items: PictureListItem[], formData: FormData | undefined): PictureListItem[] | null {
  const intent = formData?.get("intent");
  if (!formData || typeof intent !== "string") return null;
  const byId = new Map(items.map((i) => [i.id, i]));
  if (intent === "reorder") {
    const ids = formData.getAll("ids").map(String);
    const ordered = ids.map((id) => byId.get(id)).filter((i): i is PictureListItem => !!i);
    return ordered.length === items.length ? ordered : null;
  }
  if (intent === "move-up" || intent === "move-down") {
    const from = items.findIndex((i) => i.id === formData.get("id"));
    const to = intent === "move-up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= items.length) return null;
    const next = [...items];
    [next[from], next[to]] = [next[to]!, next[from]!];
    return next;
  }
  return null;
}

function Thumb({
  list,
  picture,
  sizes,
  className,
  alt = "",
}: {
  list: PictureListName;
  picture: Picture;
  sizes: string;
  className: string;
  alt?: string;
}) {
  // Uploaded pictures come in several widths; the hero and gallery pictures shipped under /images/ have small
  // copies too (logos have none).
  const source = picture.srcSet
    ? { src: picture.src, srcSet: picture.srcSet, sizes }
    : list === "logos"
      ? { src: picture.src }
      : responsiveImage(picture.src, sizes, list === "hero" ? 1920 : 960);
  return (
    <img {...source} alt={alt} width={picture.width} height={picture.height} loading="lazy" className={className} />
  );
}

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-ink-900 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent";

function RowControls({
  name,
  id,
  path,
  first,
  last,
  fetcher,
  onDelete,
}: {
  name: string;
  id: string;
  path: string;
  first: boolean;
  last: boolean;
  fetcher: ReturnType<typeof useFetcher<PictureListPayload>>;
  onDelete: () => void;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex items-center gap-1">
      {/* Move up / Move down: plain form posts, for reordering without JavaScript. */}
      <fetcher.Form method="post" action={path} className="flex items-center">
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          name="intent"
          value="move-up"
          disabled={first || busy}
          className={iconButton}
          aria-label={`Move ${name} up`}
          title="Move up"
        >
          <ArrowUp aria-hidden className="size-4" />
        </button>
        <button
          type="submit"
          name="intent"
          value="move-down"
          disabled={last || busy}
          className={iconButton}
          aria-label={`Move ${name} down`}
          title="Move down"
        >
          <ArrowDown aria-hidden className="size-4" />
        </button>
      </fetcher.Form>
      {/* Without JavaScript this asks for the confirmation page (?delete=id); with it, the dialog opens. */}
      <form
        method="get"
        action={path}
        onSubmit={(event) => {
          event.preventDefault();
          onDelete();
        }}
      >
        <input type="hidden" name="delete" value={id} />
        <button
          type="submit"
          data-delete-for={id}
          className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-red-700 hover:bg-red-50"
          aria-label={`Delete ${name}`}
          title="Delete"
        >
          <Trash2 aria-hidden className="size-4" />
          <span className="hidden sm:inline">Delete</span>
        </button>
      </form>
    </div>
  );
}

function deleteQuestion(list: PictureListName, item: PictureListItem, name: string, where: string): string {
  const what = list === "hero" ? `Hero image ${name.replace(/^hero image /, "")}` : `“${item.label}”`;
  const files = item.uploaded ? " and its files are deleted" : "";
  return `${what} will no longer appear in ${where}${files}. This cannot be undone.`;
}

/** The confirmation without JavaScript: shown under the row when the page is opened with ?delete=<id>. */
function InlineConfirm({
  list,
  item,
  name,
  path,
}: {
  list: PictureListName;
  item: PictureListItem;
  name: string;
  path: string;
}) {
  return (
    <div role="alertdialog" aria-label={TEXT[list].deleteTitle} className="border-t border-red-200 bg-red-50 px-4 py-3">
      <p className="text-sm font-semibold text-red-900">{TEXT[list].deleteTitle}</p>
      <p className="mt-1 text-sm text-red-800">{deleteQuestion(list, item, name, TEXT[list].deleteWhere)}</p>
      <Form method="post" action={path} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" name="intent" value="delete" className={dangerButton}>
          Delete
        </button>
        <Link to={path} className={secondaryButton}>
          Cancel
        </Link>
      </Form>
    </div>
  );
}

const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";

function DeleteDialog({
  list,
  item,
  name,
  path,
  fetcher,
  onClose,
  restoreFocus,
}: {
  list: PictureListName;
  item: PictureListItem | null;
  name: string;
  path: string;
  fetcher: ReturnType<typeof useFetcher<PictureListPayload>>;
  onClose: () => void;
  restoreFocus: () => void;
}) {
  const busy = fetcher.state !== "idle";
  // Shown only while the dialog is open on the row that failed; a success removes the row, which closes it.
  const error =
    item && fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.id === item.id
      ? fetcher.data.errors.form
      : null;
  return (
    <Dialog.Root open={!!item} onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink-900/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus();
          }}
        >
          <Dialog.Title className="text-lg font-semibold text-ink-900">{TEXT[list].deleteTitle}</Dialog.Title>
          {item && (
            <>
              {list === "logos" && (
                <div className="mt-4 grid h-20 place-items-center rounded-md bg-slate-100 p-3">
                  <Thumb
                    list={list}
                    picture={item.picture}
                    sizes="240px"
                    className="max-h-full max-w-full object-contain"
                  />
                </div>
              )}
              <Dialog.Description className="mt-3 text-sm text-slate-600">
                {deleteQuestion(list, item, name, TEXT[list].deleteWhere)}
              </Dialog.Description>
            </>
          )}
          <div className="mt-4">
            <FormError message={error} />
          </div>
          <fetcher.Form method="post" action={path} className="mt-4 flex flex-wrap justify-end gap-2">
            <input type="hidden" name="id" value={item?.id ?? ""} />
            <Dialog.Close className={secondaryButton} disabled={busy}>
              Cancel
            </Dialog.Close>
            <button
              type="submit"
              name="intent"
              value="delete"
              className={dangerButton}
              disabled={busy}
              aria-busy={busy}
            >
              {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
              {busy ? "Deleting..." : "Delete"}
            </button>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The upload form. Without JavaScript it posts as multipart to the screen. With it, the file goes by
 * XMLHttpRequest to the upload endpoint, whose upload progress events drive the bar; the answer is the same.
 */
function UploadForm({
  list,
  maxBytes,
  path,
  actionData,
}: {
  list: PictureListName;
  maxBytes: number;
  path: string;
  actionData?: PictureListPayload;
}) {
  const text = TEXT[list];
  const messages = PICTURE_LIST_MESSAGES[list];
  const revalidator = useRevalidator();
  const [sent, setSent] = useState<PictureListPayload | null>(null);
  // A new form after each upload: empty fields, whatever was typed before a refusal.
  const [formKey, setFormKey] = useState(0);
  /** 0-1 while the file is sent; null when no upload is under way. */
  const [progress, setProgress] = useState<number | null>(null);
  const result = sent ?? (actionData?.intent === "upload" ? actionData : null);
  useToast(sent?.toast);
  const errors = result && !result.ok ? result.errors : {};
  const values = result?.values ?? {};
  const busy = progress !== null;
  const fileId = useId();
  const hintId = `${fileId}-hint`;
  const errorId = `${fileId}-error`;

  const fail = (fieldErrors: Record<string, string>, values: Record<string, string> | null = null) =>
    setSent({
      intent: "upload",
      ok: false,
      toast: { type: "error", message: messages.uploadFailed },
      errors: fieldErrors,
      values,
      id: null,
    });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const typed: Record<string, string> = {};
    for (const key of PICTURE_FIELD_NAMES[list]) {
      const v = data.get(key);
      if (typeof v === "string") typed[key] = v;
    }
    // The same checks as the server's, before sending: the fields, a missing file, and the size (a file far
    // over the limit would be cut off by the server with a bare 413).
    const browserErrors: Record<string, string> = {};
    const parsed = PICTURE_FIELDS_SCHEMAS[list].safeParse(typed);
    if (!parsed.success) Object.assign(browserErrors, fieldErrors(parsed.error));
    const file = data.get("file");
    if (!(file instanceof File) || (file.size === 0 && file.name === "")) browserErrors.file = UPLOAD_MISSING;
    else if (file.size > maxBytes) browserErrors.file = uploadTooLargeMessage(maxBytes);
    if (Object.keys(browserErrors).length > 0) return fail(browserErrors, typed);

    const request = new XMLHttpRequest();
    request.open("POST", uploadEndpoint(list));
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable) setProgress(e.loaded / e.total);
    });
    request.addEventListener("load", () => {
      setProgress(null);
      const body: unknown = request.response;
      if (body && typeof body === "object" && "toast" in body) {
        const payload = body as PictureListPayload;
        setSent(payload);
        if (payload.ok) {
          setFormKey((k) => k + 1);
          void revalidator.revalidate();
        }
        return;
      }
      fail(
        request.status === 413
          ? { file: uploadTooLargeMessage(maxBytes) }
          : {
              form: request.status === 401 ? "Your session has ended. Sign in again." : PICTURE_LIST_ERRORS.storeFailed,
            },
        typed,
      );
    });
    request.addEventListener("error", () => {
      setProgress(null);
      fail({ form: "The upload was interrupted. Check the connection and try again." }, typed);
    });
    setProgress(0);
    setSent(null);
    request.send(data);
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <form
      key={formKey}
      method="post"
      action={path}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="upload" />
      <div>
        <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
          <ImagePlus aria-hidden className="size-5 text-brand-700" />
          {text.uploadTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{text.uploadHint}</p>
      </div>
      <FormError message={errors.form} />
      {list === "logos" ? (
        <TextField
          name="name"
          label="Name"
          required
          maxLength={NAME_MAX_LENGTH}
          defaultValue={values.name}
          error={errors.name}
          autoComplete="off"
          disabled={busy}
        />
      ) : list === "gallery" ? (
        <GalleryFields values={values} errors={errors} disabled={busy} />
      ) : (
        <TextField
          name="alt"
          label="Description (optional)"
          hint="What the picture shows, read aloud by screen readers."
          maxLength={ALT_MAX_LENGTH}
          defaultValue={values.alt}
          error={errors.alt}
          autoComplete="off"
          disabled={busy}
        />
      )}
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-ink-900">
          {text.fileLabel}
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        </label>
        <input
          id={fileId}
          type="file"
          name="file"
          accept={IMAGE_ACCEPT}
          required
          disabled={busy}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${errorId} ${hintId}` : hintId}
          className={`mt-1 ${inputClass} ${errors.file ? "border-red-600" : "border-slate-300"} p-1.5 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100`}
        />
        {errors.file && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {errors.file}
          </p>
        )}
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          JPEG, PNG, WebP or AVIF, at most {formatBytes(maxBytes)}.
        </p>
      </div>
      {busy && (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-slate-600" aria-live="polite">
            {percent < 100 ? `Sending... ${percent}%` : "Preparing the picture..."}
          </p>
        </div>
      )}
      <SubmitButton
        label={text.uploadButton}
        busyLabel="Uploading..."
        busy={busy}
        className={`${primaryButton} w-full`}
      />
    </form>
  );
}

/** A gallery picture's caption, category and tags: in the upload form and the Edit dialog. */
function GalleryFields({
  values,
  errors,
  disabled = false,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  disabled?: boolean;
}) {
  return (
    <>
      <TextField
        name="title"
        label="Caption"
        required
        maxLength={CAPTION_MAX_LENGTH}
        defaultValue={values.title}
        error={errors.title}
        autoComplete="off"
        disabled={disabled}
        hint="The picture's title on the gallery page."
      />
      <SelectField
        name="category"
        label="Category"
        required
        defaultValue={values.category ?? ""}
        error={errors.category}
        disabled={disabled}
        options={[
          { value: "", label: "Select category" },
          ...GALLERY_CATEGORIES.map((c) => ({ value: c.id, label: c.name })),
        ]}
      />
      <TextField
        name="tags"
        label="Tags"
        defaultValue={values.tags}
        error={errors.tags}
        autoComplete="off"
        disabled={disabled}
        hint="Optional, separated by commas: stage, lighting"
      />
    </>
  );
}

/** Changing a gallery picture's caption, category and tags; the picture itself stays. */
function GalleryItemDialog({
  item,
  path,
  result,
}: {
  item: PictureListItem;
  path: string;
  result?: PictureListPayload;
}) {
  const busy = useFormBusy("update");
  const failed = result && !result.ok ? result : null;
  const values = failed?.values ?? { title: item.label, category: item.category, tags: item.tags?.join(", ") };
  return (
    <FormDialog title="Edit Gallery Picture" closeHref={path} size="sm">
      <Form method="post" action={`${path}?edit=${item.id}`} noValidate replace preventScrollReset>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={item.id} />
        <div className="space-y-4 px-5 py-4">
          <div className="h-32 overflow-hidden rounded-md bg-slate-100">
            <Thumb list="gallery" picture={item.picture} sizes="400px" className="size-full object-cover" />
          </div>
          <FormError message={failed?.errors.form} />
          <GalleryFields values={values} errors={failed?.errors ?? {}} />
        </div>
        <DialogActions closeHref={path}>
          <SubmitButton label="Save Changes" busyLabel="Saving..." busy={busy} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
