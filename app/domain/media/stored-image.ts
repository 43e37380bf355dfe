/**
 * How a row records an uploaded picture, so deleting the row can delete its files: the storage keys of every
 * width it was re-encoded to, with their sizes (for srcset, width and height).
 */
export interface StoredImageRecord {
  variants: { key: string; url: string; width: number; height: number }[];
}
