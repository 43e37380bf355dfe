/**
 * Reusable illustration parts: backgrounds, lights, fixtures, furniture, people.
 */
import { type Svg, circle, deg, ellipse, g, line, path, pick, poly, pts, r1, rect, rng } from "./svg";

export const P = {
  night0: "#060920",
  night1: "#0c1234",
  night2: "#151c4f",
  indigo: "#2b2380",
  violet: "#6a2fc0",
  magenta: "#e62d8f",
  pink: "#ff5fb4",
  amber: "#ffb321",
  gold: "#ffd37a",
  orange: "#ff7a2a",
  cyan: "#43cfff",
  white: "#ffffff",
  metal0: "#3e4660",
  metal1: "#7d879f",
  metal2: "#bcc4d4",
  metal3: "#e9edf4",
  body0: "#0f1220",
  body1: "#1c2033",
  body2: "#2c3250",
};

export type Pt = [number, number];

/* ------------------------------------------------------------------ */
/* Backgrounds                                                          */
/* ------------------------------------------------------------------ */

export interface StudioOpts {
  horizon?: number;
  glowX?: number;
  glowY?: number;
  glow?: string;
  left?: string;
  right?: string;
  top?: string;
  floor?: string;
}

/** Product "studio" backdrop: night gradient wall, soft key glow, glossy floor. */
export function studio(s: Svg, o: StudioOpts = {}): void {
  const { w, h } = s;
  const hz = o.horizon ?? h * 0.72;
  const gx = o.glowX ?? w / 2;
  const gy = o.glowY ?? hz * 0.55;
  s.add(
    rect(0, 0, w, h, {
      fill: s.lin([
        [0, o.top ?? "#18205a"],
        [0.55, "#0f1540"],
        [1, "#0a0e2c"],
      ]),
    }),
  );
  s.add(
    ellipse(gx, gy, w * 0.55, hz * 0.75, {
      fill: s.rad([
        [0, o.glow ?? "#4a36b0", 0.75],
        [0.55, o.glow ?? "#4a36b0", 0.25],
        [1, o.glow ?? "#4a36b0", 0],
      ]),
    }),
  );
  s.add(
    ellipse(0, h * 0.12, w * 0.45, h * 0.5, {
      fill: s.rad([
        [0, o.left ?? P.magenta, 0.35],
        [1, o.left ?? P.magenta, 0],
      ]),
    }),
  );
  s.add(
    ellipse(w, h * 0.2, w * 0.4, h * 0.45, {
      fill: s.rad([
        [0, o.right ?? P.amber, 0.22],
        [1, o.right ?? P.amber, 0],
      ]),
    }),
  );
  // floor
  s.add(
    rect(0, hz, w, h - hz, {
      fill: s.lin([
        [0, o.floor ?? "#1d2358"],
        [1, "#070a1e"],
      ]),
    }),
  );
  s.add(
    rect(0, hz - 1, w, 2, {
      fill: s.lin(
        [
          [0, "#fff", 0],
          [0.5, "#fff", 0.18],
          [1, "#fff", 0],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
  );
  s.add(
    ellipse(gx, hz + (h - hz) * 0.35, w * 0.42, (h - hz) * 0.5, {
      fill: s.rad([
        [0, P.gold, 0.16],
        [1, P.gold, 0],
      ]),
    }),
  );
}

/** Dark vignette to finish a frame. */
export function vignette(s: Svg, strength = 0.55): void {
  s.add(
    rect(0, 0, s.w, s.h, {
      fill: s.rad(
        [
          [0.55, "#000", 0],
          [1, "#02030c", strength],
        ],
        0.5,
        0.5,
        0.75,
      ),
    }),
  );
}

/** Darken the lower-left of hero images so overlaid headline text stays readable. */
export function heroShade(s: Svg): void {
  const { w, h } = s;
  s.add(
    rect(0, 0, w, h, {
      fill: s.lin(
        [
          [0, "#03050f", 0.82],
          [0.45, "#03050f", 0.45],
          [0.75, "#03050f", 0],
        ],
        0,
        1,
        0.85,
        0.15,
      ),
    }),
  );
  s.add(
    ellipse(w * 0.12, h * 0.85, w * 0.5, h * 0.55, {
      fill: s.rad([
        [0, "#02030a", 0.5],
        [1, "#02030a", 0],
      ]),
    }),
  );
}

export function shadow(s: Svg, cx: number, cy: number, rx: number, ry: number, op = 0.6): string {
  return ellipse(cx, cy, rx, ry, {
    fill: s.rad([
      [0, "#000", op],
      [0.6, "#000", op * 0.45],
      [1, "#000", 0],
    ]),
  });
}

export function glow(s: Svg, cx: number, cy: number, rx: number, ry: number, color: string, op = 0.6): string {
  return ellipse(cx, cy, rx, ry, {
    fill: s.rad([
      [0, color, op],
      [0.4, color, op * 0.45],
      [1, color, 0],
    ]),
  });
}

/** Big soft haze clouds (cheap: radial gradients only). */
export function haze(s: Svg, seed: number, n: number, y0: number, y1: number, color = "#8c7bd6", op = 0.12): string {
  const rnd = rng(seed);
  let out = "";
  for (let i = 0; i < n; i++) {
    const cx = rnd() * s.w;
    const cy = y0 + rnd() * (y1 - y0);
    out += ellipse(cx, cy, s.w * (0.18 + rnd() * 0.22), (y1 - y0) * (0.25 + rnd() * 0.3), {
      fill: s.rad([
        [0, color, op],
        [1, color, 0],
      ]),
    });
  }
  return out;
}

export function stars(s: Svg, seed: number, n: number, maxY: number): string {
  const rnd = rng(seed);
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = rnd() * s.w;
    const y = Math.pow(rnd(), 1.4) * maxY;
    const r = 0.6 + rnd() * 1.3 * (s.w / 960);
    out += circle(x, y, r, { fill: "#fff", opacity: r1(0.35 + rnd() * 0.6) });
  }
  return out;
}

/* ------------------------------------------------------------------ */
/* Lights                                                               */
/* ------------------------------------------------------------------ */

export interface BeamOpts {
  x: number;
  y: number;
  angle: number; // degrees clockwise from straight up
  len: number;
  w0: number;
  spread: number; // full cone angle in degrees
  color: string;
  op?: number;
  blur?: number;
  core?: boolean;
}

/** A light beam cone fading with distance. */
export function beam(s: Svg, o: BeamOpts): string {
  const a = deg(o.angle);
  const dx = Math.sin(a);
  const dy = -Math.cos(a);
  const px = Math.cos(a);
  const py = Math.sin(a);
  const op = o.op ?? 0.55;
  const ex = o.x + dx * o.len;
  const ey = o.y + dy * o.len;
  const quad = (wa: number, wb: number): Array<[number, number]> => [
    [o.x + (px * wa) / 2, o.y + (py * wa) / 2],
    [ex + (px * wb) / 2, ey + (py * wb) / 2],
    [ex - (px * wb) / 2, ey - (py * wb) / 2],
    [o.x - (px * wa) / 2, o.y - (py * wa) / 2],
  ];
  const w1 = o.w0 + 2 * o.len * Math.tan(deg(o.spread / 2));
  const fill = s.lin(
    [
      [0, o.color, op],
      [0.45, o.color, op * 0.45],
      [1, o.color, 0],
    ],
    o.x,
    o.y,
    ex,
    ey,
    true,
  );
  let out = poly(quad(o.w0, w1), { fill });
  if (o.core !== false) {
    const cfill = s.lin(
      [
        [0, "#fff", Math.min(1, op * 1.3)],
        [0.35, o.color, op * 0.5],
        [0.8, o.color, 0],
      ],
      o.x,
      o.y,
      ex,
      ey,
      true,
    );
    out += poly(quad(o.w0 * 0.35, w1 * 0.25), { fill: cfill });
  }
  return g({ filter: s.blur(o.blur ?? 3) }, out);
}

/** Floor-standing wash / uplight cone (wide, soft). */
export function uplight(s: Svg, x: number, y: number, h: number, wTop: number, color: string, op = 0.45): string {
  const fill = s.lin(
    [
      [0, color, op],
      [0.5, color, op * 0.4],
      [1, color, 0],
    ],
    x,
    y,
    x,
    y - h,
    true,
  );
  return (
    g(
      { filter: s.blur(Math.max(4, wTop / 14)) },
      poly(
        [
          [x - wTop * 0.06, y],
          [x - wTop / 2, y - h],
          [x + wTop / 2, y - h],
          [x + wTop * 0.06, y],
        ],
        { fill },
      ),
    ) + glow(s, x, y, wTop * 0.25, wTop * 0.08, color, 0.8)
  );
}

export interface HeadInfo {
  lx: number;
  ly: number;
  angle: number;
}

/**
 * Moving-head fixture drawn in side view. (x, y) is the bottom centre of the
 * base (or the top of the base when hanging). Tilt 0 points straight up.
 */
export function movingHead(
  s: Svg,
  x: number,
  y: number,
  sc: number,
  tilt: number,
  color: string,
  o: { hang?: boolean; lensOp?: number } = {},
): { svg: string; info: HeadInfo } {
  const flip = o.hang ? -1 : 1;
  const baseG = s.lin([
    [0, "#343a58"],
    [0.5, "#1b1f31"],
    [1, "#0c0e18"],
  ]);
  const headG = s.lin(
    [
      [0, "#5a6288"],
      [0.35, "#2b3049"],
      [1, "#0d0f19"],
    ],
    0,
    0,
    1,
    0,
  );
  const armG = s.lin(
    [
      [0, "#4c5478"],
      [0.6, "#23283d"],
      [1, "#12141f"],
    ],
    0,
    0,
    1,
    0,
  );
  const lensG = s.rad([
    [0, "#ffffff"],
    [0.3, "#ffffff", 0.95],
    [0.6, color],
    [1, color, 0.7],
  ]);
  const head = g(
    { transform: `translate(0 -150) rotate(${r1(tilt)})` },
    path("M-46 -86 L46 -86 L50 -56 C54 4 40 52 0 54 C-40 52 -54 4 -50 -56 Z", { fill: headG }),
    path("M-38 -40 H38 M-40 -20 H40 M-38 0 H38", { stroke: "#07080f", "stroke-width": 3, opacity: 0.55 }),
    rect(-52, -100, 104, 17, { rx: 6, fill: "#161927" }),
    ellipse(0, -100, 43, 9, { fill: lensG, opacity: o.lensOp ?? 1 }),
  );
  const svg = g(
    { transform: `translate(${r1(x)} ${r1(y)}) scale(${sc} ${sc * flip})` },
    rect(-66, -52, 132, 52, { rx: 9, fill: baseG }),
    rect(-46, -38, 36, 14, { rx: 2, fill: P.cyan, opacity: 0.75 }),
    circle(10, -31, 4, { fill: "#5d668c" }),
    circle(24, -31, 4, { fill: "#5d668c" }),
    rect(-62, -6, 124, 6, { rx: 3, fill: "#07080e" }),
    rect(-48, -64, 96, 14, { rx: 4, fill: "#23283d" }),
    head,
    path("M-26 -58 L26 -58 L22 -150 C22 -178 -22 -178 -22 -150 Z", { fill: armG }),
    circle(0, -150, 14, { fill: "#5f6890" }),
    circle(0, -150, 6, { fill: "#151826" }),
  );
  const t = deg(tilt);
  const lx = 100 * Math.sin(t);
  const ly = -150 - 100 * Math.cos(t);
  const dx = Math.sin(t);
  const dy = -flip * Math.cos(t);
  return {
    svg,
    info: { lx: x + sc * lx, ly: y + sc * flip * ly, angle: (Math.atan2(dx, -dy) * 180) / Math.PI },
  };
}

/** LED PAR can (cylindrical wash light) seen from the front-ish, with a bracket. */
export function parCan(
  s: Svg,
  x: number,
  y: number,
  sc: number,
  tilt: number,
  color: string,
  o: { hang?: boolean } = {},
): string {
  const bodyG = s.lin(
    [
      [0, "#4d5576"],
      [0.4, "#23283c"],
      [1, "#0c0e17"],
    ],
    0,
    0,
    1,
    0,
  );
  const lens = s.rad([
    [0, "#fff"],
    [0.35, color],
    [1, color, 0.55],
  ]);
  return g(
    { transform: `translate(${r1(x)} ${r1(y)}) scale(${sc} ${o.hang ? -sc : sc})` },
    path("M-52 0 L-44 -12 L44 -12 L52 0 Z", { fill: "#10131f" }),
    path("M-40 -12 L-40 -70 M40 -12 L40 -70", { stroke: "#2d3248", "stroke-width": 9, "stroke-linecap": "round" }),
    g(
      { transform: `translate(0 -72) rotate(${r1(tilt)})` },
      rect(-36, -36, 72, 80, { rx: 10, fill: bodyG }),
      path("M-26 10 H26 M-26 22 H26 M-26 34 H26", { stroke: "#07080f", "stroke-width": 3, opacity: 0.5 }),
      ellipse(0, -38, 38, 12, { fill: "#141726" }),
      ellipse(0, -39, 32, 9, { fill: lens }),
    ),
    circle(-40, -72, 7, { fill: "#59618a" }),
    circle(40, -72, 7, { fill: "#59618a" }),
  );
}

/* ------------------------------------------------------------------ */
/* Sound                                                                */
/* ------------------------------------------------------------------ */

/**
 * Hanging line array in a three-quarter view. (x, y) is the front-top corner
 * of the fly bar, the cabinets' fronts extend to the left (or right when mirrored).
 */
export function lineArray(
  s: Svg,
  x: number,
  y: number,
  sc: number,
  n: number,
  o: { cableTop?: number; mirror?: boolean; splay?: number[] } = {},
): string {
  const W = 250;
  const H = 46;
  const D = 64;
  const splay = o.splay ?? [0, 0.5, 1, 1.5, 2.5, 3.5, 4.5, 6, 7.5, 9, 10, 11, 12, 13];
  const frontG = s.lin([
    [0, "#2c3148"],
    [0.5, "#171a29"],
    [1, "#0b0d16"],
  ]);
  const sideG = s.lin(
    [
      [0, "#4a5272"],
      [1, "#262b40"],
    ],
    0,
    0,
    1,
    0,
  );
  const barG = s.lin([
    [0, "#9aa3ba"],
    [1, "#4c5470"],
  ]);
  let out = "";
  let a = 0;
  let F: Pt = [0, 14];
  for (let i = 0; i < n; i++) {
    a += pick(splay, Math.min(i, splay.length - 1));
    const t = deg(a);
    const u: Pt = [Math.sin(t), Math.cos(t)];
    const b: Pt = [Math.cos(t), -Math.sin(t)];
    const F1 = F;
    const F2: Pt = [F1[0] + H * u[0], F1[1] + H * u[1]];
    const B1: Pt = [F1[0] + D * b[0], F1[1] + D * b[1]];
    const B2: Pt = [F2[0] + D * b[0], F2[1] + D * b[1]];
    out += poly([F1, B1, B2, F2], { fill: sideG });
    out += poly([F1, F2, [F2[0] - W, F2[1]], [F1[0] - W, F1[1]]], { fill: frontG });
    const my = (F1[1] + F2[1]) / 2;
    const mx = (F1[0] + F2[0]) / 2;
    out += line(mx - W + 10, my, mx - 10, my, { stroke: "#3a4060", "stroke-width": 2, opacity: 0.8 });
    out += line(F1[0] - W + 14, F1[1] + 7, F1[0] - 14, F1[1] + 7, {
      stroke: "#454b6a",
      "stroke-width": 1.5,
      opacity: 0.6,
    });
    out += line(F2[0], F2[1], F2[0] - W, F2[1], { stroke: "#05060c", "stroke-width": 2.5 });
    out += line(F1[0], F1[1], F2[0], F2[1], { stroke: "#6c7598", "stroke-width": 2 });
    out += rect(B1[0] - 10, B1[1] + 6, 8, H - 14, {
      fill: "#8890a8",
      opacity: 0.8,
      transform: `rotate(${r1(-a)} ${r1(B1[0])} ${r1(B1[1])})`,
    });
    F = [F2[0], F2[1] + 1.5];
  }
  const fly = rect(-W - 8, 0, W + D + 22, 12, { rx: 3, fill: barG });
  let cables = "";
  if (o.cableTop !== undefined) {
    const top = (o.cableTop - y) / sc;
    for (const cx of [-W * 0.75, D * 0.6]) {
      cables += line(cx, 0, cx, top, { stroke: "#8a92aa", "stroke-width": 2.5 });
      cables += rect(cx - 12, top * 0.55 - 18, 24, 36, { rx: 4, fill: "#262b40" });
      cables += circle(cx, -4, 6, { fill: "none", stroke: "#b7bfd0", "stroke-width": 3 });
    }
  }
  const flip = o.mirror ? -1 : 1;
  return g({ transform: `translate(${r1(x)} ${r1(y)}) scale(${sc * flip} ${sc})` }, cables, fly, out);
}

/** Ground-stacked subwoofer / cabinet, front view with a mesh grille. */
export function subwoofer(s: Svg, x: number, y: number, w: number, h: number): string {
  const bodyG = s.lin([
    [0, "#2a2f46"],
    [1, "#0f111b"],
  ]);
  const grille = s.lin(
    [
      [0, "#1a1d2c"],
      [0.5, "#11131e"],
      [1, "#1a1d2c"],
    ],
    0,
    0,
    1,
    0,
  );
  let stripes = "";
  for (let yy = y - h + 14; yy < y - 10; yy += 7) stripes += `M${r1(x - w / 2 + 12)} ${r1(yy)}H${r1(x + w / 2 - 12)}`;
  return (
    rect(x - w / 2, y - h, w, h, { rx: 6, fill: bodyG }) +
    rect(x - w / 2 + 8, y - h + 8, w - 16, h - 16, { rx: 4, fill: grille }) +
    path(stripes, { stroke: "#2b3047", "stroke-width": 1.5, opacity: 0.8 }) +
    rect(x - w / 2, y - h, w, 4, { fill: "#454c6a" })
  );
}

/* ------------------------------------------------------------------ */
/* Truss & stage                                                        */
/* ------------------------------------------------------------------ */

/** A box truss segment between two points, seen from the side (visible lacing). */
export function truss(x1: number, y1: number, x2: number, y2: number, w = 34, o: { tone?: number } = {}): string {
  const L = Math.hypot(x2 - x1, y2 - y1);
  const dx = (x2 - x1) / L;
  const dy = (y2 - y1) / L;
  const px = -dy;
  const py = dx;
  const hw = w / 2;
  const A = (t: number, side: number): Pt => [x1 + dx * t + px * hw * side, y1 + dy * t + py * hw * side];
  const steps = Math.max(1, Math.round(L / w));
  const st = L / steps;
  const front: Pt[] = [];
  const back: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    front.push(A(i * st, i % 2 ? 1 : -1));
    back.push(A(i * st, i % 2 ? -1 : 1));
  }
  const tone = o.tone ?? 1;
  const c1 = tone > 0.8 ? "#cfd6e3" : "#8e97ad";
  const c2 = tone > 0.8 ? "#6b7490" : "#454c65";
  const sw = Math.max(1.2, w * 0.09);
  const chord = (side: number): string => {
    const a = A(0, side);
    const b = A(L, side);
    return (
      line(a[0], a[1], b[0], b[1], { stroke: "#3b4258", "stroke-width": sw * 1.9, "stroke-linecap": "round" }) +
      line(a[0], a[1], b[0], b[1], { stroke: c1, "stroke-width": sw * 1.15, "stroke-linecap": "round" })
    );
  };
  return (
    `<polyline points="${back.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ")}" fill="none" stroke="${c2}" stroke-width="${r1(sw * 0.75)}"/>` +
    `<polyline points="${front.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ")}" fill="none" stroke="${c1}" stroke-width="${r1(sw * 0.85)}" stroke-linejoin="round"/>` +
    chord(-1) +
    chord(1)
  );
}

export function trussBlock(x: number, y: number, w: number): string {
  return rect(x - w * 0.62, y - w * 0.62, w * 1.24, w * 1.24, {
    rx: w * 0.12,
    fill: "#9aa3b8",
    stroke: "#4a5168",
    "stroke-width": Math.max(1, w * 0.07),
  });
}

/** Stage deck seen from the front with a top surface and skirt. */
export function stageDeck(
  s: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  topDepth: number,
  o: { skirt?: string; edge?: string } = {},
): string {
  const skirtG = s.lin([
    [0, o.skirt ?? "#1a1d33"],
    [1, "#07080f"],
  ]);
  let folds = "";
  const n = Math.round(w / Math.max(14, h * 0.35));
  for (let i = 0; i < n; i++) {
    const fx = x + (w / n) * i;
    folds += rect(fx, y, (w / n) * 0.5, h, { fill: "#000", opacity: 0.18 });
  }
  return (
    poly(
      [
        [x + topDepth * 0.4, y - topDepth],
        [x + w - topDepth * 0.4, y - topDepth],
        [x + w, y],
        [x, y],
      ],
      {
        fill: s.lin([
          [0, "#20264a"],
          [1, "#2d3463"],
        ]),
      },
    ) +
    rect(x, y, w, h, { fill: skirtG }) +
    folds +
    rect(x, y - 1, w, Math.max(3, h * 0.06), { fill: o.edge ?? P.amber, opacity: 0.9 })
  );
}

/* ------------------------------------------------------------------ */
/* Screens                                                              */
/* ------------------------------------------------------------------ */

export type ScreenTheme = "aurora" | "sunset" | "tech" | "phone" | "gold" | "ocean";

function wave(x: number, y: number, w: number, amp: number, len: number, ph: number, bottom: number): string {
  const p: Pt[] = [];
  const n = 36;
  for (let i = 0; i <= n; i++) {
    const xx = x + (w * i) / n;
    p.push([xx, y + amp * Math.sin((2 * Math.PI * (xx - x)) / len + ph)]);
  }
  p.push([x + w, bottom], [x, bottom]);
  return pts(p);
}

/** Content for an LED screen (abstract, no text). */
export function screenContent(s: Svg, x: number, y: number, w: number, h: number, theme: ScreenTheme): string {
  const clip = s.clip(rect(x, y, w, h));
  let c = "";
  switch (theme) {
    case "aurora":
      c += rect(x, y, w, h, {
        fill: s.lin(
          [
            [0, "#2a1b86"],
            [0.5, "#7c2cc0"],
            [1, "#f0368f"],
          ],
          0,
          0,
          1,
          1,
        ),
      });
      c += path(wave(x, y + h * 0.45, w, h * 0.08, w * 0.9, 0.5, y + h), {
        fill: s.lin([
          [0, P.amber, 0.55],
          [1, P.magenta, 0],
        ]),
      });
      c += path(wave(x, y + h * 0.62, w, h * 0.1, w * 0.7, 2.2, y + h), {
        fill: s.lin([
          [0, "#ff7ac4", 0.5],
          [1, "#3a1f9a", 0.2],
        ]),
      });
      c += glow(s, x + w * 0.3, y + h * 0.3, w * 0.35, h * 0.4, "#ffd0f0", 0.55);
      break;
    case "sunset":
      c += rect(x, y, w, h, {
        fill: s.lin([
          [0, "#1e1760"],
          [0.45, "#8e2d9c"],
          [0.75, "#ff6a3d"],
          [1, "#ffc24a"],
        ]),
      });
      c += circle(x + w * 0.5, y + h * 0.72, h * 0.22, {
        fill: s.lin([
          [0, "#fff3b0"],
          [1, "#ffb03a"],
        ]),
      });
      c += glow(s, x + w * 0.5, y + h * 0.72, w * 0.45, h * 0.45, "#ffe08a", 0.6);
      for (let i = 0; i < 4; i++)
        c += rect(x, y + h * (0.74 + i * 0.06), w, h * 0.018, { fill: "#5a1c6e", opacity: 0.35 });
      break;
    case "tech":
      c += rect(x, y, w, h, {
        fill: s.lin(
          [
            [0, "#0a1a5c"],
            [0.6, "#182a8f"],
            [1, "#4a1f9a"],
          ],
          0,
          0,
          1,
          1,
        ),
      });
      c += glow(s, x + w * 0.5, y + h * 0.5, w * 0.45, h * 0.55, P.cyan, 0.5);
      for (let i = 1; i <= 4; i++)
        c += ellipse(x + w * 0.5, y + h * 0.5, h * 0.12 * i, h * 0.12 * i, {
          fill: "none",
          stroke: "#9fe8ff",
          "stroke-width": Math.max(1, h * 0.006),
          opacity: r1(0.55 - i * 0.1),
        });
      c += path(
        `M${r1(x)} ${r1(y + h * 0.78)} L${r1(x + w * 0.3)} ${r1(y + h * 0.78)} L${r1(x + w * 0.38)} ${r1(y + h * 0.62)} L${r1(x + w * 0.62)} ${r1(y + h * 0.62)} L${r1(x + w * 0.7)} ${r1(y + h * 0.78)} L${r1(x + w)} ${r1(y + h * 0.78)}`,
        {
          fill: "none",
          stroke: "#6fe0ff",
          "stroke-width": Math.max(1.5, h * 0.01),
          opacity: 0.6,
        },
      );
      c += path(wave(x, y + h * 0.86, w, h * 0.04, w * 0.5, 1, y + h), { fill: P.magenta, opacity: 0.35 });
      break;
    case "phone": {
      c += rect(x, y, w, h, {
        fill: s.rad(
          [
            [0, "#3b2a9a"],
            [0.6, "#160f4a"],
            [1, "#090726"],
          ],
          0.5,
          0.55,
          0.7,
        ),
      });
      const ph = h * 0.72;
      const pw = ph * 0.48;
      const px = x + w / 2 - pw / 2;
      const py = y + h * 0.14;
      c += glow(s, x + w / 2, y + h / 2, w * 0.4, h * 0.55, P.magenta, 0.55);
      c += rect(px, py, pw, ph, {
        rx: pw * 0.16,
        fill: "#0b0b18",
        stroke: "#c8cde0",
        "stroke-width": Math.max(1.5, pw * 0.025),
      });
      c += rect(px + pw * 0.06, py + pw * 0.06, pw * 0.88, ph - pw * 0.12, {
        rx: pw * 0.12,
        fill: s.lin(
          [
            [0, "#ff4fa6"],
            [0.5, "#7a3cff"],
            [1, "#22c7ff"],
          ],
          0,
          0,
          1,
          1,
        ),
      });
      c += rect(px + pw * 0.38, py + pw * 0.1, pw * 0.24, pw * 0.06, { rx: pw * 0.03, fill: "#0b0b18" });
      break;
    }
    case "gold":
      c += rect(x, y, w, h, {
        fill: s.lin(
          [
            [0, "#3a1640"],
            [0.5, "#8a3a3a"],
            [1, "#e8a040"],
          ],
          0,
          0,
          1,
          1,
        ),
      });
      {
        const rnd = rng(Math.round(w * 7 + h));
        for (let i = 0; i < 14; i++)
          c += circle(x + rnd() * w, y + rnd() * h, h * (0.04 + rnd() * 0.1), {
            fill: "#ffe2a0",
            opacity: r1(0.12 + rnd() * 0.25),
          });
      }
      c += glow(s, x + w * 0.5, y + h * 0.45, w * 0.4, h * 0.45, "#fff0c8", 0.45);
      break;
    case "ocean":
      c += rect(x, y, w, h, {
        fill: s.lin([
          [0, "#0c2a7a"],
          [0.5, "#1d6fc0"],
          [1, "#35d0d8"],
        ]),
      });
      c += path(wave(x, y + h * 0.5, w, h * 0.07, w * 0.6, 0.3, y + h), { fill: "#0b3a8a", opacity: 0.55 });
      c += path(wave(x, y + h * 0.68, w, h * 0.06, w * 0.45, 1.8, y + h), { fill: "#0a2258", opacity: 0.6 });
      c += glow(s, x + w * 0.7, y + h * 0.25, w * 0.3, h * 0.35, "#fff6d0", 0.5);
      break;
  }
  return g({ "clip-path": clip }, c);
}

/** LED video wall: content plus the cabinet grid and a soft spill glow. */
export function ledWall(
  s: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  theme: ScreenTheme,
  o: { cols?: number; rows?: number; spill?: string; frame?: boolean } = {},
): string {
  const cols = o.cols ?? Math.max(2, Math.round(w / (h / 4)));
  const rows = o.rows ?? 4;
  let grid = "";
  for (let i = 1; i < cols; i++) grid += `M${r1(x + (w * i) / cols)} ${r1(y)}V${r1(y + h)}`;
  for (let j = 1; j < rows; j++) grid += `M${r1(x)} ${r1(y + (h * j) / rows)}H${r1(x + w)}`;
  const sw = Math.max(1, Math.min(w / cols, h / rows) * 0.02);
  return (
    (o.spill ? glow(s, x + w / 2, y + h / 2, w * 0.75, h * 0.9, o.spill, 0.35) : "") +
    (o.frame !== false ? rect(x - sw * 3, y - sw * 3, w + sw * 6, h + sw * 6, { fill: "#05060d" }) : "") +
    screenContent(s, x, y, w, h, theme) +
    path(grid, { stroke: "#05060d", "stroke-width": r1(sw), opacity: 0.45 }) +
    rect(x, y, w, h, {
      fill: s.lin(
        [
          [0, "#fff", 0.12],
          [0.5, "#fff", 0],
          [1, "#000", 0.12],
        ],
        0,
        0,
        1,
        1,
      ),
    })
  );
}

/* ------------------------------------------------------------------ */
/* People                                                               */
/* ------------------------------------------------------------------ */

/** Rows of audience silhouettes (heads and shoulders, some raised arms). */
export function crowd(
  s: Svg,
  seed: number,
  baseY: number,
  size: number,
  color: string,
  o: { density?: number; arms?: number; x0?: number; x1?: number; jitter?: number } = {},
): string {
  const rnd = rng(seed);
  const x0 = o.x0 ?? -size;
  const x1 = o.x1 ?? s.w + size;
  let d = "";
  let arms = "";
  let x = x0;
  while (x < x1) {
    const hh = size * (0.85 + rnd() * 0.3);
    const by = baseY + (rnd() - 0.5) * (o.jitter ?? size * 0.25);
    const sw = hh * 0.42;
    const hr = hh * 0.17;
    const hy = by - hh * 0.78;
    d += `M${r1(x - sw)} ${r1(by + size)}L${r1(x - sw)} ${r1(by - hh * 0.3)}Q${r1(x - sw)} ${r1(by - hh * 0.55)} ${r1(x - sw * 0.5)} ${r1(by - hh * 0.56)}L${r1(x + sw * 0.5)} ${r1(by - hh * 0.56)}Q${r1(x + sw)} ${r1(by - hh * 0.55)} ${r1(x + sw)} ${r1(by - hh * 0.3)}L${r1(x + sw)} ${r1(by + size)}Z`;
    d += `M${r1(x - hr)} ${r1(hy)}a${r1(hr)} ${r1(hr * 1.1)} 0 1 0 ${r1(hr * 2)} 0a${r1(hr)} ${r1(hr * 1.1)} 0 1 0 ${r1(-hr * 2)} 0Z`;
    d += `M${r1(x - hr * 0.55)} ${r1(hy + hr)}L${r1(x + hr * 0.55)} ${r1(hy + hr)}L${r1(x + hr * 0.7)} ${r1(by - hh * 0.5)}L${r1(x - hr * 0.7)} ${r1(by - hh * 0.5)}Z`;
    if (rnd() < (o.arms ?? 0)) {
      const side = rnd() < 0.5 ? -1 : 1;
      const sx = x + side * sw * 0.7;
      const sy = by - hh * 0.48;
      const ex = sx + side * hh * (0.12 + rnd() * 0.22);
      const ey = sy - hh * (0.45 + rnd() * 0.15);
      const hx = ex + side * hh * (rnd() - 0.3) * 0.2;
      const hy = ey - hh * (0.42 + rnd() * 0.12);
      arms += `M${r1(sx)} ${r1(sy)}L${r1(ex)} ${r1(ey)}L${r1(hx)} ${r1(hy)}`;
      d += `M${r1(hx - hr * 0.42)} ${r1(hy)}a${r1(hr * 0.42)} ${r1(hr * 0.5)} 0 1 0 ${r1(hr * 0.84)} 0a${r1(hr * 0.42)} ${r1(hr * 0.5)} 0 1 0 ${r1(-hr * 0.84)} 0Z`;
    }
    x += sw * 2 * (o.density ?? 0.72) * (0.85 + rnd() * 0.35);
  }
  return (
    path(d, { fill: color }) +
    (arms
      ? path(arms, {
          fill: "none",
          stroke: color,
          "stroke-width": r1(size * 0.11),
          "stroke-linecap": "round",
          "stroke-linejoin": "round",
        })
      : "")
  );
}

/** A standing person silhouette; (x, y) = feet. */
export function person(
  x: number,
  y: number,
  h: number,
  color: string,
  o: { pose?: "stand" | "speak" | "wave" } = {},
): string {
  const k = h;
  const P2 = (a: number, b: number): string => `${r1(x + a * k)} ${r1(y + b * k)}`;
  let d = `M${P2(-0.15, -0.7)}Q${P2(-0.15, -0.78)} ${P2(-0.06, -0.785)}L${P2(0.06, -0.785)}Q${P2(0.15, -0.78)} ${P2(0.15, -0.7)}L${P2(0.16, -0.46)}L${P2(0.1, -0.45)}L${P2(0.085, 0)}L${P2(0.015, 0)}L${P2(0, -0.4)}L${P2(-0.015, 0)}L${P2(-0.085, 0)}L${P2(-0.1, -0.45)}L${P2(-0.16, -0.46)}Z`;
  d += `M${P2(-0.07, -0.905)}a${r1(0.07 * k)} ${r1(0.08 * k)} 0 1 0 ${r1(0.14 * k)} 0a${r1(0.07 * k)} ${r1(0.08 * k)} 0 1 0 ${r1(-0.14 * k)} 0Z`;
  d += `M${P2(-0.03, -0.84)}L${P2(0.03, -0.84)}L${P2(0.035, -0.78)}L${P2(-0.035, -0.78)}Z`;
  let extra = "";
  if (o.pose === "speak") {
    extra = path(`M${P2(0.12, -0.74)}L${P2(0.17, -0.58)}L${P2(0.06, -0.66)}`, {
      fill: "none",
      stroke: color,
      "stroke-width": r1(0.05 * k),
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    });
  } else if (o.pose === "wave") {
    extra =
      path(`M${P2(0.12, -0.75)}L${P2(0.25, -0.86)}L${P2(0.27, -1.04)}`, {
        fill: "none",
        stroke: color,
        "stroke-width": r1(0.045 * k),
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      }) + circle(x + 0.27 * k, y - 1.06 * k, 0.028 * k, { fill: color });
  }
  return path(d, { fill: color }) + extra;
}

/* ------------------------------------------------------------------ */
/* Furniture & decor                                                    */
/* ------------------------------------------------------------------ */

export interface Fabric {
  hi: string;
  mid: string;
  lo: string;
}
export const FABRIC = {
  ivory: { hi: "#fff8ec", mid: "#eadcc2", lo: "#bfa983" },
  plum: { hi: "#c04a90", mid: "#86235f", lo: "#4a1036" },
  royal: { hi: "#5a70d8", mid: "#2e3d96", lo: "#18215e" },
  gold: { hi: "#ffe2a0", mid: "#d9a646", lo: "#8e6420" },
  teal: { hi: "#4fc4c0", mid: "#1f7f86", lo: "#0f4550" },
} satisfies Record<string, Fabric>;

/** Chesterfield-style sofa, front view. (x, y) = centre bottom (floor). sw = seat width. */
export function sofa(
  s: Svg,
  x: number,
  y: number,
  sw: number,
  seats: number,
  f: Fabric,
  o: { pillow?: string } = {},
): string {
  const aw = sw * 0.34;
  const W = seats * sw + 2 * aw;
  const x0 = x - W / 2;
  const legH = sw * 0.1;
  const seatY = y - sw * 0.47;
  const backTop = y - sw * 1.0;
  const armTop = y - sw * 0.66;
  const fabV = s.lin([
    [0, f.hi],
    [0.55, f.mid],
    [1, f.lo],
  ]);
  const fabH = s.lin(
    [
      [0, f.lo],
      [0.2, f.mid],
      [0.5, f.hi],
      [0.8, f.mid],
      [1, f.lo],
    ],
    0,
    0,
    1,
    0,
  );
  const goldG = s.lin([
    [0, "#fff0b8"],
    [0.5, "#d9a13a"],
    [1, "#8a5a14"],
  ]);
  let out = shadow(s, x, y + sw * 0.02, W * 0.56, sw * 0.09, 0.7);
  // legs
  for (const lx of [x0 + aw * 0.4, x0 + W - aw * 0.4, ...(seats > 1 ? [x] : [])]) {
    out += path(
      `M${r1(lx - sw * 0.05)} ${r1(y - legH)}L${r1(lx + sw * 0.05)} ${r1(y - legH)}L${r1(lx + sw * 0.025)} ${r1(y)}L${r1(lx - sw * 0.025)} ${r1(y)}Z`,
      { fill: goldG },
    );
  }
  // back (camel curve)
  const bx0 = x0 + aw * 0.45;
  const bx1 = x0 + W - aw * 0.45;
  out += path(
    `M${r1(bx0)} ${r1(seatY)}L${r1(bx0)} ${r1(backTop + sw * 0.16)}Q${r1(x - (bx1 - bx0) * 0.25)} ${r1(backTop + sw * 0.02)} ${r1(x)} ${r1(backTop - sw * 0.04)}Q${r1(x + (bx1 - bx0) * 0.25)} ${r1(backTop + sw * 0.02)} ${r1(bx1)} ${r1(backTop + sw * 0.16)}L${r1(bx1)} ${r1(seatY)}Z`,
    { fill: fabV },
  );
  out += path(
    `M${r1(bx0)} ${r1(backTop + sw * 0.16)}Q${r1(x - (bx1 - bx0) * 0.25)} ${r1(backTop + sw * 0.02)} ${r1(x)} ${r1(backTop - sw * 0.04)}Q${r1(x + (bx1 - bx0) * 0.25)} ${r1(backTop + sw * 0.02)} ${r1(bx1)} ${r1(backTop + sw * 0.16)}`,
    {
      fill: "none",
      stroke: "#e6b457",
      "stroke-width": r1(sw * 0.025),
    },
  );
  // tufting
  let tufts = "";
  const rows = 3;
  for (let j = 0; j < rows; j++) {
    const ty = backTop + sw * 0.2 + j * sw * 0.1;
    const n = Math.round((bx1 - bx0) / (sw * 0.18));
    for (let i = 1; i < n; i++) {
      const tx = bx0 + ((bx1 - bx0) * (i + (j % 2 ? 0.5 : 0))) / n;
      if (tx > bx1 - sw * 0.05) continue;
      tufts += circle(tx, ty, sw * 0.014, { fill: f.lo });
    }
  }
  out += tufts;
  // seat base & cushions
  out += rect(x0 + aw * 0.3, seatY + sw * 0.08, W - aw * 0.6, y - legH - seatY - sw * 0.08, {
    rx: sw * 0.04,
    fill: fabV,
  });
  out += rect(x0 + aw * 0.3, y - legH - sw * 0.035, W - aw * 0.6, sw * 0.035, { fill: goldG });
  for (let i = 0; i < seats; i++) {
    const cx = x0 + aw + i * sw;
    out += rect(cx + sw * 0.01, seatY - sw * 0.04, sw - sw * 0.02, sw * 0.16, {
      rx: sw * 0.06,
      fill: s.lin([
        [0, f.hi],
        [1, f.mid],
      ]),
    });
  }
  // pillows
  if (o.pillow) {
    const pl = s.lin(
      [
        [0, o.pillow],
        [1, "#000"],
      ],
      0,
      0,
      0,
      3,
    );
    out += rect(x0 + aw + sw * 0.05, seatY - sw * 0.3, sw * 0.3, sw * 0.28, {
      rx: sw * 0.07,
      fill: pl,
      transform: `rotate(-10 ${r1(x0 + aw + sw * 0.2)} ${r1(seatY - sw * 0.16)})`,
    });
    out += rect(x0 + W - aw - sw * 0.35, seatY - sw * 0.3, sw * 0.3, sw * 0.28, {
      rx: sw * 0.07,
      fill: pl,
      transform: `rotate(10 ${r1(x0 + W - aw - sw * 0.2)} ${r1(seatY - sw * 0.16)})`,
    });
  }
  // arms with scroll tops
  for (const side of [-1, 1]) {
    const ax = side < 0 ? x0 : x0 + W - aw;
    out += rect(ax, armTop, aw, y - legH - armTop, { rx: aw * 0.35, fill: fabH });
    out += ellipse(ax + aw / 2, armTop + aw * 0.2, aw * 0.56, aw * 0.3, {
      fill: s.lin([
        [0, f.hi],
        [1, f.mid],
      ]),
    });
    out += ellipse(ax + aw / 2 + side * aw * 0.2, armTop + aw * 0.22, aw * 0.16, aw * 0.14, {
      fill: f.lo,
      opacity: 0.6,
    });
    out += rect(ax + aw * 0.15, y - legH - sw * 0.035, aw * 0.7, sw * 0.035, { fill: goldG });
  }
  return out;
}

/** Round coffee table with glass top and gold base. (x, y) = floor centre. */
export function coffeeTable(s: Svg, x: number, y: number, w: number): string {
  const goldG = s.lin(
    [
      [0, "#fff0b8"],
      [0.5, "#d9a13a"],
      [1, "#8a5a14"],
    ],
    0,
    0,
    1,
    0,
  );
  const h = w * 0.36;
  return (
    shadow(s, x, y, w * 0.55, w * 0.06, 0.6) +
    path(
      `M${r1(x - w * 0.22)} ${r1(y)}Q${r1(x - w * 0.03)} ${r1(y - h * 0.15)} ${r1(x - w * 0.035)} ${r1(y - h * 0.5)}Q${r1(x - w * 0.03)} ${r1(y - h * 0.9)} ${r1(x - w * 0.16)} ${r1(y - h)}L${r1(x + w * 0.16)} ${r1(y - h)}Q${r1(x + w * 0.03)} ${r1(y - h * 0.9)} ${r1(x + w * 0.035)} ${r1(y - h * 0.5)}Q${r1(x + w * 0.03)} ${r1(y - h * 0.15)} ${r1(x + w * 0.22)} ${r1(y)}Z`,
      {
        fill: goldG,
      },
    ) +
    ellipse(x, y - h, w / 2, w * 0.09, {
      fill: s.lin([
        [0, "#e8f0ff", 0.65],
        [1, "#9fb0d8", 0.45],
      ]),
      stroke: "#e7c27a",
      "stroke-width": r1(w * 0.015),
    }) +
    ellipse(x - w * 0.12, y - h - w * 0.02, w * 0.18, w * 0.025, { fill: "#fff", opacity: 0.35 })
  );
}

/** Seeded cluster of flowers along a path of points. */
export function flowers(
  s: Svg,
  seed: number,
  points: Pt[],
  size: number,
  palette: string[],
  o: { leaves?: boolean; count?: number } = {},
): string {
  const rnd = rng(seed);
  const leafG = s.lin([
    [0, "#3f8a5a"],
    [1, "#1d4a35"],
  ]);
  let leaves = "";
  let blooms = "";
  const per = o.count ?? 3;
  for (const [px, py] of points) {
    for (let k = 0; k < per; k++) {
      const x = px + (rnd() - 0.5) * size * 1.6;
      const y = py + (rnd() - 0.5) * size * 1.6;
      if (o.leaves !== false && rnd() < 0.55) {
        const a = rnd() * 360;
        leaves += ellipse(x, y, size * 0.7, size * 0.28, {
          fill: leafG,
          transform: `rotate(${r1(a)} ${r1(x)} ${r1(y)})`,
        });
      }
      const c = pick(palette, rnd() * palette.length);
      const r = size * (0.45 + rnd() * 0.45);
      blooms += circle(x, y, r, { fill: c });
      blooms += circle(x - r * 0.2, y - r * 0.2, r * 0.55, { fill: "#fff", opacity: 0.22 });
      blooms += circle(x, y, r * 0.25, { fill: "#000", opacity: 0.12 });
    }
  }
  return leaves + blooms;
}

/** A crystal chandelier with glow. (x, y) = hanging point; size = width. */
export function chandelier(s: Svg, x: number, y: number, size: number, drop: number): string {
  const k = size;
  const gold = "#e8c070";
  let out = line(x, y, x, y + drop, { stroke: "#b89858", "stroke-width": r1(Math.max(1, k * 0.015)) });
  const cy = y + drop;
  out += glow(s, x, cy + k * 0.25, k * 1.1, k * 0.8, "#ffd890", 0.45);
  let drops = "";
  for (let tier = 0; tier < 3; tier++) {
    const tw = k * (0.5 - tier * 0.12);
    const ty = cy + k * (0.08 + tier * 0.16);
    out += ellipse(x, ty, tw, tw * 0.18, { fill: "none", stroke: gold, "stroke-width": r1(Math.max(1, k * 0.018)) });
    const n = 9 - tier * 2;
    for (let i = 0; i < n; i++) {
      const a = (Math.PI * (i + 0.5)) / n;
      const dx = x - Math.cos(a) * tw;
      const dy = ty + Math.sin(a) * tw * 0.18;
      drops += `M${r1(dx)} ${r1(dy)}l${r1(-k * 0.02)} ${r1(k * 0.08)}l${r1(k * 0.02)} ${r1(k * 0.05)}l${r1(k * 0.02)} ${r1(-k * 0.05)}Z`;
    }
  }
  out += path(drops, { fill: "#fff6dc", opacity: 0.9 });
  out += path(`M${r1(x - k * 0.06)} ${r1(cy)}L${r1(x + k * 0.06)} ${r1(cy)}L${r1(x)} ${r1(cy + k * 0.55)}Z`, {
    fill: "#fff2c8",
    opacity: 0.85,
  });
  out += circle(x, cy + k * 0.55, k * 0.03, { fill: "#fff" });
  return out;
}

/** Festoon / fairy light string drooping between two points. */
export function fairyLights(
  s: Svg,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  sag: number,
  n: number,
  color = "#ffe1a0",
  r = 2.5,
): string {
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2 + sag * 2;
  let dots = "";
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const bx = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * mx + t * t * x2;
    const by = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * my + t * t * y2;
    dots += `M${r1(bx - r)} ${r1(by)}a${r} ${r} 0 1 0 ${r * 2} 0a${r} ${r} 0 1 0 ${-r * 2} 0Z`;
  }
  return (
    path(`M${r1(x1)} ${r1(y1)}Q${r1(mx)} ${r1(my)} ${r1(x2)} ${r1(y2)}`, {
      fill: "none",
      stroke: "#6a5a3a",
      "stroke-width": 1,
      opacity: 0.6,
    }) +
    g({ filter: s.blur(r * 1.4) }, path(dots, { fill: color, opacity: 0.9 })) +
    path(dots, { fill: "#fff8e6" })
  );
}

/** Round banquet table with cloth, chairs behind and a centrepiece. (x, y) = floor centre. */
export function banquetTable(
  s: Svg,
  x: number,
  y: number,
  w: number,
  o: { cloth?: string; sash?: string; centre?: "flowers" | "candles"; seed?: number; chairs?: boolean } = {},
): string {
  const cloth = o.cloth ?? "#f4efe6";
  const clothG = s.lin(
    [
      [0, cloth],
      [0.6, "#cfc6b8"],
      [1, "#8d8578"],
    ],
    0,
    0,
    0,
    1,
  );
  const clothH = s.lin(
    [
      [0, "#000", 0.25],
      [0.3, "#000", 0],
      [0.7, "#000", 0],
      [1, "#000", 0.3],
    ],
    0,
    0,
    1,
    0,
  );
  const topY = y - w * 0.42;
  let out = shadow(s, x, y, w * 0.62, w * 0.08, 0.55);
  // chairs behind
  const chairG = s.lin([
    [0, "#f7f2ea"],
    [1, "#b7ae9f"],
  ]);
  for (const cx of o.chairs === false ? [] : [x - w * 0.32, x, x + w * 0.32]) {
    out += rect(cx - w * 0.1, topY - w * 0.42, w * 0.2, w * 0.46, { rx: w * 0.07, fill: chairG });
    out += rect(cx - w * 0.1, topY - w * 0.2, w * 0.2, w * 0.07, { fill: o.sash ?? P.gold, opacity: 0.9 });
  }
  out += ellipse(x, topY, w / 2, w * 0.12, { fill: cloth });
  out += path(
    `M${r1(x - w / 2)} ${r1(topY)}Q${r1(x - w * 0.52)} ${r1(y - w * 0.1)} ${r1(x - w * 0.55)} ${r1(y)}L${r1(x + w * 0.55)} ${r1(y)}Q${r1(x + w * 0.52)} ${r1(y - w * 0.1)} ${r1(x + w / 2)} ${r1(topY)}A${r1(w / 2)} ${r1(w * 0.12)} 0 0 1 ${r1(x - w / 2)} ${r1(topY)}Z`,
    { fill: clothG },
  );
  out += path(
    `M${r1(x - w / 2)} ${r1(topY)}Q${r1(x - w * 0.52)} ${r1(y - w * 0.1)} ${r1(x - w * 0.55)} ${r1(y)}L${r1(x + w * 0.55)} ${r1(y)}Q${r1(x + w * 0.52)} ${r1(y - w * 0.1)} ${r1(x + w / 2)} ${r1(topY)}Z`,
    { fill: clothH },
  );
  // centrepiece
  if (o.centre === "candles") {
    for (const [dx, hh] of [
      [-0.08, 0.12],
      [0, 0.18],
      [0.08, 0.1],
    ] as Array<[number, number]>) {
      out += rect(x + dx * w - w * 0.015, topY - hh * w, w * 0.03, hh * w, { fill: "#fff4e0" });
      out += glow(s, x + dx * w, topY - hh * w - w * 0.02, w * 0.07, w * 0.07, P.amber, 0.8);
    }
  } else {
    out += path(
      `M${r1(x - w * 0.03)} ${r1(topY)}L${r1(x - w * 0.015)} ${r1(topY - w * 0.4)}L${r1(x + w * 0.015)} ${r1(topY - w * 0.4)}L${r1(x + w * 0.03)} ${r1(topY)}Z`,
      { fill: "#dfe8ff", opacity: 0.5 },
    );
    const pts2: Pt[] = [];
    for (let i = 0; i < 6; i++)
      pts2.push([
        x + Math.cos((i / 6) * Math.PI * 2) * w * 0.09,
        topY - w * 0.47 + Math.sin((i / 6) * Math.PI * 2) * w * 0.05,
      ]);
    out += flowers(s, o.seed ?? 7, pts2, w * 0.045, ["#ffffff", "#ffd6e6", "#f7a1c4", "#ffe2b0"], { count: 2 });
    out += glow(s, x, topY - w * 0.02, w * 0.12, w * 0.04, P.amber, 0.8);
  }
  return out;
}

/** Palm tree silhouette; (x, y) = base. */
export function palm(x: number, y: number, h: number, color: string, lean = 0.15): string {
  const tx = x + h * lean;
  const ty = y - h;
  let d = `M${r1(x - h * 0.03)} ${r1(y)}Q${r1(x + h * lean * 0.2)} ${r1(y - h * 0.5)} ${r1(tx - h * 0.012)} ${r1(ty)}L${r1(tx + h * 0.012)} ${r1(ty)}Q${r1(x + h * lean * 0.3 + h * 0.03)} ${r1(y - h * 0.5)} ${r1(x + h * 0.03)} ${r1(y)}Z`;
  const fronds: Array<[number, number]> = [
    [-170, 0.5],
    [-140, 0.55],
    [-110, 0.45],
    [-70, 0.45],
    [-40, 0.55],
    [-10, 0.5],
    [-90, 0.3],
  ];
  for (const [a, l] of fronds) {
    const ang = deg(a);
    const ex = tx + Math.cos(ang) * h * l;
    const ey = ty + Math.sin(ang) * h * l * 0.6 + h * l * 0.35;
    const cx = tx + Math.cos(ang) * h * l * 0.5;
    const cy = ty + Math.sin(ang) * h * l * 0.7 - h * 0.05;
    d += `M${r1(tx)} ${r1(ty)}Q${r1(cx)} ${r1(cy - h * 0.05)} ${r1(ex)} ${r1(ey)}Q${r1(cx)} ${r1(cy + h * 0.04)} ${r1(tx)} ${r1(ty + h * 0.02)}Z`;
  }
  return path(d, { fill: color });
}

/** Round-topped floral arch on a gold frame. (cx, baseY) = centre of the floor line. */
export function floralArchShape(s: Svg, cx: number, baseY: number, R: number, legH: number, seed: number): string {
  const cy = baseY - legH;
  const fs = R * 0.08;
  let out = path(
    `M${r1(cx - R)} ${r1(baseY)} L${r1(cx - R)} ${r1(cy)} A${r1(R)} ${r1(R)} 0 0 1 ${r1(cx + R)} ${r1(cy)} L${r1(cx + R)} ${r1(baseY)}`,
    {
      fill: "none",
      stroke: "#d9b25a",
      "stroke-width": r1(R * 0.04),
    },
  );
  out += shadow(s, cx - R, baseY + 1, R * 0.24, R * 0.04, 0.6) + shadow(s, cx + R, baseY + 1, R * 0.24, R * 0.04, 0.6);
  const arc: Pt[] = [];
  const n = Math.round(R / 6);
  for (let i = 0; i <= n; i++) {
    const a = Math.PI + (Math.PI * i) / n;
    arc.push([cx + Math.cos(a) * R, cy + Math.sin(a) * R]);
  }
  for (let y = cy + fs; y < baseY - fs; y += fs * 1.3) arc.push([cx - R, y], [cx + R, y]);
  out += flowers(s, seed, arc, fs, ["#ffffff", "#ffe3ec", "#ffb6d0", "#f46aa0", "#ffd59a", "#fff1c8"], { count: 3 });
  const base: Pt[] = [];
  for (let i = 0; i < 9; i++)
    base.push(
      [cx - R - R * 0.24 + i * R * 0.06, baseY - fs + Math.sin(i) * fs * 0.5],
      [cx + R - R * 0.24 + i * R * 0.06, baseY - fs + Math.cos(i) * fs * 0.5],
    );
  out += flowers(s, seed + 1, base, fs * 1.2, ["#ffffff", "#ffb6d0", "#f46aa0", "#ffd59a"], { count: 2 });
  return out;
}

/** Lectern with a gooseneck microphone. (x, y) = floor centre. */
export function lectern(s: Svg, x: number, y: number, h: number, accent = P.amber): string {
  const w = h * 0.55;
  return (
    shadow(s, x, y, w * 0.8, h * 0.05, 0.6) +
    path(
      `M${r1(x - w * 0.42)} ${r1(y)}L${r1(x - w / 2)} ${r1(y - h * 0.86)}L${r1(x + w / 2)} ${r1(y - h * 0.86)}L${r1(x + w * 0.42)} ${r1(y)}Z`,
      {
        fill: s.lin([
          [0, "#2c3254"],
          [1, "#111425"],
        ]),
      },
    ) +
    poly(
      [
        [x - w * 0.56, y - h * 0.86],
        [x + w * 0.56, y - h * 0.86],
        [x + w * 0.5, y - h],
        [x - w * 0.5, y - h],
      ],
      { fill: "#3c4470" },
    ) +
    rect(x - w * 0.3, y - h * 0.62, w * 0.6, h * 0.06, { fill: accent, rx: h * 0.02 }) +
    path(`M${r1(x + w * 0.2)} ${r1(y - h)}Q${r1(x + w * 0.2)} ${r1(y - h * 1.25)} ${r1(x)} ${r1(y - h * 1.22)}`, {
      fill: "none",
      stroke: "#1a1d2c",
      "stroke-width": r1(h * 0.02),
    })
  );
}

/** Person seated on a chair, front view; (x, y) = floor. */
export function seatedPerson(x: number, y: number, h: number, color: string, chair = "#2a2f4a"): string {
  const k = h;
  const X = (a: number): number => r1(x + a * k);
  const Y = (b: number): number => r1(y + b * k);
  // lounge chair: tall back, arms, seat cushion
  const chairSvg =
    rect(x - 0.3 * k, y - 1.02 * k, 0.6 * k, 0.7 * k, { rx: 0.12 * k, fill: chair }) +
    rect(x - 0.36 * k, y - 0.62 * k, 0.14 * k, 0.36 * k, { rx: 0.06 * k, fill: chair }) +
    rect(x + 0.22 * k, y - 0.62 * k, 0.14 * k, 0.36 * k, { rx: 0.06 * k, fill: chair }) +
    path(`M${X(-0.26)} ${Y(-0.26)}L${X(-0.24)} ${Y(0)}M${X(0.26)} ${Y(-0.26)}L${X(0.24)} ${Y(0)}`, {
      stroke: chair,
      "stroke-width": r1(0.035 * k),
    });
  // torso down to the seat, thighs seen end-on as a wide lap block, shins to the floor
  const body =
    `M${X(-0.15)} ${Y(-0.72)}Q${X(-0.15)} ${Y(-0.8)} ${X(-0.06)} ${Y(-0.805)}L${X(0.06)} ${Y(-0.805)}Q${X(0.15)} ${Y(-0.8)} ${X(0.15)} ${Y(-0.72)}L${X(0.17)} ${Y(-0.44)}L${X(-0.17)} ${Y(-0.44)}Z` +
    `M${X(-0.2)} ${Y(-0.46)}L${X(0.2)} ${Y(-0.46)}L${X(0.2)} ${Y(-0.34)}L${X(-0.2)} ${Y(-0.34)}Z` +
    `M${X(-0.17)} ${Y(-0.36)}L${X(-0.06)} ${Y(-0.36)}L${X(-0.07)} ${Y(0)}L${X(-0.16)} ${Y(0)}Z` +
    `M${X(0.06)} ${Y(-0.36)}L${X(0.17)} ${Y(-0.36)}L${X(0.16)} ${Y(0)}L${X(0.07)} ${Y(0)}Z` +
    `M${X(-0.03)} ${Y(-0.86)}L${X(0.03)} ${Y(-0.86)}L${X(0.035)} ${Y(-0.8)}L${X(-0.035)} ${Y(-0.8)}Z` +
    `M${X(-0.075)} ${Y(-0.93)}a${r1(0.075 * k)} ${r1(0.085 * k)} 0 1 0 ${r1(0.15 * k)} 0a${r1(0.075 * k)} ${r1(0.085 * k)} 0 1 0 ${r1(-0.15 * k)} 0Z`;
  return chairSvg + path(body, { fill: color });
}
