/** A picture's width and height in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * What a table row keeps of an uploaded picture (a jsonb column), so the row can list, show and delete every
 * width it was re-encoded to. Null for pictures shipped under /images/, which are never deleted.
 */
export interface StoredImageRecord {
  /** `<folder>/<uuid>`: each variant is `<key>-<width>.webp`. */
  key: string;
  /** Narrowest first. */
  variants: ImageSize[];
}
