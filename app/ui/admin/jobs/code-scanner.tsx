import { Camera, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { codeFromScan } from "~/domain/jobs/job-forms";
import { secondaryButton } from "~/ui/buttons";

// Scanning an item's QR code with the phone's camera (issue 26): the rear camera in a video element, read by the
// browser's BarcodeDetector where it has one, else by jsQR, loaded only when a camera is opened on such a browser
// (the page's bundle stays small). Each code read is handed to `onCode` (the dispatch form fills its Item code and
// submits); the same code is read again only after a pause, since every unit of an item carries the same code. The
// camera is stopped when the scanner is closed or the page left.

/** The part of the BarcodeDetector API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** A reader of one video frame: the text of the QR code in it, or null. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

async function frameReader(): Promise<FrameReader> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/** What to tell the user when the camera cannot be opened. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return "The camera is not allowed: allow it in the browser's settings for this site, or type the item code.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No camera was found on this device: type the item code.";
  return "The camera could not be opened: type the item code.";
}

/**
 * Every unit of an item carries the same code, and the camera reads a label held in front of it several times a
 * second: a code counts again only once it has been out of sight for this many frames in a row (about half a
 * second), i.e. the next label was brought in front, never merely because time passed.
 */
const FRAMES_TO_FORGET = 3;

/** Given each frame's code (null: none read), the codes to act on: a code once per time it comes into sight. */
export function scanGate(framesToForget = FRAMES_TO_FORGET): (code: string | null) => string | null {
  let shown = "";
  let missed = 0;
  return (code) => {
    if (!code) {
      if (++missed >= framesToForget) shown = "";
      return null;
    }
    missed = 0;
    if (code === shown) return null;
    shown = code;
    return code;
  };
}

export function CodeScanner({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [lastRead, setLastRead] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    const gate = scanGate();
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem("This browser cannot open the camera here (it needs a secure https page): type the item code.");
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } } });
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const read = await frameReader();
      const tick = async () => {
        if (stopped) return;
        const text = await read(video).catch(() => null);
        const code = text === null ? null : codeFromScan(text);
        const fresh = gate(code);
        if (fresh) {
          setLastRead(fresh);
          onCodeRef.current(fresh);
        }
        frame = window.setTimeout(() => requestAnimationFrame(() => void tick()), 150);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(frame);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [open]);

  if (!open)
    return (
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          setProblem(null);
          setLastRead(null);
          setOpen(true);
        }}
      >
        <Camera aria-hidden className="size-4" /> Scan with camera
      </button>
    );
  return (
    <div className="w-full rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-ink-900" aria-live="polite">
          {problem ?? (lastRead ? `Read ${lastRead}` : "Point the camera at an item's QR code")}
        </p>
        <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
          <X aria-hidden className="size-4" /> Close camera
        </button>
      </div>
      {!problem && (
        <video ref={videoRef} muted playsInline className="aspect-video w-full rounded-md bg-black object-cover" />
      )}
    </div>
  );
}
