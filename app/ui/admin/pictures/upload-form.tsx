import { ImagePlus } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import {
  ALT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  parsePictureFields,
  PICTURE_LIST_ERRORS,
  PICTURE_LIST_MESSAGES,
  readPictureFields,
  uploadEndpoint,
  type PictureListName,
} from "~/domain/content/picture-lists";
import { formatBytes, UPLOAD_MISSING, uploadTooLargeMessage } from "~/domain/media/upload";
import type { FormCheck } from "~/lib/form-errors";
import { primaryButton } from "../../buttons";
import { FormError, inputClass, SubmitButton, TextField, useFormCheck, useToast } from "../form";
import { IMAGE_ACCEPT } from "../pictures-field";
import { GalleryFields } from "./gallery-fields";
import type { PictureListPayload } from "./payload";
import { SCREEN_TEXT } from "./screen-text";

// A picture list's upload form. Without JavaScript it posts as multipart to the screen. With it, the form is
// checked first by the domain's own rules and the size limit (ADR 0022), then the file goes by XMLHttpRequest to the
// upload endpoint, whose upload progress events drive the bar; the answer is the same.

/** The fields' rules, a missing file and the size: a file far over the limit would be cut off with a bare 413. */
function uploadCheck(list: PictureListName, maxBytes: number): FormCheck {
  return (form) => {
    const parsed = parsePictureFields(list, readPictureFields(list, form));
    const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
    const file = form.get("file");
    if (!(file instanceof File) || (file.size === 0 && file.name === "")) errors.file = UPLOAD_MISSING;
    else if (file.size > maxBytes) errors.file = uploadTooLargeMessage(maxBytes);
    return Object.keys(errors).length > 0 ? errors : null;
  };
}

export function UploadForm({
  list,
  maxBytes,
  path,
  actionData,
  onFileChange,
  preview,
}: {
  list: PictureListName;
  maxBytes: number;
  path: string;
  /** The screen's answer to a form posted without JavaScript. */
  actionData?: PictureListPayload;
  /** Told of the file chosen (null once none is), for a preview. */
  onFileChange?: (file: File | null) => void;
  /** Shown under the file field: the chosen file as it will appear. */
  preview?: React.ReactNode;
}) {
  const text = SCREEN_TEXT[list];
  const messages = PICTURE_LIST_MESSAGES[list];
  const revalidator = useRevalidator();
  const [sent, setSent] = useState<PictureListPayload | null>(null);
  // A new form after each upload: empty fields, whatever was typed before a refusal.
  const [formKey, setFormKey] = useState(0);
  /** 0-1 while the file is sent; null when no upload is under way. */
  const [progress, setProgress] = useState<number | null>(null);
  const result = sent ?? (actionData?.intent === "upload" ? actionData : null);
  useToast(sent?.toast);
  const check = useMemo(() => uploadCheck(list, maxBytes), [list, maxBytes]);
  const { errors, onSubmit: checkFirst } = useFormCheck(
    check,
    result && !result.ok ? result.errors : {},
    () => messages.uploadFailed,
  );
  const values = result?.values ?? {};
  const busy = progress !== null;
  const fileId = useId();
  const hintId = `${fileId}-hint`;
  const errorId = `${fileId}-error`;

  const fail = (found: Record<string, string>, typed: Record<string, string>) =>
    setSent({
      intent: "upload",
      ok: false,
      toast: { type: "error", message: messages.uploadFailed },
      errors: found,
      values: typed,
      id: null,
    });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (busy) return event.preventDefault();
    checkFirst(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const typed = readPictureFields(list, data);

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
          onFileChange?.(null);
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
          onChange={onFileChange && ((event) => onFileChange(event.currentTarget.files?.[0] ?? null))}
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
      {preview}
      {busy && <UploadProgress percent={percent} />}
      <SubmitButton
        label={text.uploadButton}
        busyLabel="Uploading..."
        busy={busy}
        className={`${primaryButton} w-full`}
      />
    </form>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  return (
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
  );
}
