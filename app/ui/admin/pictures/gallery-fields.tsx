import { GALLERY_CATEGORIES } from "~/domain/content/constants";
import { CAPTION_MAX_LENGTH } from "~/domain/content/picture-lists";
import { SelectField, TextField } from "../form";

/** A gallery picture's caption, category and tags: in the upload form and the Edit dialog. */
export function GalleryFields({
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
