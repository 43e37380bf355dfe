import type { PictureListItem, PictureListName } from "~/domain/content/picture-lists";

// The words of the Logos, Hero images and Gallery screens, the one thing that differs between them besides the
// fields beside the picture.

export interface ScreenText {
  title: string;
  description: string;
  listTitle: string;
  uploadTitle: string;
  uploadHint: string;
  uploadButton: string;
  fileLabel: string;
  empty: string;
  deleteTitle: string;
  /** Where the picture stops appearing once deleted. */
  deleteWhere: string;
}

export const SCREEN_TEXT: Record<PictureListName, ScreenText> = {
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

/** Short names for buttons and announcements: a logo's name or a gallery caption, a hero picture's place. */
export function pictureName(list: PictureListName, item: PictureListItem, index: number): string {
  return list === "hero" ? `hero image ${index + 1}` : item.label;
}
