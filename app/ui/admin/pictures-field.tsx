import { ArrowLeft, ArrowRight, ImageOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { IMAGE_TYPES } from "~/domain/media/image-type";
import { splitImageUrls } from "~/lib/form-lists";
import { TextAreaField, TextField } from "./form";

// A record's ordered pictures in its form (an inventory item's, an event's photos): the addresses one per line, with
// previews to reorder or remove them, and files to upload that join at the end. Without JavaScript the address
// lines are edited directly; the server stores the files and writes their addresses after the others.

export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");

/** A titled group of a dialog's fields, two columns wide on a larger screen. */
export function Fieldset({ legend, hint, children }: { legend: string; hint?: string; children: React.ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold tracking-wide text-brand-800 uppercase">{legend}</legend>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function PicturesField({
  legend,
  hint,
  addresses,
  addressesError,
  uploadsError,
  uploadHint,
  addressesName = "imageUrls",
  uploadsName = "newImages",
}: {
  legend: string;
  hint: string;
  /** The addresses as stored or typed, one per line. */
  addresses: string;
  addressesError?: string;
  uploadsError?: string;
  uploadHint: string;
  addressesName?: string;
  uploadsName?: string;
}) {
  const [text, setText] = useState(addresses);
  const urls = splitImageUrls(text);
  const move = (from: number, to: number) => {
    const next = [...urls];
    const [url] = next.splice(from, 1);
    next.splice(to, 0, url!);
    setText(next.join("\n"));
  };
  return (
    <Fieldset legend={legend} hint={hint}>
      {urls.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:col-span-2 sm:grid-cols-4" aria-label={`${legend} in order`}>
          {urls.map((url, i) => (
            <li key={url} className="overflow-hidden rounded-md border border-slate-200">
              <img src={url} alt={`Picture ${i + 1}`} className="aspect-[4/3] w-full bg-slate-100 object-cover" />
              <div className="flex justify-between p-1">
                <button
                  type="button"
                  className="rounded p-1 text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                  onClick={() => move(i, i - 1)}
                  disabled={i === 0}
                  aria-label={`Move picture ${i + 1} earlier`}
                >
                  <ArrowLeft aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className="rounded p-1 text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                  onClick={() => move(i, i + 1)}
                  disabled={i === urls.length - 1}
                  aria-label={`Move picture ${i + 1} later`}
                >
                  <ArrowRight aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className="rounded p-1 text-red-700 hover:bg-red-50"
                  onClick={() => setText(urls.filter((_, j) => j !== i).join("\n"))}
                  aria-label={`Remove picture ${i + 1}`}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {urls.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-slate-600 sm:col-span-2">
          <ImageOff aria-hidden className="size-4" /> No pictures yet.
        </p>
      )}
      <TextAreaField
        name={addressesName}
        label="Picture addresses"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={addressesError}
        rows={3}
        hint="One per line; blank lines are dropped. Uploaded pictures appear here too."
        className="sm:col-span-2"
      />
      <TextField
        name={uploadsName}
        label="Upload pictures"
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        error={uploadsError}
        hint={uploadHint}
        className="sm:col-span-2"
      />
    </Fieldset>
  );
}
