import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";
import { wrapIndex } from "./use-carousel";

export interface LightboxImage {
  src: string;
  alt: string;
  title?: string;
  caption?: string;
}

/**
 * A fullscreen picture viewer. Radix Dialog gives what the spec and a keyboard user need: Escape, backdrop
 * and close button close it, the page cannot scroll behind it, focus stays inside and goes back to the
 * element that opened it. ArrowLeft and ArrowRight move between pictures, wrapping around.
 */
export interface LightboxProps {
  images: LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
}

export function Lightbox({ images, index, onIndexChange, open, onOpenChange, label }: LightboxProps) {
  // Radix gives focus back only to a Dialog.Trigger; this viewer is opened from anywhere, so it keeps the
  // element that had focus when it opened and returns focus there.
  const opener = useRef<HTMLElement | null>(null);
  const image = images[wrapIndex(index, images.length)];
  const several = images.length > 1;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    if (event.key === "ArrowLeft") onIndexChange(wrapIndex(index - 1, images.length));
    if (event.key === "ArrowRight") onIndexChange(wrapIndex(index + 1, images.length));
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" data-testid="lightbox-backdrop" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 outline-none"
          onPointerDown={(event) => {
            // A click on the dark area around the picture closes, like a click on the backdrop.
            if (event.target === event.currentTarget) onOpenChange(false);
          }}
          onMouseDown={(event) => {
            // ...without the press then moving focus to the page body, away from the opener.
            if (event.target === event.currentTarget) event.preventDefault();
          }}
        >
          <Dialog.Title className="sr-only">{label}</Dialog.Title>
          {image && (
            <figure className="flex max-w-full flex-col items-center">
              <img src={image.src} alt={image.alt} className="max-h-[80vh] max-w-full rounded object-contain" />
              {(image.title || image.caption || several) && (
                <figcaption className="mt-3 text-center text-white">
                  {image.title && <p className="text-lg font-semibold">{image.title}</p>}
                  {image.caption && <p className="text-sm text-slate-300">{image.caption}</p>}
                  {several && (
                    <p className="text-sm text-slate-400" aria-live="polite">
                      {wrapIndex(index, images.length) + 1} / {images.length}
                    </p>
                  )}
                </figcaption>
              )}
            </figure>
          )}
          <Dialog.Close
            className="absolute top-4 right-4 rounded-full bg-white/10 p-2 text-white hover:bg-white/25"
            aria-label="Close"
          >
            <X aria-hidden size={28} />
          </Dialog.Close>
          {several && (
            <>
              <button
                type="button"
                onClick={() => onIndexChange(wrapIndex(index - 1, images.length))}
                className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/10 p-2 text-white hover:bg-white/25 sm:left-6"
                aria-label="Previous image"
              >
                <ChevronLeft aria-hidden size={32} />
              </button>
              <button
                type="button"
                onClick={() => onIndexChange(wrapIndex(index + 1, images.length))}
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/10 p-2 text-white hover:bg-white/25 sm:right-6"
                aria-label="Next image"
              >
                <ChevronRight aria-hidden size={32} />
              </button>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
