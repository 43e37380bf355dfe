import { lazy, Suspense, useState } from "react";
import type { LightboxProps } from "./lightbox";

export type { LightboxImage } from "./lightbox";

// The viewer and its dialog library (about 14 KB) load the first time a picture is opened, not with the page.
const Lightbox = lazy(() => import("./lightbox").then((m) => ({ default: m.Lightbox })));

export function LazyLightbox(props: LightboxProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Lightbox {...props} />
    </Suspense>
  );
}
