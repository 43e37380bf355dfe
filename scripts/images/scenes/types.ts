export interface Output {
  /** Path relative to public/. */
  file: string;
  /** Output width in px; height follows the master's aspect ratio. Defaults to the master width. */
  width?: number;
  /** Maximum size in bytes; WebP quality is lowered step by step until it fits. */
  budget: number;
  format?: "webp" | "png";
  /** Use near-lossless WebP (logos with crisp edges and alpha). */
  nearLossless?: boolean;
  /** Quantise PNG output to a palette. */
  palette?: boolean;
}

export interface Job {
  svg: () => string;
  /** Optional post-processing of the rendered master PNG (e.g. cropping). */
  post?: (png: Buffer) => Promise<Buffer>;
  outputs: Output[];
}

export const KB = 1024;

/** A 960x720 photo with its 480w variant. */
export function photo(dir: string, name: string, svg: () => string): Job {
  return {
    svg,
    outputs: [
      { file: `images/${dir}/${name}.webp`, budget: 45 * KB },
      { file: `images/${dir}/${name}-480w.webp`, width: 480, budget: 15 * KB },
    ],
  };
}
