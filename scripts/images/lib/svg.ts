/**
 * Tiny SVG building toolkit used by the image generator.
 * Everything is plain strings so the output is deterministic.
 */

export type Stop = [offset: number, color: string, opacity?: number];
export type Attrs = Record<string, string | number | undefined | null | false>;

/** Round to one decimal to keep the SVG source compact. */
export const r1 = (n: number): number => Math.round(n * 10) / 10;

export function attrs(a: Attrs = {}): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => `${k}="${typeof v === "number" ? r1(v) : v}"`)
    .join(" ");
}

export const rect = (x: number, y: number, w: number, h: number, a: Attrs = {}): string =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" ${attrs(a)}/>`;
export const circle = (cx: number, cy: number, r: number, a: Attrs = {}): string =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" ${attrs(a)}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, a: Attrs = {}): string =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" ${attrs(a)}/>`;
export const path = (d: string, a: Attrs = {}): string => `<path d="${d}" ${attrs(a)}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, a: Attrs = {}): string =>
  `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" ${attrs(a)}/>`;
export const poly = (pts: Array<[number, number]>, a: Attrs = {}): string =>
  `<polygon points="${pts.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ")}" ${attrs(a)}/>`;
export const polyline = (pts: Array<[number, number]>, a: Attrs = {}): string =>
  `<polyline points="${pts.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ")}" fill="none" ${attrs(a)}/>`;
export const g = (a: Attrs, ...children: string[]): string => `<g ${attrs(a)}>${children.join("")}</g>`;

/** Path helper: builds "M x y L x y ..." from points. */
export function pts(points: Array<[number, number]>, close = true): string {
  return points.map(([x, y], i) => `${i ? "L" : "M"}${r1(x)} ${r1(y)}`).join(" ") + (close ? " Z" : "");
}

/** Rounded rectangle as path data (useful inside transforms and clip paths). */
export function rrect(x: number, y: number, w: number, h: number, r: number): string {
  const k = Math.min(r, w / 2, h / 2);
  return rect(x, y, w, h, { rx: k });
}

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stable 32-bit hash of a string, used to seed per-image generators. */
export function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export const deg = (d: number): number => (d * Math.PI) / 180;

/** An SVG document with its own <defs> registry. */
export class Svg {
  private defs: string[] = [];
  private body: string[] = [];
  private n = 0;
  private blurCache = new Map<string, string>();

  /**
   * @param w logical width (drawing coordinates)
   * @param h logical height
   * @param scale output pixels per logical unit (hero images draw at 960 wide and render at 2x)
   */
  constructor(
    readonly w: number,
    readonly h: number,
    readonly scale = 1,
  ) {}

  private id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }

  private stops(st: Stop[]): string {
    return st
      .map(
        ([o, c, a]) =>
          `<stop offset="${r1(o * 1000) / 1000}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${r1(a * 1000) / 1000}"`}/>`,
      )
      .join("");
  }

  /** Linear gradient. Coordinates are fractions of the bbox unless `user` is true. */
  lin(st: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const id = this.id("l");
    this.defs.push(
      `<linearGradient id="${id}" x1="${r1(x1 * 100) / 100}" y1="${r1(y1 * 100) / 100}" x2="${r1(x2 * 100) / 100}" y2="${r1(y2 * 100) / 100}"${user ? ' gradientUnits="userSpaceOnUse"' : ""}>${this.stops(st)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Radial gradient. Coordinates are fractions of the bbox unless `user` is true. */
  rad(st: Stop[], cx = 0.5, cy = 0.5, r = 0.5, opt: { fx?: number; fy?: number; user?: boolean } = {}): string {
    const id = this.id("r");
    const fx = opt.fx === undefined ? "" : ` fx="${opt.fx}"`;
    const fy = opt.fy === undefined ? "" : ` fy="${opt.fy}"`;
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${fx}${fy}${opt.user ? ' gradientUnits="userSpaceOnUse"' : ""}>${this.stops(st)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Gaussian blur filter (cached per deviation). */
  blur(std: number): string {
    const key = String(std);
    const hit = this.blurCache.get(key);
    if (hit) return hit;
    const id = this.id("b");
    this.defs.push(
      `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${std}"/></filter>`,
    );
    const url = `url(#${id})`;
    this.blurCache.set(key, url);
    return url;
  }

  /** Register a clip path made of the given shapes; returns url(#id). */
  clip(shapes: string): string {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}">${shapes}</clipPath>`);
    return `url(#${id})`;
  }

  /** Register a raw definition (pattern, symbol...) and return its id. */
  def(make: (id: string) => string): string {
    const id = this.id("d");
    this.defs.push(make(id));
    return id;
  }

  add(...parts: string[]): this {
    this.body.push(...parts);
    return this;
  }

  toString(): string {
    const W = Math.round(this.w * this.scale);
    const H = Math.round(this.h * this.scale);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

/** Cyclic, always-defined array access (keeps `noUncheckedIndexedAccess` happy). */
export function pick<T>(arr: readonly T[], i: number): T {
  if (arr.length === 0) throw new Error("pick() on an empty array");
  return arr[((Math.floor(i) % arr.length) + arr.length) % arr.length] as T;
}
