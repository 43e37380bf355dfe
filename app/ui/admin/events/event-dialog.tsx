import { ImageOff } from "lucide-react";
import { EVENT_STATUSES } from "~/domain/content/constants";
import {
  EVENT_FILE_FIELDS,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  EVENT_STATUS_LABELS,
  parseEventForm,
  readEventForm,
  type EventFormValues,
} from "~/domain/content/event-form";
import { RecordFormDialog } from "../form-dialog";
import { FormError, SelectField, TextAreaField, TextField, useFormBusy, useFormCheck } from "../form";
import { Fieldset, IMAGE_ACCEPT, PicturesField } from "../pictures-field";
import { chosenFileCount } from "~/lib/form-data";
import type { FormCheck } from "~/lib/form-errors";

// The Add New Event / Edit Event dialog (backoffice.md §2 Event Management, §5): the spec's fields, the organizer
// chosen from the active employees, the cover image (only the first file is used) and the photos of the public
// event page. It posts as multipart to the page with the dialog open, so a refusal answers with it still open.

export interface OrganizerOption {
  id: string;
  name: string;
  position: string;
  active: boolean;
}

const CHECK_EVENT_FORM: FormCheck = (form) => {
  const result = parseEventForm(readEventForm(form), chosenFileCount(form, "newImages"));
  return result.ok ? null : result.errors;
};

export function EventDialog({
  mode,
  values,
  errors: serverErrors,
  organizers,
  closeHref,
  action,
}: {
  mode: "create" | "update";
  values: EventFormValues;
  errors: Record<string, string | undefined>;
  organizers: OrganizerOption[];
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const { errors, onSubmit } = useFormCheck(
    CHECK_EVENT_FORM,
    serverErrors,
    mode === "create" ? EVENT_MESSAGES.addFailed : EVENT_MESSAGES.updateFailed,
  );
  return (
    <RecordFormDialog
      title={mode === "create" ? "Add New Event" : "Edit Event"}
      closeHref={closeHref}
      action={action}
      intent={mode}
      id={values.id}
      version={values.version}
      multipart
      onSubmit={onSubmit}
      submitLabel={mode === "create" ? "Add Event" : "Update Event"}
      busy={busy}
    >
      <div className="space-y-6 px-5 py-4">
        <FormError message={errors.form} />
        <Fieldset legend="Event">
          <TextField
            name="title"
            label="Title"
            required
            maxLength={EVENT_LIMITS.title}
            defaultValue={values.title}
            error={errors.title}
            autoComplete="off"
            className="sm:col-span-2"
          />
          <TextAreaField
            name="description"
            label="Description"
            required
            rows={4}
            maxLength={EVENT_LIMITS.description}
            defaultValue={values.description}
            error={errors.description}
            className="sm:col-span-2"
          />
          <TextField name="date" label="Date" type="date" required defaultValue={values.date} error={errors.date} />
          <TextField name="time" label="Time" type="time" required defaultValue={values.time} error={errors.time} />
          <TextField
            name="location"
            label="Location"
            required
            maxLength={EVENT_LIMITS.location}
            defaultValue={values.location}
            error={errors.location}
            hint="Cards show the part before the first comma"
            className="sm:col-span-2"
          />
          <SelectField
            name="status"
            label="Status"
            required
            defaultValue={values.status}
            error={errors.status}
            options={EVENT_STATUSES.map((s) => ({ value: s, label: EVENT_STATUS_LABELS[s] }))}
          />
          <TextField
            name="capacity"
            label="Capacity"
            inputMode="numeric"
            defaultValue={values.capacity}
            error={errors.capacity}
            hint="Optional: guests expected"
          />
          <SelectField
            name="organizerId"
            label="Organizer"
            required
            defaultValue={values.organizerId}
            error={errors.organizerId}
            options={[
              { value: "", label: "Select organizer" },
              ...organizers.map((o) => ({
                value: o.id,
                label: `${o.name} (${o.position})${o.active ? "" : " - inactive"}`,
              })),
            ]}
            className="sm:col-span-2"
          />
        </Fieldset>

        <Fieldset legend="Image" hint="Shown on the event's cards and first on its page.">
          {values.imageUrl ? (
            <div className="flex items-center gap-3 sm:col-span-2">
              <img
                src={values.imageUrl}
                alt="Current image"
                className="aspect-[4/3] w-32 rounded-md border border-slate-200 bg-slate-100 object-cover"
              />
              <label className="flex items-center gap-2 text-sm text-ink-900">
                <input
                  type="checkbox"
                  name="removeImage"
                  value="1"
                  defaultChecked={values.removeImage === "1"}
                  className="size-4 rounded border-slate-300"
                />
                Remove this image
              </label>
            </div>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-600 sm:col-span-2">
              <ImageOff aria-hidden className="size-4" /> No image yet: cards show the first photo, if any.
            </p>
          )}
          <TextField
            name={EVENT_FILE_FIELDS.image}
            label={values.imageUrl ? "Replace image" : "Upload image"}
            type="file"
            accept={IMAGE_ACCEPT}
            error={errors[EVENT_FILE_FIELDS.image]}
            hint="JPEG, PNG, WebP or AVIF. Only the first file is used."
            className="sm:col-span-2"
          />
        </Fieldset>

        <PicturesField
          legend="Photos"
          hint="The event page's photo gallery, after the image above."
          addresses={values.imageUrls}
          addressesError={errors.imageUrls}
          uploadsError={errors[EVENT_FILE_FIELDS.photos]}
          uploadsName={EVENT_FILE_FIELDS.photos}
          uploadHint={`JPEG, PNG, WebP or AVIF; up to ${EVENT_LIMITS.photosPerSave} at a time, ${EVENT_LIMITS.photos} per event. Added after the photos above.`}
        />
      </div>
    </RecordFormDialog>
  );
}
