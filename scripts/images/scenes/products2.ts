/**
 * Single-picture product illustrations (960x720).
 */
import {
  P,
  type Pt,
  beam,
  floralArchShape,
  glow,
  haze,
  ledWall,
  parCan,
  screenContent,
  shadow,
  studio,
  uplight,
  vignette,
  fairyLights,
  crowd,
} from "../lib/parts";
import { Svg, circle, ellipse, g, line, path, pick, poly, r1, rect, rng } from "../lib/svg";

const W = 960;
const H = 720;

/* A simple dimetric projection for boxes: x to the right, y towards the viewer, z up. */
interface Proj {
  (x: number, y: number, z: number): Pt;
}
function projector(ox: number, oy: number, k = 1): Proj {
  const ax: Pt = [Math.cos(0.2) * k, Math.sin(0.2) * k];
  const ay: Pt = [-Math.cos(0.75) * 0.5 * k, Math.sin(0.75) * 0.5 * k];
  return (x, y, z) => [ox + x * ax[0] + y * ay[0], oy + x * ax[1] + y * ay[1] - z * k];
}
function box(
  p: Proj,
  x: number,
  y: number,
  z: number,
  a: number,
  b: number,
  c: number,
  f: { top: string; front: string; side: string },
): string {
  return (
    poly([p(x, y, z + c), p(x + a, y, z + c), p(x + a, y + b, z + c), p(x, y + b, z + c)], { fill: f.top }) +
    poly([p(x, y + b, z), p(x + a, y + b, z), p(x + a, y + b, z + c), p(x, y + b, z + c)], { fill: f.front }) +
    poly([p(x + a, y, z), p(x + a, y + b, z), p(x + a, y + b, z + c), p(x + a, y, z + c)], { fill: f.side })
  );
}
/** Quad on the front (y = const) plane. */
function frontQuad(
  p: Proj,
  x: number,
  y: number,
  z: number,
  a: number,
  c: number,
  attrs: Record<string, string | number>,
): string {
  return poly([p(x, y, z), p(x + a, y, z), p(x + a, y, z + c), p(x, y, z + c)], attrs);
}
function sideQuad(
  p: Proj,
  x: number,
  y: number,
  z: number,
  b: number,
  c: number,
  attrs: Record<string, string | number>,
): string {
  return poly([p(x, y, z), p(x, y + b, z), p(x, y + b, z + c), p(x, y, z + c)], attrs);
}

/* ---------------- Laser projector ---------------- */
export function laserProjector(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 560, glowX: 620, glowY: 260, glow: "#3a2a90" });
  // screen on a frame
  const sx = 430;
  const sy = 70;
  const sw = 480;
  const sh = 290;
  s.add(rect(sx - 14, sy - 14, sw + 28, sh + 28, { fill: "#0a0b14" }));
  s.add(
    line(sx + 20, sy + sh + 14, sx + 20, 560, { stroke: "#4a5170", "stroke-width": 8 }),
    line(sx + sw - 20, sy + sh + 14, sx + sw - 20, 560, { stroke: "#4a5170", "stroke-width": 8 }),
  );
  s.add(rect(sx - 10, 552, 70, 8, { fill: "#4a5170" }), rect(sx + sw - 60, 552, 70, 8, { fill: "#4a5170" }));
  s.add(glow(s, sx + sw / 2, sy + sh / 2, sw * 0.75, sh * 0.9, "#ff6aa8", 0.3));
  s.add(screenContent(s, sx, sy, sw, sh, "sunset"));
  s.add(
    rect(sx, sy, sw, sh, {
      fill: s.lin(
        [
          [0, "#fff", 0.1],
          [1, "#000", 0.1],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
  );
  // projector
  const p = projector(120, 560, 1);
  const lens: Pt = p(250, 190, 75);
  s.add(
    g(
      { filter: s.blur(6) },
      poly([lens, [sx, sy], [sx, sy + sh], [lens[0], lens[1] + 10]], {
        fill: s.lin(
          [
            [0, "#fff", 0.45],
            [1, "#ffd0f0", 0.08],
          ],
          lens[0],
          0,
          sx,
          0,
          true,
        ),
      }),
    ),
  );
  s.add(
    g(
      { filter: s.blur(2) },
      poly([lens, [sx + sw, sy + 10], [sx + sw, sy + sh - 10]], {
        fill: s.lin(
          [
            [0, "#fff", 0.35],
            [1, "#ffe2c0", 0],
          ],
          lens[0],
          0,
          sx + sw,
          0,
          true,
        ),
      }),
    ),
  );
  s.add(shadow(s, 300, 590, 230, 28, 0.7));
  // table
  s.add(box(p, -30, -20, 0, 320, 240, 8, { top: "#2a2f4a", front: "#161a2b", side: "#1d2135" }));
  for (const [x, y] of [
    [-20, 210],
    [280, 210],
    [280, -10],
  ] as Array<[number, number]>)
    s.add(poly([p(x, y, 0), p(x + 10, y, 0), p(x + 10, y, -130), p(x, y, -130)], { fill: "#2a2f48" }));
  const body = box(p, 20, 20, 8, 240, 170, 70, {
    top: s.lin(
      [
        [0, "#f4f6fb"],
        [1, "#c9cfdc"],
      ],
      0,
      0,
      1,
      1,
    ),
    front: s.lin([
      [0, "#dfe3ec"],
      [1, "#a9b0c2"],
    ]),
    side: s.lin([
      [0, "#b7bdcc"],
      [1, "#868ea4"],
    ]),
  });
  s.add(body);
  // lens on front face
  const lc = p(200, 190, 43);
  s.add(
    ellipse(lc[0], lc[1], 30, 28, { fill: "#1a1d2c" }),
    ellipse(lc[0], lc[1], 21, 20, {
      fill: s.rad([
        [0, "#fff"],
        [0.35, "#cde6ff"],
        [1, "#3a4a8a"],
      ]),
    }),
  );
  s.add(glow(s, lc[0], lc[1], 70, 60, "#ffffff", 0.55));
  // vents and accent stripe
  for (let i = 0; i < 6; i++) s.add(frontQuad(p, 40 + i * 16, 190, 25, 8, 36, { fill: "#5a6178", opacity: 0.6 }));
  s.add(frontQuad(p, 20, 190, 70, 240, 5, { fill: P.magenta }));
  s.add(sideQuad(p, 260, 40, 20, 130, 40, { fill: "#6b7390", opacity: 0.35 }));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Modular stage deck ---------------- */
export function modularStage(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 430, glowY: 240, glow: "#4a2aa8" });
  const p = projector(210, 330, 1);
  const A = 520;
  const B = 330;
  const Z = 110;
  s.add(shadow(s, 470, 560, 420, 60, 0.6));
  // top
  s.add(
    poly([p(0, 0, Z), p(A, 0, Z), p(A, B, Z), p(0, B, Z)], {
      fill: s.lin(
        [
          [0, "#3a4066"],
          [1, "#22263e"],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
  );
  let seams = "";
  for (let i = 1; i < 4; i++) {
    const a = p((A * i) / 4, 0, Z);
    const b = p((A * i) / 4, B, Z);
    seams += `M${r1(a[0])} ${r1(a[1])}L${r1(b[0])} ${r1(b[1])}`;
  }
  for (let j = 1; j < 3; j++) {
    const a = p(0, (B * j) / 3, Z);
    const b = p(A, (B * j) / 3, Z);
    seams += `M${r1(a[0])} ${r1(a[1])}L${r1(b[0])} ${r1(b[1])}`;
  }
  s.add(path(seams, { stroke: "#11131f", "stroke-width": 2, opacity: 0.8 }));
  // front skirt with pleats
  const skirt = s.lin([
    [0, "#2a1446"],
    [1, "#12081e"],
  ]);
  s.add(frontQuad(p, 0, B, 0, A, Z, { fill: skirt }));
  let pleats = "";
  for (let i = 0; i < 40; i += 2) {
    const a0 = p((A * i) / 40, B, 0);
    const a1 = p((A * (i + 1)) / 40, B, 0);
    const b1 = p((A * (i + 1)) / 40, B, Z);
    const b0 = p((A * i) / 40, B, Z);
    pleats += `M${r1(a0[0])} ${r1(a0[1])}L${r1(a1[0])} ${r1(a1[1])}L${r1(b1[0])} ${r1(b1[1])}L${r1(b0[0])} ${r1(b0[1])}Z`;
  }
  s.add(path(pleats, { fill: "#7a2c9c", opacity: 0.35 }));
  s.add(sideQuad(p, A, 0, 0, B, Z, { fill: "#160a26" }));
  let sp = "";
  for (let i = 0; i < 24; i += 2) {
    const a0 = p(A, (B * i) / 24, 0);
    const a1 = p(A, (B * (i + 1)) / 24, 0);
    const b1 = p(A, (B * (i + 1)) / 24, Z);
    const b0 = p(A, (B * i) / 24, Z);
    sp += `M${r1(a0[0])} ${r1(a0[1])}L${r1(a1[0])} ${r1(a1[1])}L${r1(b1[0])} ${r1(b1[1])}L${r1(b0[0])} ${r1(b0[1])}Z`;
  }
  s.add(path(sp, { fill: "#5a2080", opacity: 0.35 }));
  // edge strip
  s.add(poly([p(0, B, Z), p(A, B, Z), p(A, B, Z - 6), p(0, B, Z - 6)], { fill: P.amber }));
  s.add(poly([p(A, 0, Z), p(A, B, Z), p(A, B, Z - 6), p(A, 0, Z - 6)], { fill: "#c98a1a" }));
  // stairs on the right side
  const steps = 4;
  for (let i = 0; i < steps; i++) {
    const zTop = (Z * (i + 1)) / (steps + 0.2);
    const x0 = A + (steps - 1 - i) * 34;
    s.add(box(p, x0, 110, 0, 34, 110, zTop, { top: "#4a5176", front: "#1f2338", side: "#2a2f48" }));
  }
  const hr0 = p(A + 150, 220, 40);
  const hr1 = p(A, 220, Z + 90);
  s.add(line(hr0[0], hr0[1], hr1[0], hr1[1], { stroke: "#c7cedb", "stroke-width": 5, "stroke-linecap": "round" }));
  const hp = p(A + 150, 220, 0);
  s.add(line(hp[0], hp[1], hr0[0], hr0[1], { stroke: "#aab2c4", "stroke-width": 5 }));
  const hp2 = p(A, 220, Z);
  s.add(line(hp2[0], hp2[1], hr1[0], hr1[1], { stroke: "#aab2c4", "stroke-width": 5 }));
  s.add(glow(s, 300, 320, 260, 80, P.magenta, 0.16));
  vignette(s, 0.4);
  return s.toString();
}

/* ---------------- Floral arch ---------------- */
export function floralArch(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#2a1640"],
        [0.7, "#1a0f2e"],
        [1, "#0c0818"],
      ]),
    }),
  );
  // drape
  let folds = "";
  for (let i = 0; i < 24; i++) folds += rect(i * 40 + 10, 0, 18, 560, { fill: "#fff", opacity: 0.06 });
  s.add(
    rect(0, 0, W, 560, {
      fill: s.lin([
        [0, "#f7e3c8", 0.28],
        [1, "#b0608a", 0.2],
      ]),
    }),
    folds,
  );
  s.add(
    uplight(s, 200, 560, 520, 260, P.amber, 0.35),
    uplight(s, 760, 560, 520, 260, P.amber, 0.35),
    uplight(s, 480, 560, 420, 340, P.magenta, 0.25),
  );
  for (let i = 0; i < 5; i++) s.add(fairyLights(s, -20 + i * 200, 20, 180 + i * 200, 20, 30, 10, "#ffe1a0", 2.2));
  s.add(
    rect(0, 560, W, 160, {
      fill: s.lin([
        [0, "#3a2448"],
        [1, "#100a18"],
      ]),
    }),
  );
  // aisle
  s.add(
    poly(
      [
        [410, 560],
        [550, 560],
        [680, 720],
        [280, 720],
      ],
      {
        fill: s.lin([
          [0, "#f5ecdf"],
          [1, "#c9b8a4"],
        ]),
      },
    ),
  );
  const rnd = rng(91);
  let petals = "";
  for (let i = 0; i < 40; i++) {
    const t = rnd();
    const y = 565 + t * 150;
    const half = 70 + t * 130;
    petals += ellipse(480 + (rnd() - 0.5) * 2 * half, y, 3 + t * 4, 2 + t * 2, {
      fill: rnd() < 0.5 ? "#ff8fbf" : "#ffffff",
      opacity: 0.85,
    });
  }
  s.add(petals);
  const cx = 480;
  const cy = 360;
  s.add(floralArchShape(s, cx, 565, 230, 205, 44));
  s.add(glow(s, cx, cy + 40, 200, 160, "#ffd7a8", 0.22));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Air cooler ---------------- */
export function airCooler(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 580, glowX: 420, glowY: 320, glow: "#2f4ab0", left: P.cyan, right: P.amber });
  // airflow
  for (let i = 0; i < 5; i++) {
    const y = 240 + i * 55;
    s.add(
      path(`M520 ${y} C620 ${y - 40} 720 ${y + 40} 900 ${y - 10}`, {
        fill: "none",
        stroke: s.lin(
          [
            [0, "#bff0ff", 0.7],
            [1, "#bff0ff", 0],
          ],
          520,
          0,
          900,
          0,
          true,
        ),
        "stroke-width": 10 - i,
        "stroke-linecap": "round",
        filter: s.blur(2),
      }),
    );
  }
  const x = 300;
  const y = 120;
  const w = 220;
  const h = 440;
  s.add(shadow(s, x + w / 2 + 20, 598, 190, 22, 0.7));
  // side panel (depth)
  s.add(
    path(`M${x + w} ${y + 20} L${x + w + 70} ${y + 45} L${x + w + 70} ${y + h - 10} L${x + w} ${y + h} Z`, {
      fill: s.lin([
        [0, "#9aa6bd"],
        [1, "#5d6782"],
      ]),
    }),
  );
  let honey = "";
  for (let i = 0; i < 7; i++)
    honey += `M${x + w + 10 + i * 8} ${y + 70 + i * 3}L${x + w + 10 + i * 8} ${y + h - 40 - i * 1}`;
  s.add(path(honey, { stroke: "#c9a460", "stroke-width": 5, opacity: 0.75 }));
  // body
  s.add(
    rect(x, y, w, h, {
      rx: 28,
      fill: s.lin(
        [
          [0, "#ffffff"],
          [0.6, "#e2e7f0"],
          [1, "#aeb7c9"],
        ],
        0,
        0,
        1,
        0.3,
      ),
    }),
  );
  s.add(rect(x + 22, y + 70, w - 44, 230, { rx: 14, fill: "#1c2136" }));
  for (let i = 0; i < 11; i++)
    s.add(
      rect(x + 30, y + 84 + i * 19, w - 60, 8, {
        rx: 4,
        fill: s.lin([
          [0, "#5f6a8a"],
          [1, "#2a3048"],
        ]),
      }),
    );
  // control panel
  s.add(
    rect(x + 40, y + 22, w - 80, 32, { rx: 10, fill: "#1c2136" }),
    rect(x + 54, y + 30, 50, 16, { rx: 3, fill: P.cyan, opacity: 0.85 }),
  );
  for (const cx of [x + 130, x + 152]) s.add(circle(cx, y + 38, 6, { fill: "#8a93b0" }));
  // water tank window
  s.add(
    rect(x + 40, y + 330, w - 80, 60, { rx: 10, fill: "#cfe6f4" }),
    rect(x + 40, y + 358, w - 80, 32, {
      rx: 8,
      fill: s.lin([
        [0, "#6cc6f0"],
        [1, "#2a7ac0"],
      ]),
    }),
  );
  s.add(rect(x + 10, y + h - 30, w - 20, 14, { rx: 7, fill: "#1c2136" }));
  for (const cx of [x + 40, x + w - 40])
    s.add(circle(cx, y + h + 16, 16, { fill: "#1a1d2a" }), circle(cx, y + h + 16, 6, { fill: "#5a627c" }));
  s.add(rect(x + 12, y + 8, 16, h - 40, { rx: 8, fill: "#fff", opacity: 0.5 }));
  vignette(s, 0.4);
  return s.toString();
}

/* ---------------- Silent generator ---------------- */
export function generator(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#0d1440"],
        [0.6, "#1a1550"],
        [1, "#0a0a24"],
      ]),
    }),
  );
  s.add(glow(s, 780, 110, 160, 160, "#fff2cf", 0.35), circle(780, 110, 34, { fill: "#fff4d6" }));
  s.add(glow(s, 200, 620, 500, 200, P.magenta, 0.2));
  s.add(
    rect(0, 540, W, 180, {
      fill: s.lin([
        [0, "#1d2248"],
        [1, "#07081a"],
      ]),
    }),
  );
  const p = projector(150, 520, 1);
  const L = 560;
  const D = 230;
  const Hh = 250;
  s.add(shadow(s, 480, 580, 420, 40, 0.75));
  // skid
  s.add(box(p, -10, -10, 0, L + 20, D + 20, 22, { top: "#2a2f3e", front: "#16181f", side: "#1e2129" }));
  // canopy
  s.add(
    box(p, 0, 0, 22, L, D, Hh, {
      top: s.lin(
        [
          [0, "#5a7a6a"],
          [1, "#3b5a4c"],
        ],
        0,
        0,
        1,
        1,
      ),
      front: s.lin([
        [0, "#3e6655"],
        [1, "#22392f"],
      ]),
      side: s.lin([
        [0, "#2f5042"],
        [1, "#1a2d25"],
      ]),
    }),
  );
  // doors & louvres
  for (let d = 0; d < 3; d++) {
    const x0 = 20 + d * 180;
    s.add(frontQuad(p, x0, D, 42, 160, 200, { fill: "none", stroke: "#15241d", "stroke-width": 3 }));
    for (let i = 0; i < 8; i++)
      s.add(frontQuad(p, x0 + 20, D, 100 + i * 16, 120, 6, { fill: "#142019", opacity: 0.8 }));
    s.add(frontQuad(p, x0 + 138, D, 120, 8, 40, { fill: P.amber }));
  }
  for (let i = 0; i < 8; i++) s.add(sideQuad(p, L, 30 + i * 22, 120, 14, 110, { fill: "#101c16", opacity: 0.7 }));
  // exhaust & lifting eye
  const ex = p(L - 80, 80, Hh + 22);
  s.add(
    rect(ex[0] - 12, ex[1] - 70, 24, 70, {
      fill: s.lin(
        [
          [0, "#b4bccb"],
          [1, "#5b6378"],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
    ellipse(ex[0], ex[1] - 70, 12, 4, { fill: "#1a1d28" }),
  );
  const le = p(L / 2, D / 2, Hh + 22);
  s.add(
    path(`M${le[0] - 18} ${le[1]} A18 18 0 0 1 ${le[0] + 18} ${le[1]}`, {
      fill: "none",
      stroke: "#c7cedb",
      "stroke-width": 6,
    }),
  );
  // amber stripe + small lamp
  s.add(frontQuad(p, 0, D, Hh - 6, L, 10, { fill: P.amber, opacity: 0.9 }));
  const lamp = p(30, D, Hh + 4);
  s.add(glow(s, lamp[0], lamp[1], 30, 30, "#7dff9a", 0.7));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Rigging kit ---------------- */
function coil(s: Svg, cx: number, cy: number, R: number, color: string, hi: string): string {
  let out = shadow(s, cx + 10, cy + R * 0.45, R * 1.15, R * 0.4, 0.7);
  for (let i = 0; i < 9; i++) {
    const rr = R - i * (R * 0.045);
    out += ellipse(cx + Math.sin(i) * 4, cy - i * 3, rr, rr * 0.42, {
      fill: "none",
      stroke: color,
      "stroke-width": R * 0.075,
    });
    out += ellipse(cx + Math.sin(i) * 4, cy - i * 3 - R * 0.012, rr, rr * 0.42, {
      fill: "none",
      stroke: hi,
      "stroke-width": R * 0.018,
      opacity: 0.6,
    });
  }
  return out;
}
function shackle(s: Svg, x: number, y: number, sc: number, rot: number): string {
  const steel = s.lin(
    [
      [0, "#f1f4f9"],
      [0.5, "#9aa3b8"],
      [1, "#4a5168"],
    ],
    0,
    0,
    1,
    1,
  );
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot}) scale(${sc})` },
    path("M-30 0 L-30 -50 A30 30 0 0 1 30 -50 L30 0", {
      fill: "none",
      stroke: "#2a2f45",
      "stroke-width": 20,
      "stroke-linecap": "round",
    }),
    path("M-30 0 L-30 -50 A30 30 0 0 1 30 -50 L30 0", {
      fill: "none",
      stroke: steel,
      "stroke-width": 14,
      "stroke-linecap": "round",
    }),
    rect(-46, -4, 92, 14, { rx: 7, fill: steel }),
    circle(-46, 3, 10, { fill: "#c7cedb" }),
    circle(46, 3, 8, { fill: "#8e97ad" }),
  );
}
function clamp(s: Svg, x: number, y: number, sc: number, rot: number): string {
  const steel = s.lin(
    [
      [0, "#eef1f6"],
      [0.6, "#8e97ad"],
      [1, "#444b62"],
    ],
    0,
    0,
    1,
    1,
  );
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot}) scale(${sc})` },
    path("M-40 0 A40 40 0 1 1 30 26 L48 40 L36 54 L14 34 A40 40 0 0 1 -40 0 Z", { fill: steel }),
    circle(0, 0, 26, { fill: "#141726" }),
    rect(30, 34, 40, 14, { rx: 4, fill: "#c7cedb", transform: "rotate(38 30 34)" }),
    circle(52, 54, 9, { fill: "#5a627c" }),
    path("M-40 -6 L-70 -6 L-70 6 L-40 6", { fill: "#6b7390" }),
    circle(-76, 0, 12, { fill: "none", stroke: "#aab2c4", "stroke-width": 6 }),
  );
}
export function riggingKit(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#1a2054"],
        [1, "#0b0d26"],
      ]),
    }),
  );
  s.add(glow(s, 480, 380, 520, 330, "#5a3cb0", 0.35));
  // floor boards
  let boards = "";
  for (let i = 0; i < 9; i++) boards += `M0 ${120 + i * 75}L960 ${100 + i * 75}`;
  s.add(path(boards, { stroke: "#000", "stroke-width": 2, opacity: 0.18 }));
  s.add(coil(s, 270, 300, 190, "#141722", "#4a5278"));
  s.add(coil(s, 690, 470, 150, "#d98a1a", "#ffd37a"));
  // sling
  s.add(
    path("M560 150 C760 90 900 180 860 260 C820 330 640 300 560 250", {
      fill: "none",
      stroke: "#2a2f45",
      "stroke-width": 16,
      "stroke-linecap": "round",
    }),
  );
  s.add(
    path("M560 150 C760 90 900 180 860 260 C820 330 640 300 560 250", {
      fill: "none",
      stroke: P.magenta,
      "stroke-width": 10,
      "stroke-linecap": "round",
    }),
  );
  s.add(shadow(s, 220, 610, 120, 18, 0.6), shadow(s, 430, 620, 120, 18, 0.6));
  s.add(shackle(s, 220, 590, 1.3, -15), shackle(s, 420, 610, 1.1, 20), shackle(s, 600, 210, 0.9, -60));
  s.add(clamp(s, 860, 610, 1.0, -20), clamp(s, 120, 470, 0.8, 30));
  s.add(glow(s, 480, 360, 380, 260, "#fff", 0.06));
  vignette(s, 0.5);
  return s.toString();
}

/* ---------------- Step-and-repeat backdrop ---------------- */
export function backdropBanner(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#0f1238"],
        [1, "#070920"],
      ]),
    }),
  );
  const x = 110;
  const y = 70;
  const w = 740;
  const h = 470;
  s.add(glow(s, 480, 300, 560, 360, "#7a3cd0", 0.3));
  s.add(rect(x - 10, y - 10, w + 20, h + 20, { fill: "#c7cedb" }));
  s.add(
    rect(x, y, w, h, {
      fill: s.lin([
        [0, "#ffffff"],
        [1, "#e7e9f2"],
      ]),
    }),
  );
  const clip = s.clip(rect(x, y, w, h));
  let marks = "";
  const cw = 92;
  const ch = 78;
  for (let r = 0; r < 7; r++) {
    for (let c = -1; c < 9; c++) {
      const mx = x + c * cw + (r % 2 ? cw / 2 : 0) + cw / 2;
      const my = y + r * ch + ch / 2;
      if ((r + c) % 2 === 0) {
        // abstract lamp mark
        marks += circle(mx, my - 6, 14, { fill: P.amber });
        marks += path(`M${mx - 22} ${my + 4} Q${mx} ${my + 30} ${mx + 22} ${my + 4} Z`, { fill: P.magenta });
      } else {
        marks += poly(
          [
            [mx, my - 20],
            [mx + 18, my],
            [mx, my + 20],
            [mx - 18, my],
          ],
          { fill: "#1e2a78" },
        );
        marks += poly(
          [
            [mx, my - 9],
            [mx + 8, my],
            [mx, my + 9],
            [mx - 8, my],
          ],
          { fill: "#fff" },
        );
      }
    }
  }
  s.add(g({ "clip-path": clip }, marks));
  s.add(
    rect(x, y, w, h, {
      fill: s.lin([
        [0, "#000", 0],
        [0.7, "#000", 0.05],
        [1, "#000", 0.25],
      ]),
    }),
  );
  // frame feet
  for (const fx of [x, x + w])
    s.add(
      rect(fx - 6, y + h, 12, 40, { fill: "#aab2c4" }),
      rect(fx - 40, y + h + 36, 80, 8, { rx: 3, fill: "#6b7390" }),
    );
  // red carpet + floor
  s.add(
    rect(0, 580, W, 140, {
      fill: s.lin([
        [0, "#1a1d40"],
        [1, "#06071a"],
      ]),
    }),
  );
  s.add(
    poly(
      [
        [250, 560],
        [710, 560],
        [860, 720],
        [100, 720],
      ],
      {
        fill: s.lin([
          [0, "#b0183e"],
          [1, "#5a0a20"],
        ]),
      },
    ),
  );
  for (const sx of [200, 760])
    s.add(
      rect(sx - 5, 520, 10, 120, {
        fill: s.lin(
          [
            [0, "#ffe9a8"],
            [1, "#a87a24"],
          ],
          0,
          0,
          1,
          0,
        ),
      }),
      circle(sx, 516, 9, { fill: "#ffe09a" }),
      ellipse(sx, 642, 24, 7, { fill: "#c89a3a" }),
    );
  s.add(uplight(s, 60, 720, 640, 300, "#ffffff", 0.12), uplight(s, 900, 720, 640, 300, "#ffffff", 0.12));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Cold spark ---------------- */
function fountain(s: Svg, x: number, y: number, hgt: number, seed: number): string {
  const rnd = rng(seed);
  let hot = "";
  let warm = "";
  for (let i = 0; i < 170; i++) {
    const t = Math.pow(rnd(), 0.8);
    const side = rnd() - 0.5;
    // sparks rise in a narrow column and peel outwards near the top
    const spread = side * hgt * (0.06 + 0.35 * t * t);
    const sx = x + spread;
    const sy = y - t * hgt;
    const len = 4 + rnd() * 10;
    const dx = side * (t > 0.7 ? 10 : 2);
    const dy = t > 0.85 && rnd() < 0.5 ? len : -len;
    const seg = `M${r1(sx)} ${r1(sy)}l${r1(dx)} ${r1(dy)}`;
    if (t < 0.5) hot += seg;
    else warm += seg;
  }
  return (
    g(
      { filter: s.blur(9) },
      poly(
        [
          [x - 8, y],
          [x - hgt * 0.1, y - hgt * 0.9],
          [x + hgt * 0.1, y - hgt * 0.9],
          [x + 8, y],
        ],
        {
          fill: s.lin(
            [
              [0, P.gold, 0.8],
              [1, P.amber, 0],
            ],
            x,
            y,
            x,
            y - hgt,
            true,
          ),
        },
      ),
    ) +
    g(
      { filter: s.blur(3) },
      poly(
        [
          [x - 4, y],
          [x - 10, y - hgt * 0.6],
          [x + 10, y - hgt * 0.6],
          [x + 4, y],
        ],
        {
          fill: s.lin(
            [
              [0, "#fff", 0.9],
              [1, "#fff", 0],
            ],
            x,
            y,
            x,
            y - hgt * 0.6,
            true,
          ),
        },
      ),
    ) +
    path(warm, { stroke: "#ffc04a", "stroke-width": 2, "stroke-linecap": "round", opacity: 0.9 }) +
    path(hot, { stroke: "#fff6d6", "stroke-width": 2.2, "stroke-linecap": "round" }) +
    glow(s, x, y - 8, 60, 30, "#fff2c0", 0.9)
  );
}
export function coldSpark(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#0b0d2e"],
        [1, "#05061a"],
      ]),
    }),
  );
  s.add(haze(s, 61, 5, 100, 500, "#7a5ad8", 0.12));
  s.add(ledWall(s, 210, 60, 540, 250, "gold", { cols: 10, rows: 5 }));
  s.add(
    rect(0, 520, W, 200, {
      fill: s.lin([
        [0, "#1a1d3e"],
        [1, "#06061a"],
      ]),
    }),
  );
  s.add(glow(s, 480, 540, 520, 90, P.amber, 0.3));
  const xs = [150, 370, 590, 810];
  xs.forEach((x, i) => s.add(fountain(s, x, 520, 430 - (i % 2) * 50, 100 + i)));
  for (const x of xs) {
    s.add(
      rect(x - 44, 520, 88, 56, {
        rx: 6,
        fill: s.lin([
          [0, "#2c3150"],
          [1, "#0f111d"],
        ]),
      }),
      ellipse(x, 522, 22, 6, { fill: "#fff6d6" }),
      rect(x - 30, 548, 20, 8, { rx: 2, fill: P.cyan, opacity: 0.7 }),
    );
  }
  s.add(crowd(s, 66, 720, 80, "#03040b", { arms: 0.3 }));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Fog / hazer ---------------- */
export function fogHazer(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 560, glowX: 600, glowY: 300, glow: "#3a2aa0" });
  s.add(beam(s, { x: 300, y: -20, angle: 160, len: 780, w0: 40, spread: 10, color: P.magenta, op: 0.4, blur: 6 }));
  s.add(beam(s, { x: 760, y: -20, angle: 200, len: 780, w0: 40, spread: 10, color: P.amber, op: 0.35, blur: 6 }));
  // haze plume
  const rnd = rng(7);
  let puffs = "";
  for (let i = 0; i < 16; i++) {
    const t = i / 15;
    const cx = 470 + t * 470 + (rnd() - 0.5) * 40;
    const cy = 530 - t * 240 + (rnd() - 0.5) * 60;
    const r = 50 + t * 150;
    puffs += ellipse(cx, cy, r, r * 0.6, { fill: "#e6e0ff", opacity: r1(0.3 - t * 0.18) });
  }
  s.add(g({ filter: s.blur(18) }, puffs));
  // machine (flight-case style hazer with a front nozzle)
  const p = projector(130, 500, 1);
  s.add(shadow(s, 300, 600, 240, 30, 0.75));
  s.add(
    box(p, 0, 0, 0, 300, 130, 140, {
      top: s.lin(
        [
          [0, "#4a5276"],
          [1, "#2a3048"],
        ],
        0,
        0,
        1,
        1,
      ),
      front: s.lin([
        [0, "#2f3554"],
        [1, "#121526"],
      ]),
      side: s.lin([
        [0, "#262b44"],
        [1, "#0f111d"],
      ]),
    }),
  );
  // corner caps
  for (const [x, z] of [
    [0, 0],
    [282, 0],
    [0, 122],
    [282, 122],
  ] as Array<[number, number]>)
    s.add(frontQuad(p, x, 130, z, 18, 18, { fill: "#9aa3b8" }));
  // vents on the front
  for (let i = 0; i < 6; i++) s.add(frontQuad(p, 40 + i * 22, 130, 30, 10, 80, { fill: "#0a0c16", opacity: 0.8 }));
  s.add(
    frontQuad(p, 190, 130, 86, 80, 26, { fill: "#0a0c16" }),
    frontQuad(p, 198, 130, 93, 40, 12, { fill: P.cyan, opacity: 0.8 }),
  );
  // nozzle on the right side
  const nz = p(300, 65, 80);
  s.add(
    ellipse(nz[0] + 6, nz[1], 14, 30, { fill: "#0a0c16" }),
    ellipse(nz[0] + 8, nz[1], 8, 20, { fill: "#d8d2ff", opacity: 0.8 }),
  );
  // handle on top
  const h0 = p(60, 65, 140);
  const h1 = p(240, 65, 140);
  s.add(
    path(
      `M${r1(h0[0])} ${r1(h0[1])} L${r1(h0[0] + 10)} ${r1(h0[1] - 40)} L${r1(h1[0] - 10)} ${r1(h1[1] - 40)} L${r1(h1[0])} ${r1(h1[1])}`,
      { fill: "none", stroke: "#8a93b0", "stroke-width": 10, "stroke-linejoin": "round" },
    ),
  );
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- LED par wash ---------------- */
export function ledPar(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#12163e"],
        [1, "#080a22"],
      ]),
    }),
  );
  const cols = [P.magenta, P.amber, "#8a4dff", P.cyan, P.magenta];
  const xs = [120, 300, 480, 660, 840];
  xs.forEach((x, i) => s.add(uplight(s, x, 540, 560, 340, pick(cols, i), 0.5)));
  s.add(
    rect(0, 560, W, 160, {
      fill: s.lin([
        [0, "#1d2148"],
        [1, "#06071a"],
      ]),
    }),
  );
  xs.forEach((x, i) => s.add(glow(s, x, 590, 140, 40, pick(cols, i), 0.35)));
  xs.forEach((x, i) => s.add(shadow(s, x, 602, 60, 10, 0.7), parCan(s, x, 600, 0.95, (i - 2) * -6, pick(cols, i))));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Wireless mic kit ---------------- */
function mic(s: Svg, x: number, y: number, sc: number, rot: number, accent: string): string {
  const body = s.lin(
    [
      [0, "#2a2f48"],
      [0.35, "#4c5478"],
      [1, "#0e1019"],
    ],
    0,
    0,
    1,
    0,
  );
  let mesh = "";
  for (let i = -3; i <= 3; i++) mesh += `M${-40} ${i * 10}L40 ${i * 10}M${i * 10} -40L${i * 10} 40`;
  const clip = s.clip(circle(0, 0, 38));
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot}) scale(${sc})` },
    path("M-30 40 L30 40 L18 300 Q0 312 -18 300 Z", { fill: body }),
    rect(-29, 40, 58, 18, { fill: "#1a1d2c" }),
    rect(-24, 200, 48, 10, { fill: accent }),
    circle(0, 0, 42, {
      fill: s.rad(
        [
          [0, "#f3f6fb"],
          [0.7, "#a9b2c6"],
          [1, "#5a6280"],
        ],
        0.35,
        0.35,
        0.8,
      ),
    }),
    g({ "clip-path": clip }, path(mesh, { stroke: "#4a526e", "stroke-width": 2, opacity: 0.6 })),
    rect(-6, 90, 12, 28, { rx: 3, fill: "#7dff9a", opacity: 0.7 }),
  );
}
export function wirelessMic(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 430, glowY: 240, glow: "#4a2aa8", floor: "#22285a" });
  // receiver
  const x = 220;
  const y = 230;
  s.add(shadow(s, 480, 392, 300, 18, 0.7));
  s.add(
    rect(x, y, 520, 150, {
      rx: 10,
      fill: s.lin([
        [0, "#2f3554"],
        [1, "#121526"],
      ]),
    }),
    rect(x, y, 520, 10, { rx: 5, fill: "#4a5276" }),
  );
  for (const cx of [x + 30, x + 490])
    s.add(
      line(cx, y + 10, cx + (cx < 480 ? -50 : 50), y - 170, {
        stroke: "#1a1d2c",
        "stroke-width": 12,
        "stroke-linecap": "round",
      }),
      circle(cx, y + 12, 12, { fill: "#8a93b0" }),
    );
  for (const [i, c] of [P.amber, P.magenta].entries()) {
    const bx = x + 70 + i * 220;
    s.add(
      rect(bx, y + 36, 130, 56, { rx: 4, fill: "#0b1a2e" }),
      rect(bx + 8, y + 44, 80, 10, { rx: 2, fill: P.cyan, opacity: 0.75 }),
    );
    for (let k = 0; k < 6; k++)
      s.add(
        rect(bx + 8 + k * 14, y + 62, 10, 22 - k * 2, {
          fill: k < 4 ? "#7dff9a" : c,
          opacity: 0.8,
          transform: `translate(0 ${k * 2})`,
        }),
      );
    s.add(
      circle(bx + 170, y + 64, 20, { fill: "#1a1d2c", stroke: "#5a627c", "stroke-width": 3 }),
      rect(bx + 10, y + 110, 110, 10, { rx: 5, fill: c, opacity: 0.9 }),
    );
  }
  // mics lying in front
  s.add(shadow(s, 380, 640, 200, 20, 0.7), shadow(s, 640, 650, 200, 20, 0.7));
  s.add(mic(s, 230, 560, 0.85, -75, P.amber));
  s.add(mic(s, 810, 600, 0.85, 80, P.magenta));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Cocktail tables ---------------- */
function cocktailTable(s: Svg, x: number, y: number, sc: number, sash: string): string {
  const cover = s.lin(
    [
      [0, "#c9c3ba"],
      [0.35, "#ffffff"],
      [0.7, "#ece6dc"],
      [1, "#9a9387"],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    glow(s, x, y - 10, 130 * sc, 40 * sc, sash, 0.45) +
    shadow(s, x, y, 110 * sc, 14 * sc, 0.65) +
    g(
      { transform: `translate(${x} ${y}) scale(${sc})` },
      path("M-95 -360 Q-20 -200 -22 -150 Q-20 -80 -85 0 L85 0 Q20 -80 22 -150 Q20 -200 95 -360 Z", { fill: cover }),
      ellipse(0, -360, 95, 22, { fill: "#fbf8f3" }),
      path("M-30 -165 L30 -165 L34 -140 L-34 -140 Z", { fill: sash }),
      path("M0 -152 L-40 -180 L-38 -130 Z M0 -152 L40 -180 L38 -130 Z", { fill: sash }),
      path("M-6 -150 L-26 -90 M6 -150 L26 -92", { stroke: sash, "stroke-width": 8, "stroke-linecap": "round" }),
      rect(-8, -420, 16, 56, { fill: "#e3ecff", opacity: 0.5 }),
      circle(0, -420, 22, { fill: "#ffb6d0" }),
      circle(-14, -426, 14, { fill: "#ffffff" }),
      circle(14, -428, 13, { fill: "#ffd59a" }),
    )
  );
}
export function cocktailTables(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#231640"],
        [1, "#0d0a22"],
      ]),
    }),
  );
  for (let i = 0; i < 4; i++) s.add(fairyLights(s, -40 + i * 260, 30, 220 + i * 260, 30, 40, 11));
  s.add(uplight(s, 120, 560, 540, 260, P.magenta, 0.3), uplight(s, 840, 560, 540, 260, P.amber, 0.3));
  s.add(
    rect(0, 520, W, 200, {
      fill: s.lin([
        [0, "#2a2048"],
        [1, "#0a0818"],
      ]),
    }),
  );
  s.add(cocktailTable(s, 250, 600, 0.8, P.magenta));
  s.add(cocktailTable(s, 710, 600, 0.8, P.gold));
  s.add(cocktailTable(s, 480, 660, 0.95, "#8a4dff"));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Confidence monitor ---------------- */
export function confidenceMonitor(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#0c0f34"],
        [1, "#05061a"],
      ]),
    }),
  );
  s.add(haze(s, 81, 5, 60, 380, "#6a4ad0", 0.14));
  // audience far away, dark hall
  for (const [bx, a, c] of [
    [200, 20, P.magenta],
    [760, -20, P.amber],
  ] as Array<[number, number, string]>)
    s.add(beam(s, { x: bx, y: 0, angle: 180 + a, len: 500, w0: 30, spread: 12, color: c, op: 0.25, blur: 6 }));
  s.add(crowd(s, 83, 400, 34, "#151838", { density: 0.65 }), crowd(s, 84, 420, 40, "#0d0f26", { density: 0.65 }));
  s.add(
    rect(0, 440, W, 280, {
      fill: s.lin([
        [0, "#20264e"],
        [1, "#090b1e"],
      ]),
    }),
  );
  s.add(rect(0, 440, W, 6, { fill: P.amber, opacity: 0.7 }));
  // wedge monitors
  const mon = (cx: number, sc: number): string => {
    const c = s.clip(
      poly([
        [-190, -140],
        [190, -140],
        [170, 60],
        [-170, 60],
      ]),
    );
    return g(
      { transform: `translate(${cx} 630) scale(${sc})` },
      shadow(s, 0, 40, 260, 24, 0.75),
      poly(
        [
          [-230, 40],
          [230, 40],
          [210, -170],
          [-210, -170],
        ],
        {
          fill: s.lin([
            [0, "#2b3050"],
            [1, "#0c0e18"],
          ]),
        },
      ),
      poly(
        [
          [-190, -150],
          [190, -150],
          [172, 22],
          [-172, 22],
        ],
        { fill: "#05060c" },
      ),
      g({ "clip-path": c }, screenContent(s, -190, -150, 380, 172, "tech")),
      rect(-150, -120, 160, 14, { rx: 7, fill: "#fff", opacity: 0.85 }),
      rect(-150, -92, 230, 9, { rx: 4.5, fill: "#fff", opacity: 0.45 }),
      rect(-150, -74, 200, 9, { rx: 4.5, fill: "#fff", opacity: 0.45 }),
      rect(-150, -56, 215, 9, { rx: 4.5, fill: "#fff", opacity: 0.45 }),
      rect(60, -32, 90, 40, { rx: 6, fill: P.amber, opacity: 0.9 }),
      poly(
        [
          [-210, -170],
          [210, -170],
          [214, -150],
          [-214, -150],
        ],
        { fill: "#3c4266" },
      ),
    );
  };
  s.add(mon(270, 0.9), mon(700, 0.9));
  vignette(s, 0.45);
  return s.toString();
}
