/**
 * Event, gallery and hero scenes. Scenes draw in a 960-unit-wide logical space;
 * the height is 720 for 4:3 pictures and 540 for 16:9 heroes (rendered at 2x).
 */
import {
  P,
  type ScreenTheme,
  banquetTable,
  beam,
  chandelier,
  crowd,
  fairyLights,
  floralArchShape,
  flowers,
  glow,
  haze,
  heroShade,
  lectern,
  ledWall,
  lineArray,
  movingHead,
  palm,
  person,
  seatedPerson,
  shadow,
  sofa,
  FABRIC,
  stageDeck,
  stars,
  subwoofer,
  truss,
  trussBlock,
  uplight,
  vignette,
} from "../lib/parts";
import { Svg, circle, ellipse, g, line, path, pick, poly, r1, rect, rng } from "../lib/svg";
import { type Job, KB, photo } from "./types";

type Pt = [number, number];

/* ------------------------------------------------------------------ */
/* Concert / festival stage                                             */
/* ------------------------------------------------------------------ */

interface ConcertOpts {
  seed: number;
  theme: ScreenTheme;
  outdoor?: "beach" | "twilight";
  cx?: number;
  stageW?: number;
  colors?: string[];
  downBeams?: boolean;
  performers?: number;
  crowdArms?: number;
}

function concert(s: Svg, o: ConcertOpts): void {
  const { w, h } = s;
  const cx = o.cx ?? w / 2;
  const stageW = o.stageW ?? w * 0.64;
  const L = cx - stageW / 2;
  const R = cx + stageW / 2;
  const roofY = h * 0.12;
  const deckY = h * 0.64;
  const cols = o.colors ?? [P.magenta, P.amber, "#9a5bff", P.amber, P.magenta];
  const rnd = rng(o.seed);
  const horizon = h * 0.6;

  if (o.outdoor) {
    const twi = o.outdoor === "twilight";
    s.add(
      rect(0, 0, w, h, {
        fill: s.lin(
          twi
            ? [
                [0, "#0b0b36"],
                [0.35, "#2b1a5e"],
                [0.52, "#a03a78"],
                [0.6, "#ff8a4a"],
              ]
            : [
                [0, "#04061c"],
                [0.4, "#0e1240"],
                [0.6, "#2a1d5e"],
              ],
        ),
      }),
    );
    s.add(stars(s, o.seed, twi ? 50 : 110, horizon * (twi ? 0.5 : 0.9)));
    const mx = cx > w / 2 ? w * 0.14 : w * 0.84;
    if (!twi) s.add(glow(s, mx, h * 0.14, 110, 110, "#fff2d0", 0.35), circle(mx, h * 0.14, 24, { fill: "#fff4da" }));
    else s.add(glow(s, w * 0.5, horizon, w * 0.6, h * 0.2, "#ffb36a", 0.45));
    // sea
    s.add(
      rect(0, horizon, w, h - horizon, {
        fill: s.lin(
          twi
            ? [
                [0, "#6a2a6a"],
                [0.3, "#241a50"],
                [1, "#0a0a24"],
              ]
            : [
                [0, "#1a1a52"],
                [1, "#05061a"],
              ],
        ),
      }),
    );
    let shimmer = "";
    const rx = twi ? w * 0.5 : mx;
    for (let i = 0; i < 22; i++) {
      const yy = horizon + 3 + i * i * 0.35 + rnd() * 3;
      const ww = 10 + rnd() * 40 + i * 3;
      shimmer += `M${r1(rx - ww / 2 + (rnd() - 0.5) * (20 + i * 6))} ${r1(yy)}h${r1(ww)}`;
    }
    s.add(
      path(shimmer, {
        stroke: twi ? "#ffc08a" : "#fff2d0",
        "stroke-width": 1.6,
        opacity: 0.5,
        "stroke-linecap": "round",
      }),
    );
    // beach
    s.add(
      path(`M0 ${r1(h * 0.74)} Q${r1(w * 0.5)} ${r1(h * 0.68)} ${w} ${r1(h * 0.72)} L${w} ${h} L0 ${h} Z`, {
        fill: s.lin([
          [0, "#2a2250"],
          [1, "#0a0818"],
        ]),
      }),
    );
  } else {
    s.add(
      rect(0, 0, w, h, {
        fill: s.lin([
          [0, "#0a0d30"],
          [0.7, "#070920"],
          [1, "#04050f"],
        ]),
      }),
    );
  }
  s.add(haze(s, o.seed + 1, 7, h * 0.05, h * 0.6, "#7a5ad8", o.outdoor ? 0.1 : 0.15));

  // screen and stage lights
  const lw = stageW * 0.56;
  const lh = Math.min(lw * 0.56, deckY - roofY - h * 0.12);
  s.add(ledWall(s, cx - lw / 2, roofY + h * 0.07, lw, lh, o.theme, { spill: "#8a3cf0" }));
  const nb = 6;
  for (let i = 0; i < nb; i++) {
    const t = i / (nb - 1);
    const bx = L + stageW * (0.08 + 0.84 * t);
    const a = (t - 0.5) * 70 + (rnd() - 0.5) * 10;
    s.add(beam(s, { x: bx, y: deckY - 8, angle: a, len: h * 1.05, w0: 10, spread: 4, color: pick(cols, i), op: 0.5 }));
  }
  // truss roof and towers
  const tw = Math.max(14, w * 0.022);
  s.add(
    truss(L - tw * 2, roofY, R + tw * 2, roofY, tw),
    truss(L, roofY, L, deckY + h * 0.06, tw),
    truss(R, roofY, R, deckY + h * 0.06, tw),
  );
  s.add(trussBlock(L, roofY, tw), trussBlock(R, roofY, tw));
  // hanging moving heads
  if (o.downBeams !== false) {
    const n = 5;
    for (let i = 0; i < n; i++) {
      const t = (i + 0.5) / n;
      const x = L + stageW * t;
      const c = pick(cols, i + 1);
      const m = movingHead(s, x, roofY + tw * 0.7, 0.16 * (w / 960), (t - 0.5) * -70, c, { hang: true });
      s.add(
        beam(s, {
          x: m.info.lx,
          y: m.info.ly,
          angle: m.info.angle,
          len: h * 0.9,
          w0: 6,
          spread: 5,
          color: c,
          op: 0.35,
          core: false,
          blur: 3,
        }),
      );
      s.add(m.svg);
    }
  }
  // line arrays
  const sc = stageW / 1500;
  s.add(lineArray(s, L - tw * 1.5, roofY + tw * 1.2, sc, 9, { cableTop: roofY }));
  s.add(lineArray(s, R + tw * 1.5, roofY + tw * 1.2, sc, 9, { cableTop: roofY, mirror: true }));
  // deck
  s.add(stageDeck(s, L - stageW * 0.06, deckY, stageW * 1.12, h * 0.07, h * 0.05, { edge: P.magenta }));
  s.add(
    subwoofer(s, L + stageW * 0.04, deckY, stageW * 0.1, h * 0.05),
    subwoofer(s, R - stageW * 0.04, deckY, stageW * 0.1, h * 0.05),
  );
  // performers
  const np = o.performers ?? 3;
  for (let i = 0; i < np; i++) {
    const px = cx + (i - (np - 1) / 2) * stageW * 0.2;
    s.add(
      person(px, deckY - h * 0.03, h * 0.16 * (i === (np - 1) / 2 ? 1.08 : 1), "#07081a", {
        pose: i === 0 ? "wave" : i === np - 1 ? "speak" : "stand",
      }),
    );
  }
  // foreground glow + crowd
  s.add(glow(s, cx, deckY + h * 0.1, stageW * 0.7, h * 0.12, P.magenta, 0.25));
  s.add(crowd(s, o.seed + 3, h * 0.8, h * 0.075, "#15153a", { arms: o.crowdArms ?? 0.3, density: 0.6 }));
  s.add(crowd(s, o.seed + 4, h * 0.9, h * 0.1, "#0b0b22", { arms: o.crowdArms ?? 0.3 }));
  s.add(crowd(s, o.seed + 5, h * 1.02, h * 0.14, "#030409", { arms: (o.crowdArms ?? 0.3) * 0.7 }));
  if (o.outdoor) {
    s.add(palm(w * 0.04, h * 0.86, h * 0.55, "#05061a", 0.2), palm(w * 0.97, h * 0.88, h * 0.5, "#05061a", -0.22));
  }
}

/* ------------------------------------------------------------------ */
/* Banquet / wedding halls                                              */
/* ------------------------------------------------------------------ */

interface HallOpts {
  seed: number;
  kind: "wedding" | "gala" | "holud";
  cx?: number;
  stageW?: number;
  tableRows?: number;
  chandeliers?: number[];
  /** Draw a large, close table setting in the foreground. */
  foreground?: boolean;
  /** Content of the gala LED wall. */
  screen?: ScreenTheme;
}

function drapes(s: Svg, y0: number, y1: number, color: string, step: number, op = 0.07): string {
  let folds = "";
  for (let x = 0; x < s.w; x += step) folds += rect(x, y0, step * 0.5, y1 - y0, { fill: "#fff", opacity: op });
  return (
    rect(0, y0, s.w, y1 - y0, {
      fill: s.lin([
        [0, color, 0.35],
        [1, color, 0.12],
      ]),
    }) + folds
  );
}

function swags(s: Svg, y: number, n: number, color: string): string {
  let d = "";
  const sw = s.w / n;
  for (let i = 0; i < n; i++)
    d += `M${r1(i * sw)} ${r1(y)}Q${r1(i * sw + sw / 2)} ${r1(y + sw * 0.35)} ${r1((i + 1) * sw)} ${r1(y)}`;
  return path(d, { fill: "none", stroke: color, "stroke-width": r1(sw * 0.06), opacity: 0.8 });
}

function hall(s: Svg, o: HallOpts): void {
  const { w, h } = s;
  const cx = o.cx ?? w / 2;
  const wallY = h * 0.62;
  const warm = o.kind === "holud" ? "#ffb020" : o.kind === "gala" ? "#c9a0ff" : "#f7e3c8";
  s.add(
    rect(0, 0, w, h, {
      fill: s.lin(
        o.kind === "gala"
          ? [
              [0, "#140f38"],
              [1, "#0a0820"],
            ]
          : [
              [0, "#2a1640"],
              [1, "#120a24"],
            ],
      ),
    }),
  );
  s.add(drapes(s, 0, wallY, warm, o.kind === "holud" ? 60 : 36));
  const upCols =
    o.kind === "gala" ? ["#6a5cff", P.magenta] : o.kind === "holud" ? [P.amber, "#ff5a2a"] : [P.amber, P.magenta];
  for (let i = 0; i < 7; i++)
    s.add(uplight(s, w * (0.07 + i * 0.143), wallY, wallY * 0.95, w * 0.2, pick(upCols, i), 0.32));
  s.add(swags(s, 0, 7, o.kind === "holud" ? P.amber : "#e8c27a"));
  // stage
  const stageW = o.stageW ?? w * 0.5;
  const sL = cx - stageW / 2;
  const stY = wallY + h * 0.04;
  if (o.kind === "gala") {
    s.add(ledWall(s, cx - stageW * 0.4, h * 0.16, stageW * 0.8, h * 0.3, o.screen ?? "gold", { spill: "#ffb050" }));
    s.add(stageDeck(s, sL, stY, stageW, h * 0.05, h * 0.05, { edge: P.amber }));
    s.add(lectern(s, cx + stageW * 0.3, stY - h * 0.025, h * 0.14, P.amber));
  } else if (o.kind === "holud") {
    // marigold garland curtain
    let gar = "";
    const rnd = rng(o.seed);
    const strands = 10;
    const beadCols = ["#ffa51a", "#ffd23a", "#ff7a1a"];
    const beads: string[] = ["", "", ""];
    for (let i = 0; i <= strands; i++) {
      const gx = sL + (stageW * i) / strands;
      const len = h * (0.3 + (1 - Math.abs(i - strands / 2) / (strands / 2)) * 0.12);
      for (let y = h * 0.08; y < h * 0.08 + len; y += h * 0.03) {
        const r = h * 0.015;
        beads[Math.floor(rnd() * 3) % 3] +=
          `M${r1(gx - r)} ${r1(y)}a${r1(r)} ${r1(r)} 0 1 0 ${r1(2 * r)} 0a${r1(r)} ${r1(r)} 0 1 0 ${r1(-2 * r)} 0Z`;
      }
    }
    gar =
      beads.map((d, i) => path(d, { fill: pick(beadCols, i) })).join("") +
      rect(sL - 10, h * 0.07, stageW + 20, h * 0.02, { fill: "#ffcf4a" });
    s.add(
      rect(sL - 10, h * 0.06, stageW + 20, h * 0.48, {
        fill: s.lin([
          [0, "#1f6a3a", 0.5],
          [1, "#ffcf4a", 0.25],
        ]),
      }),
      gar,
    );
    s.add(stageDeck(s, sL - stageW * 0.05, stY, stageW * 1.1, h * 0.05, h * 0.05, { edge: P.amber, skirt: "#5a3a10" }));
    s.add(sofa(s, cx, stY - h * 0.03, h * 0.1, 2, FABRIC.gold, { pillow: P.magenta }));
    const fl: Pt[] = [];
    for (let i = 0; i < 10; i++) fl.push([sL + (stageW * i) / 9, stY - h * 0.005]);
    s.add(flowers(s, o.seed + 2, fl, h * 0.018, ["#ffa51a", "#ffd23a", "#ff6a1a", "#ffffff"], { count: 2 }));
  } else {
    s.add(
      rect(sL, h * 0.1, stageW, h * 0.5, {
        fill: s.lin([
          [0, "#f7e3c8", 0.35],
          [1, "#d0789a", 0.2],
        ]),
      }),
    );
    s.add(floralArchShape(s, cx, stY - h * 0.02, stageW * 0.36, h * 0.22, o.seed));
    s.add(stageDeck(s, sL - stageW * 0.05, stY, stageW * 1.1, h * 0.05, h * 0.05, { edge: P.gold, skirt: "#e8dccb" }));
    s.add(sofa(s, cx, stY - h * 0.03, h * 0.1, 2, FABRIC.ivory, { pillow: P.magenta }));
  }
  for (const [i, x] of (o.chandeliers ?? [w * 0.18, w * 0.82]).entries())
    s.add(chandelier(s, x, 0, h * 0.17, h * (0.05 + (i % 2) * 0.03)));
  for (let i = 0; i < 4; i++)
    s.add(
      fairyLights(
        s,
        (w / 4) * i - 20,
        h * 0.03,
        (w / 4) * (i + 1) + 20,
        h * 0.03,
        h * 0.03,
        9,
        "#ffe1a0",
        Math.max(1.5, h * 0.0032),
      ),
    );
  // floor
  s.add(
    rect(0, wallY + h * 0.06, w, h - wallY, {
      fill: s.lin([
        [0, o.kind === "gala" ? "#1c1a44" : "#2a1d44"],
        [1, "#07060f"],
      ]),
    }),
  );
  s.add(
    rect(0, wallY + h * 0.06, w, h - wallY, {
      fill: s.rad(
        [
          [0, warm, 0.14],
          [1, warm, 0],
        ],
        0.5,
        0,
        0.7,
      ),
    }),
  );
  // tables in rows (back to front)
  const rows = o.tableRows ?? 2;
  const cloth = o.kind === "gala" ? "#f2f2f8" : "#f7efe4";
  const sash = o.kind === "gala" ? "#8a7cff" : o.kind === "holud" ? "#ffb020" : P.magenta;
  for (let r = 0; r < rows; r++) {
    const tw = h * (0.13 + r * 0.09);
    const ty = h * (0.8 + r * 0.16);
    const n = Math.ceil(w / (tw * 2.1)) + 1;
    const off = r % 2 ? tw * 1.05 : 0;
    for (let i = 0; i < n; i++) {
      const tx = -tw * 0.3 + off + i * tw * 2.1;
      if (Math.abs(tx - cx) < tw * 0.6 && r === 0) continue;
      s.add(
        banquetTable(s, tx, ty, tw, {
          cloth,
          sash,
          centre: (i + r) % 2 ? "candles" : "flowers",
          seed: o.seed + i * 3 + r,
        }),
      );
    }
  }
  if (o.foreground) {
    const tables: Array<[number, number, number, "candles" | "flowers"]> = [
      [w * 0.1, h * 1.1, h * 0.55, "candles"],
      [w * 0.93, h * 1.08, h * 0.5, "flowers"],
    ];
    for (const [tx, ty, tw, centre] of tables) {
      s.add(banquetTable(s, tx, ty, tw, { cloth, sash, centre, seed: o.seed + 99, chairs: false }));
      // place settings around the near edge of the table top
      const topY = ty - tw * 0.42;
      for (const a of [15, 55, 95, 135, 170]) {
        const px = tx + Math.cos((a * Math.PI) / 180) * tw * 0.36;
        const py = topY + Math.sin((a * Math.PI) / 180) * tw * 0.075;
        s.add(
          ellipse(px, py, tw * 0.075, tw * 0.022, { fill: "#ffffff", stroke: "#d9b25a", "stroke-width": 1.5 }),
          ellipse(px, py, tw * 0.045, tw * 0.012, { fill: "#eef0f6" }),
          path(`M${r1(px + tw * 0.08)} ${r1(py - tw * 0.01)}l0 ${r1(-tw * 0.05)}`, {
            stroke: "#e6ecff",
            "stroke-width": 2,
            opacity: 0.8,
          }),
          ellipse(px + tw * 0.08, py - tw * 0.07, tw * 0.016, tw * 0.022, { fill: "#e6ecff", opacity: 0.55 }),
        );
      }
    }
  }
}

/* ------------------------------------------------------------------ */
/* Conference                                                           */
/* ------------------------------------------------------------------ */

interface ConfOpts {
  seed: number;
  theme: ScreenTheme;
  layout: "keynote" | "panel" | "seminar";
  cx?: number;
  wallW?: number;
}

function downlights(s: Svg, y: number, n: number, r: number): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = (s.w / n) * (i + 0.5);
    out += glow(s, x, y, r * 4, r * 2, "#ffe9c0", 0.35) + ellipse(x, y, r, r * 0.4, { fill: "#fff6e0" });
  }
  return out;
}

function conference(s: Svg, o: ConfOpts): void {
  const { w, h } = s;
  const cx = o.cx ?? w / 2;
  s.add(
    rect(0, 0, w, h, {
      fill: s.lin([
        [0, "#0d1240"],
        [0.6, "#0a0d2e"],
        [1, "#05061a"],
      ]),
    }),
  );
  s.add(downlights(s, h * 0.04, 8, h * 0.012), downlights(s, h * 0.1, 10, h * 0.009));
  // side wall slats
  let slats = "";
  for (let i = 0; i < 12; i++)
    slats += rect(i * (w / 12), h * 0.14, w / 24, h * 0.5, { fill: "#2a3580", opacity: 0.18 });
  s.add(slats);
  const wallW = o.wallW ?? w * 0.56;
  const wy = h * 0.16;
  const wh = wallW * 0.45;
  const deckY = wy + wh + h * 0.1;
  s.add(
    uplight(s, cx - wallW * 0.62, deckY, deckY, w * 0.18, "#4a6aff", 0.3),
    uplight(s, cx + wallW * 0.62, deckY, deckY, w * 0.18, P.magenta, 0.3),
  );
  s.add(ledWall(s, cx - wallW / 2, wy, wallW, wh, o.theme, { spill: "#3a6af0" }));
  if (o.layout === "keynote") {
    const sw = wallW * 0.26;
    for (const side of [-1, 1])
      s.add(
        ledWall(
          s,
          cx + side * (wallW / 2 + sw * 0.35) + (side < 0 ? -sw : 0),
          wy + wh * 0.25,
          sw,
          sw * 0.56,
          "aurora",
          { cols: 3, rows: 2 },
        ),
      );
  }
  s.add(stageDeck(s, cx - wallW * 0.75, deckY, wallW * 1.5, h * 0.07, h * 0.06, { edge: "#4a8cff" }));
  if (o.layout === "keynote") {
    s.add(glow(s, cx - wallW * 0.05, deckY - h * 0.1, h * 0.12, h * 0.16, "#fff", 0.2));
    s.add(person(cx - wallW * 0.05, deckY - h * 0.02, h * 0.2, "#070818", { pose: "speak" }));
    s.add(lectern(s, cx + wallW * 0.38, deckY - h * 0.02, h * 0.15, "#4a8cff"));
  } else if (o.layout === "panel") {
    const n = 4;
    for (let i = 0; i < n; i++) {
      const px = cx + (i - 1.5) * wallW * 0.24;
      s.add(shadow(s, px, deckY - h * 0.02, h * 0.07, h * 0.012, 0.6));
      s.add(seatedPerson(px, deckY - h * 0.02, h * 0.17, "#070818", "#3a2f6a"));
    }
    s.add(rect(cx - wallW * 0.06, deckY - h * 0.07, wallW * 0.12, h * 0.05, { rx: 4, fill: "#d9dce8" }));
  } else {
    // projector cone from the ceiling
    const px = cx;
    const py = h * 0.02;
    s.add(
      g(
        { filter: s.blur(5) },
        poly(
          [
            [px, py + 10],
            [cx - wallW / 2, wy],
            [cx + wallW / 2, wy],
          ],
          {
            fill: s.lin([
              [0, "#fff", 0.25],
              [1, "#fff", 0.02],
            ]),
          },
        ),
      ),
    );
    s.add(rect(px - 24, py, 48, 16, { rx: 4, fill: "#d9dce8" }));
    s.add(lectern(s, cx + wallW * 0.42, deckY - h * 0.02, h * 0.14, "#4a8cff"));
  }
  // audience from behind
  s.add(glow(s, cx, deckY + h * 0.1, wallW, h * 0.1, "#3a6af0", 0.2));
  const rowsY = [0.77, 0.84, 0.92, 1.02];
  rowsY.forEach((ry, i) => {
    const size = h * (0.06 + i * 0.025);
    if (o.layout === "seminar") {
      // chair backs with covers
      const rnd = rng(o.seed + i);
      let chairs = "";
      for (let x = -size * 0.5 + (i % 2) * size * 0.5; x < w + size; x += size * 1.15) {
        if (rnd() < 0.75)
          chairs += crowd(
            s,
            o.seed + i * 17 + Math.round(x),
            h * ry - size * 0.35,
            size,
            i > 1 ? "#05060f" : "#10122a",
            { x0: x, x1: x + 1 },
          );
        chairs += rect(x - size * 0.42, h * ry - size * 0.35, size * 0.84, size * 1.2, {
          rx: size * 0.12,
          fill: i > 1 ? "#c9cde0" : "#8f95b2",
        });
        chairs += rect(x - size * 0.42, h * ry - size * 0.1, size * 0.84, size * 0.18, { fill: "#2a4ac0" });
      }
      s.add(chairs);
    } else {
      s.add(
        crowd(s, o.seed + 10 + i, h * ry, size, pick(["#181a40", "#101230", "#090a1e", "#030409"], i), {
          density: 0.62,
        }),
      );
    }
  });
}

/* ------------------------------------------------------------------ */
/* Product launch                                                       */
/* ------------------------------------------------------------------ */

function sparkFountain(s: Svg, x: number, y: number, hgt: number, seed: number): string {
  const rnd = rng(seed);
  let d = "";
  for (let i = 0; i < 90; i++) {
    const t = Math.pow(rnd(), 0.8);
    const side = rnd() - 0.5;
    const sx = x + side * hgt * (0.06 + 0.35 * t * t);
    const sy = y - t * hgt;
    const len = 3 + rnd() * 8;
    d += `M${r1(sx)} ${r1(sy)}l${r1(side * 4)} ${r1(-len)}`;
  }
  return (
    g(
      { filter: s.blur(8) },
      poly(
        [
          [x - 6, y],
          [x - hgt * 0.1, y - hgt * 0.9],
          [x + hgt * 0.1, y - hgt * 0.9],
          [x + 6, y],
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
    path(d, { stroke: "#ffe7a8", "stroke-width": 1.8, "stroke-linecap": "round" }) +
    glow(s, x, y - 5, 40, 20, "#fff2c0", 0.9)
  );
}

/** A sleek car in side view on a turntable; (cx, y) = floor centre, L = length. */
function car(s: Svg, cx: number, y: number, L: number): string {
  const k = L / 400;
  const body = s.lin([
    [0, "#f4f6fb"],
    [0.45, "#b9c0d2"],
    [0.5, "#8a92aa"],
    [1, "#3a4058"],
  ]);
  const glass = s.lin([
    [0, "#9fb4e8"],
    [1, "#1a2048"],
  ]);
  const wheel = (wx: number): string =>
    circle(wx, 88, 27, { fill: "#0b0c14" }) +
    circle(wx, 88, 17, {
      fill: s.rad([
        [0, "#e6eaf2"],
        [1, "#5a627c"],
      ]),
    }) +
    circle(wx, 88, 5, { fill: "#20243a" });
  return g(
    { transform: `translate(${r1(cx - L / 2)} ${r1(y - 115 * k)}) scale(${r1(k * 1000) / 1000})` },
    path("M6 92 L10 66 Q16 52 58 46 L118 40 Q160 10 222 8 Q284 8 326 38 L372 46 Q398 52 398 72 L396 92 Z", {
      fill: body,
    }),
    path("M132 42 Q168 18 220 16 Q268 16 300 40 Z", { fill: glass }),
    path("M214 17 L212 41", { stroke: "#b9c0d2", "stroke-width": 4 }),
    path("M20 70 L390 70", { stroke: "#fff", "stroke-width": 2, opacity: 0.5 }),
    ellipse(384, 58, 12, 5, { fill: "#fff6d6" }),
    rect(8, 60, 14, 6, { rx: 3, fill: P.magenta }),
    wheel(86),
    wheel(318),
  );
}

function launch(s: Svg, o: { seed: number; variant: "screen" | "reveal" | "car"; theme?: ScreenTheme }): void {
  const { w, h } = s;
  const cx = w / 2;
  s.add(
    rect(0, 0, w, h, {
      fill: s.lin([
        [0, "#0a0c30"],
        [1, "#04050f"],
      ]),
    }),
  );
  s.add(haze(s, o.seed, 6, h * 0.05, h * 0.6, "#7a5ad8", 0.15));
  const deckY = h * 0.68;
  const lw = w * 0.7;
  const lh = h * 0.42;
  s.add(
    ledWall(s, cx - lw / 2, h * 0.1, lw, lh, o.theme ?? (o.variant === "screen" ? "phone" : "aurora"), {
      spill: "#a040ff",
    }),
  );
  const cols = [P.magenta, P.amber, "#9a5bff"];
  for (let i = 0; i < 8; i++) {
    const t = i / 7;
    s.add(
      beam(s, {
        x: w * (0.08 + 0.84 * t),
        y: deckY - 6,
        angle: (t - 0.5) * 60,
        len: h,
        w0: 8,
        spread: 4,
        color: pick(cols, i),
        op: 0.45,
      }),
    );
  }
  s.add(stageDeck(s, w * 0.05, deckY, w * 0.9, h * 0.07, h * 0.05, { edge: P.magenta }));
  if (o.variant === "screen") {
    s.add(glow(s, w * 0.3, deckY - h * 0.12, h * 0.12, h * 0.2, "#fff", 0.25));
    s.add(person(w * 0.3, deckY - h * 0.02, h * 0.22, "#070818", { pose: "wave" }));
    // audience holding up phones
    s.add(crowd(s, o.seed + 2, h * 0.84, h * 0.08, "#12133a", { arms: 0.2, density: 0.6 }));
    const rnd = rng(o.seed + 9);
    let phones = "";
    for (let i = 0; i < 9; i++) {
      const x = w * (0.05 + rnd() * 0.9);
      const y = h * (0.74 + rnd() * 0.06);
      phones += glow(s, x, y, 18, 18, "#bfe6ff", 0.5) + rect(x - 5, y - 8, 10, 16, { rx: 2, fill: "#dff2ff" });
    }
    s.add(phones);
    s.add(crowd(s, o.seed + 3, h * 1.0, h * 0.13, "#030409", { arms: 0.15 }));
  } else if (o.variant === "car") {
    const py = deckY - h * 0.005;
    s.add(
      g(
        { filter: s.blur(8) },
        poly(
          [
            [cx - 40, 0],
            [cx + 40, 0],
            [cx + 260, py],
            [cx - 260, py],
          ],
          {
            fill: s.lin([
              [0, "#fff", 0.04],
              [1, "#fff", 0.22],
            ]),
          },
        ),
      ),
    );
    s.add(
      ellipse(cx, py, 270, 34, { fill: "#1a1d30" }),
      ellipse(cx, py - 4, 262, 30, {
        fill: s.rad([
          [0, "#4a5276"],
          [1, "#202438"],
        ]),
      }),
    );
    s.add(
      path(`M${cx - 270} ${r1(py)} A270 34 0 0 0 ${cx + 270} ${r1(py)}`, {
        fill: "none",
        stroke: s.lin(
          [
            [0, P.magenta],
            [0.5, P.amber],
            [1, P.magenta],
          ],
          0,
          0,
          1,
          0,
        ),
        "stroke-width": 4,
      }),
    );
    s.add(glow(s, cx, py, 340, 60, P.magenta, 0.3));
    s.add(shadow(s, cx, py - 6, 210, 16, 0.8));
    s.add(car(s, cx, py - 6, 420));
    // confetti
    const rnd = rng(o.seed + 4);
    let conf = "";
    for (let i = 0; i < 60; i++) {
      const x = rnd() * w;
      const y = rnd() * h * 0.6;
      conf += rect(x, y, 4 + rnd() * 4, 8 + rnd() * 6, {
        fill: pick([P.amber, P.magenta, "#ffffff", P.gold], i),
        opacity: 0.85,
        transform: `rotate(${Math.round(rnd() * 180)} ${r1(x)} ${r1(y)})`,
      });
    }
    s.add(conf);
    s.add(crowd(s, o.seed + 2, h * 0.88, h * 0.08, "#12133a", { arms: 0.25, density: 0.6 }));
    s.add(crowd(s, o.seed + 3, h * 1.0, h * 0.13, "#030409", { arms: 0.2 }));
  } else {
    // pedestal with the product under a spotlight
    const py = deckY - h * 0.01;
    s.add(
      g(
        { filter: s.blur(6) },
        poly(
          [
            [cx - 20, 0],
            [cx + 20, 0],
            [cx + 120, py],
            [cx - 120, py],
          ],
          {
            fill: s.lin([
              [0, "#fff", 0.05],
              [1, "#fff", 0.3],
            ]),
          },
        ),
      ),
    );
    s.add(
      ellipse(cx, py, 130, 22, {
        fill: s.rad([
          [0, "#fff", 0.5],
          [1, "#fff", 0],
        ]),
      }),
    );
    s.add(
      rect(cx - 70, py - h * 0.12, 140, h * 0.12, {
        fill: s.lin(
          [
            [0, "#1a1d30"],
            [0.5, "#4a5276"],
            [1, "#12141f"],
          ],
          0,
          0,
          1,
          0,
        ),
      }),
    );
    s.add(
      ellipse(cx, py - h * 0.12, 70, 12, { fill: "#6a7298" }),
      ellipse(cx, py, 70, 12, { fill: "#12141f" }),
      ellipse(cx, py - h * 0.015, 70, 6, { fill: P.magenta, opacity: 0.0 }),
    );
    const ph = h * 0.2;
    const pw = ph * 0.48;
    const ty = py - h * 0.12 - 6;
    s.add(glow(s, cx, ty - ph / 2, pw * 2.2, ph * 0.9, P.magenta, 0.45));
    s.add(rect(cx - pw / 2, ty - ph, pw, ph, { rx: pw * 0.16, fill: "#0b0b18", stroke: "#dfe3ef", "stroke-width": 2 }));
    s.add(
      rect(cx - pw / 2 + 4, ty - ph + 4, pw - 8, ph - 8, {
        rx: pw * 0.13,
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
      }),
    );
    for (const [x, i] of [
      [w * 0.14, 0],
      [w * 0.28, 1],
      [w * 0.72, 2],
      [w * 0.86, 3],
    ] as Array<[number, number]>) {
      s.add(sparkFountain(s, x, deckY - 4, h * 0.4, o.seed + i * 5));
      s.add(rect(x - 22, deckY - 8, 44, 14, { rx: 3, fill: "#15182a" }));
    }
    s.add(crowd(s, o.seed + 2, h * 0.86, h * 0.08, "#12133a", { arms: 0.1, density: 0.6 }));
    s.add(crowd(s, o.seed + 3, h * 1.0, h * 0.13, "#030409", { arms: 0.1 }));
  }
}

/* ------------------------------------------------------------------ */
/* Exhibition hall                                                      */
/* ------------------------------------------------------------------ */

function booth(s: Svg, x: number, y: number, bw: number, bh: number, color: string, theme: ScreenTheme): string {
  const wall = s.lin([
    [0, "#f3f4fa"],
    [1, "#c9cde0"],
  ]);
  let out = shadow(s, x + bw / 2, y + 4, bw * 0.6, bh * 0.05, 0.6);
  out += rect(x, y - bh, bw, bh, { fill: wall });
  out += rect(x, y - bh, bw, bh * 0.14, { fill: color });
  out += rect(x + bw * 0.06, y - bh * 0.8, bw * 0.5, bh * 0.34, { fill: "#05060d" });
  out += ledWall(s, x + bw * 0.07, y - bh * 0.79, bw * 0.48, bh * 0.32, theme, { cols: 3, rows: 2, frame: false });
  out += circle(x + bw * 0.78, y - bh * 0.6, bh * 0.12, { fill: color, opacity: 0.85 });
  out += rect(x + bw * 0.66, y - bh * 0.38, bw * 0.24, bh * 0.04, { rx: 3, fill: color, opacity: 0.5 });
  // counter
  out += rect(x + bw * 0.2, y - bh * 0.3, bw * 0.45, bh * 0.3, {
    fill: s.lin([
      [0, "#ffffff"],
      [1, "#b9bed4"],
    ]),
  });
  out += rect(x + bw * 0.2, y - bh * 0.3, bw * 0.45, bh * 0.05, { fill: "#2a2f45" });
  out += rect(x + bw * 0.2, y - bh * 0.06, bw * 0.45, bh * 0.02, { fill: color });
  out += glow(s, x + bw / 2, y - bh * 1.02, bw * 0.4, bh * 0.1, "#fff", 0.25);
  return out;
}

function exhibition(s: Svg, seed: number): void {
  const { w, h } = s;
  s.add(
    rect(0, 0, w, h, {
      fill: s.lin([
        [0, "#12184a"],
        [1, "#0a0c28"],
      ]),
    }),
  );
  s.add(downlights(s, h * 0.05, 9, h * 0.01));
  // roof truss grid
  s.add(truss(-20, h * 0.13, w + 20, h * 0.13, 16), truss(-20, h * 0.22, w + 20, h * 0.22, 12, { tone: 0.6 }));
  s.add(
    rect(0, h * 0.55, w, h * 0.45, {
      fill: s.lin([
        [0, "#2a2f5a"],
        [1, "#14183a"],
      ]),
    }),
  );
  // aisle carpet
  s.add(
    poly(
      [
        [w * 0.44, h * 0.55],
        [w * 0.56, h * 0.55],
        [w * 0.78, h],
        [w * 0.22, h],
      ],
      {
        fill: s.lin([
          [0, "#8a1c4a"],
          [1, "#c02a62"],
        ]),
      },
    ),
  );
  s.add(booth(s, w * 0.04, h * 0.62, w * 0.36, h * 0.36, P.magenta, "aurora"));
  s.add(booth(s, w * 0.6, h * 0.62, w * 0.36, h * 0.36, "#2a6aff", "tech"));
  s.add(booth(s, w * 0.38, h * 0.53, w * 0.24, h * 0.25, P.amber, "sunset"));
  for (const [x, hh, c] of [
    [0.3, 0.3, "#0a0b1e"],
    [0.52, 0.24, "#151738"],
    [0.66, 0.32, "#090a1a"],
    [0.44, 0.26, "#11132e"],
    [0.85, 0.36, "#05060f"],
    [0.12, 0.38, "#05060f"],
  ] as Array<[number, number, string]>) {
    s.add(
      shadow(s, w * x, h * (0.66 + hh * 0.9), hh * h * 0.2, 6, 0.5),
      person(w * x, h * (0.66 + hh * 0.9), h * hh, c, { pose: x === 0.52 ? "speak" : "stand" }),
    );
  }
  s.add(haze(s, seed, 4, h * 0.1, h * 0.5, "#9a8ae0", 0.08));
}

/* ------------------------------------------------------------------ */
/* Wedding aisle                                                        */
/* ------------------------------------------------------------------ */

function weddingAisle(s: Svg, seed: number): void {
  const { w, h } = s;
  s.add(
    rect(0, 0, w, h, {
      fill: s.lin([
        [0, "#2a1640"],
        [1, "#120a22"],
      ]),
    }),
  );
  s.add(drapes(s, 0, h * 0.6, "#f7e3c8", 30));
  for (let i = 0; i < 6; i++)
    s.add(uplight(s, w * (0.08 + i * 0.17), h * 0.6, h * 0.58, w * 0.18, i % 2 ? P.magenta : P.amber, 0.3));
  // hanging light strands
  const rnd = rng(seed);
  let strands = "";
  for (let i = 0; i < 26; i++) {
    const x = w * (0.03 + i * 0.037);
    const len = h * (0.12 + rnd() * 0.2);
    strands += line(x, 0, x, len, { stroke: "#c9a060", "stroke-width": 1, opacity: 0.6 });
    strands += glow(s, x, len, 14, 14, "#ffd890", 0.8) + circle(x, len, 3.5, { fill: "#fff6dc" });
  }
  s.add(strands);
  s.add(
    rect(0, h * 0.6, w, h * 0.4, {
      fill: s.lin([
        [0, "#3a2448"],
        [1, "#0d0818"],
      ]),
    }),
  );
  s.add(floralArchShape(s, w / 2, h * 0.62, w * 0.17, h * 0.2, seed + 5));
  s.add(
    poly(
      [
        [w * 0.45, h * 0.62],
        [w * 0.55, h * 0.62],
        [w * 0.74, h],
        [w * 0.26, h],
      ],
      {
        fill: s.lin([
          [0, "#f5ecdf"],
          [1, "#cdbca8"],
        ]),
      },
    ),
  );
  // chairs rows on both sides
  for (let r = 0; r < 5; r++) {
    const t = r / 4;
    const y = h * (0.66 + t * 0.3);
    const sz = h * (0.05 + t * 0.07);
    for (const side of [-1, 1]) {
      for (let k = 0; k < 4; k++) {
        const x = w / 2 + side * (w * (0.09 + t * 0.19) + k * sz * 1.3);
        s.add(
          rect(x - sz * 0.4, y - sz * 1.3, sz * 0.8, sz * 1.3, {
            rx: sz * 0.12,
            fill: s.lin([
              [0, "#fbf6ee"],
              [1, "#c7bcab"],
            ]),
          }),
          rect(x - sz * 0.4, y - sz * 0.95, sz * 0.8, sz * 0.2, { fill: P.magenta, opacity: 0.85 }),
        );
        if (k === 0)
          s.add(
            flowers(
              s,
              seed + r * 7 + side,
              [[x - side * sz * 0.45, y - sz * 1.1]],
              sz * 0.14,
              ["#fff", "#ffb6d0", "#f46aa0"],
              { count: 3 },
            ),
          );
      }
    }
  }
  const pet = rng(seed + 1);
  let petals = "";
  for (let i = 0; i < 40; i++) {
    const t = pet();
    const half = w * (0.05 + t * 0.2);
    petals += ellipse(w / 2 + (pet() - 0.5) * 2 * half, h * (0.63 + t * 0.36), 2 + t * 4, 1.5 + t * 2, {
      fill: pet() < 0.5 ? "#ff8fbf" : "#fff",
      opacity: 0.9,
    });
  }
  s.add(petals);
}

/* ------------------------------------------------------------------ */
/* Jobs                                                                 */
/* ------------------------------------------------------------------ */

function pic(draw: (s: Svg) => void, finish: "vignette" | "hero" = "vignette", hero = false): () => string {
  return () => {
    const s = hero ? new Svg(960, 540, 2) : new Svg(960, 720);
    draw(s);
    if (finish === "hero") {
      vignette(s, 0.35);
      heroShade(s);
    } else vignette(s, 0.45);
    return s.toString();
  };
}

export function eventJobs(): Job[] {
  const list: Array<[string, (s: Svg) => void]> = [
    ["annual-tech-summit-2024-1", (s) => conference(s, { seed: 101, theme: "tech", layout: "keynote" })],
    ["annual-tech-summit-2024-2", (s) => conference(s, { seed: 102, theme: "aurora", layout: "panel", wallW: 620 })],
    ["wedding-expo-dhaka-1", (s) => hall(s, { seed: 201, kind: "wedding" })],
    ["wedding-expo-dhaka-2", (s) => weddingAisle(s, 202)],
    ["music-festival-coxs-bazar-1", (s) => concert(s, { seed: 301, theme: "ocean", outdoor: "beach", stageW: 560 })],
    [
      "music-festival-coxs-bazar-2",
      (s) =>
        concert(s, {
          seed: 302,
          theme: "sunset",
          outdoor: "twilight",
          stageW: 460,
          cx: 560,
          colors: [P.amber, P.magenta, P.gold],
        }),
    ],
    ["corporate-gala-night-1", (s) => hall(s, { seed: 401, kind: "gala", tableRows: 2 })],
    [
      "corporate-gala-night-2",
      (s) =>
        hall(s, { seed: 402, kind: "gala", tableRows: 1, stageW: 640, chandeliers: [120, 480, 840], foreground: true }),
    ],
    ["product-launch-smartphone-1", (s) => launch(s, { seed: 501, variant: "screen" })],
    ["product-launch-smartphone-2", (s) => launch(s, { seed: 502, variant: "reveal" })],
  ];
  return list.map(([name, draw]) => photo("events", name, pic(draw)));
}

export function galleryJobs(): Job[] {
  const list: Array<[string, (s: Svg) => void]> = [
    [
      "corporate",
      (s) => hall(s, { seed: 601, kind: "gala", tableRows: 2, stageW: 600, screen: "tech", chandeliers: [240, 720] }),
    ],
    ["wedding", (s) => hall(s, { seed: 602, kind: "holud", tableRows: 1 })],
    ["concert", (s) => concert(s, { seed: 603, theme: "aurora", stageW: 620, crowdArms: 0.45 })],
    ["exhibition", (s) => exhibition(s, 604)],
    ["product-launch", (s) => launch(s, { seed: 605, variant: "car", theme: "ocean" })],
    ["conference", (s) => conference(s, { seed: 606, theme: "tech", layout: "seminar", wallW: 500 })],
  ];
  return list.map(([name, draw]) => photo("gallery", name, pic(draw)));
}

export function heroJobs(): Job[] {
  const list: Array<[string, (s: Svg) => void]> = [
    ["hero-1", (s) => concert(s, { seed: 701, theme: "aurora", cx: 590, stageW: 500, crowdArms: 0.4 })],
    ["hero-2", (s) => hall(s, { seed: 702, kind: "wedding", cx: 620, stageW: 400, chandeliers: [300, 620, 900] })],
    ["hero-3", (s) => conference(s, { seed: 703, theme: "tech", layout: "keynote", cx: 580, wallW: 430 })],
    [
      "hero-4",
      (s) =>
        concert(s, {
          seed: 704,
          theme: "sunset",
          outdoor: "twilight",
          cx: 620,
          stageW: 480,
          colors: [P.amber, P.magenta, P.gold],
        }),
    ],
  ];
  return list.map(([name, draw]) => ({
    svg: pic(draw, "hero", true),
    outputs: [
      { file: `images/hero/${name}.webp`, budget: 120 * KB },
      { file: `images/hero/${name}-960w.webp`, width: 960, budget: 45 * KB },
      { file: `images/hero/${name}-480w.webp`, width: 480, budget: 15 * KB },
    ],
  }));
}
