/**
 * Product illustrations (960x720). Each function draws one picture.
 */
import {
  FABRIC,
  P,
  type Pt,
  beam,
  chandelier,
  coffeeTable,
  crowd,
  flowers,
  glow,
  haze,
  ledWall,
  lineArray,
  movingHead,
  parCan,
  person,
  screenContent,
  shadow,
  sofa,
  stageDeck,
  studio,
  subwoofer,
  truss,
  trussBlock,
  uplight,
  vignette,
} from "../lib/parts";
import { Svg, circle, ellipse, g, line, path, pick, poly, r1, rect, rng } from "../lib/svg";
import { type Job, photo } from "./types";
import {
  airCooler,
  backdropBanner,
  cocktailTables,
  coldSpark,
  confidenceMonitor,
  floralArch,
  fogHazer,
  generator,
  laserProjector,
  ledPar,
  modularStage,
  riggingKit,
  wirelessMic,
} from "./products2";

const W = 960;
const H = 720;

/* ---------------- helpers specific to products ---------------- */

/** LED wall in perspective given four corners (TL, TR, BR, BL). */
function ledWallPersp(
  s: Svg,
  c: [Pt, Pt, Pt, Pt],
  theme: Parameters<typeof screenContent>[5],
  cols: number,
  rows: number,
): string {
  const [TL, TR, BR, BL] = c;
  const xs = c.map((p) => p[0]);
  const ys = c.map((p) => p[1]);
  const bx = Math.min(...xs);
  const by = Math.min(...ys);
  const bw = Math.max(...xs) - bx;
  const bh = Math.max(...ys) - by;
  const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  // perspective-ish spacing: columns shrink towards the far (right) edge
  const near = Math.abs(BL[1] - TL[1]);
  const far = Math.abs(BR[1] - TR[1]);
  const colT = (i: number): number => {
    const k = far / near;
    // solve for projective spacing
    const t = i / cols;
    return t / (t + (1 - t) / k);
  };
  let grid = "";
  for (let i = 1; i < cols; i++) {
    const t = colT(i);
    const a = lerp(TL, TR, t);
    const b = lerp(BL, BR, t);
    grid += `M${r1(a[0])} ${r1(a[1])}L${r1(b[0])} ${r1(b[1])}`;
  }
  for (let j = 1; j < rows; j++) {
    const t = j / rows;
    const a = lerp(TL, BL, t);
    const b = lerp(TR, BR, t);
    grid += `M${r1(a[0])} ${r1(a[1])}L${r1(b[0])} ${r1(b[1])}`;
  }
  const clip = s.clip(poly(c));
  return (
    g({ "clip-path": clip }, screenContent(s, bx, by, bw, bh, theme)) +
    path(grid, { stroke: "#05060d", "stroke-width": 1.6, opacity: 0.5 }) +
    poly(c, {
      fill: s.lin(
        [
          [0, "#fff", 0.14],
          [0.5, "#fff", 0],
          [1, "#000", 0.2],
        ],
        0,
        0,
        1,
        1,
      ),
    }) +
    poly(c, { fill: "none", stroke: "#05060d", "stroke-width": 4 })
  );
}

/** Floor reflection of a bright rectangle. */
function reflection(s: Svg, x: number, y: number, w: number, h: number, color: string, op = 0.3): string {
  return rect(x, y, w, h, {
    fill: s.lin([
      [0, color, op],
      [1, color, 0],
    ]),
  });
}

/* ---------------- LED wall ---------------- */

function ledWall1(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 560, glowY: 300, glow: "#6a32c8" });
  const x = 175;
  const y = 110;
  const w = 610;
  const h = 366;
  // ground support legs
  s.add(truss(x + 60, y + h, x + 60, 560, 26), truss(x + w - 60, y + h, x + w - 60, 560, 26));
  s.add(
    rect(x + 10, 552, 110, 10, { rx: 3, fill: "#59627e" }),
    rect(x + w - 120, 552, 110, 10, { rx: 3, fill: "#59627e" }),
  );
  s.add(shadow(s, W / 2, 562, 360, 26, 0.7));
  s.add(reflection(s, x, 566, w, 130, "#b44ad0", 0.28));
  s.add(ledWall(s, x, y, w, h, "aurora", { cols: 10, rows: 6, spill: "#7b3cff" }));
  s.add(rect(x - 4, y + h + 2, w + 8, 10, { fill: "#1a1e30" }));
  vignette(s, 0.5);
  return s.toString();
}

function ledWall2(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 590, glowX: 380, glowY: 300, glow: "#7a2aa8", left: P.amber, right: P.magenta });
  const TL: Pt = [90, 70];
  const TR: Pt = [830, 170];
  const BR: Pt = [830, 470];
  const BL: Pt = [90, 540];
  s.add(glow(s, 420, 320, 520, 330, "#ff7a45", 0.28));
  // side depth of the cabinets
  s.add(poly([TR, [852, 176], [852, 466], BR], { fill: "#1d2136" }));
  // support tower at the far end
  s.add(truss(870, 180, 870, 590, 22, { tone: 0.5 }));
  s.add(shadow(s, 470, 596, 430, 24, 0.7));
  s.add(
    poly(
      [
        [90, 545],
        [830, 474],
        [860, 478],
        [860, 492],
        [90, 566],
      ],
      { fill: "#141829" },
    ),
  );
  s.add(ledWallPersp(s, [TL, TR, BR, BL], "sunset", 12, 7));
  s.add(
    poly(
      [
        [90, 600],
        [830, 596],
        [830, 690],
        [90, 720],
      ],
      {
        fill: s.lin([
          [0, "#ff7a45", 0.22],
          [1, "#ff7a45", 0],
        ]),
      },
    ),
  );
  vignette(s, 0.45);
  return s.toString();
}

function ledWall3(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#0a0d2c"],
        [1, "#05061a"],
      ]),
    }),
  );
  s.add(haze(s, 31, 6, 60, 420, "#6d52d8", 0.16));
  const sx = 150;
  const sy = 90;
  const sw = 660;
  const sh = 330;
  s.add(ledWall(s, sx, sy, sw, sh, "ocean", { cols: 12, rows: 6, spill: "#2f8fe0" }));
  // beams from floor fixtures
  for (const [bx, a, c] of [
    [120, 18, P.magenta],
    [250, 8, P.amber],
    [710, -8, P.amber],
    [840, -18, P.magenta],
  ] as Array<[number, number, string]>) {
    s.add(beam(s, { x: bx, y: 470, angle: a, len: 520, w0: 14, spread: 6, color: c, op: 0.45 }));
  }
  s.add(stageDeck(s, 60, 480, 840, 70, 40, { edge: P.magenta }));
  for (const bx of [120, 250, 710, 840])
    s.add(rect(bx - 16, 455, 32, 22, { rx: 4, fill: "#1b1f33" }), glow(s, bx, 456, 30, 14, "#fff", 0.6));
  s.add(person(480, 470, 120, "#090a16", { pose: "speak" }));
  s.add(crowd(s, 5, 650, 70, "#0b0c1c", { arms: 0.25 }));
  s.add(crowd(s, 9, 720, 90, "#04050d", { arms: 0.15 }));
  vignette(s, 0.5);
  return s.toString();
}

/* ---------------- Moving head ---------------- */

function movingHead1(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 600, glowX: 480, glowY: 380, glow: "#3e2a9a" });
  s.add(haze(s, 3, 5, 40, 500, "#9c6ad8", 0.14));
  const m = movingHead(s, 480, 610, 1.75, 18, P.magenta);
  s.add(
    beam(s, {
      x: m.info.lx,
      y: m.info.ly,
      angle: m.info.angle,
      len: 760,
      w0: 120,
      spread: 5,
      color: P.magenta,
      op: 0.6,
      blur: 4,
    }),
  );
  s.add(shadow(s, 480, 612, 180, 22, 0.75));
  s.add(m.svg);
  s.add(glow(s, m.info.lx, m.info.ly, 120, 60, "#ffc6ea", 0.6));
  vignette(s, 0.45);
  return s.toString();
}

function movingHead2(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#0b0f33"],
        [1, "#05071a"],
      ]),
    }),
  );
  s.add(haze(s, 11, 7, 40, 520, "#7d5ce0", 0.16));
  const xs = [150, 315, 480, 645, 810];
  const tilts = [-34, -18, 0, 18, 34];
  const cols = [P.amber, P.magenta, P.gold, P.magenta, P.amber];
  const heads = xs.map((x, i) => movingHead(s, x, 560, 0.78, pick(tilts, i), pick(cols, i)));
  heads.forEach((m, i) =>
    s.add(
      beam(s, {
        x: m.info.lx,
        y: m.info.ly,
        angle: m.info.angle,
        len: 700,
        w0: 52,
        spread: 4,
        color: pick(cols, i),
        op: 0.6,
      }),
    ),
  );
  // truss on the floor the fixtures stand on
  s.add(
    rect(0, 585, W, H - 585, {
      fill: s.lin([
        [0, "#141938"],
        [1, "#05061a"],
      ]),
    }),
  );
  s.add(truss(40, 575, 920, 575, 30));
  heads.forEach((m) => s.add(m.svg));
  heads.forEach((m, i) => s.add(glow(s, m.info.lx, m.info.ly, 60, 28, pick(cols, i), 0.7)));
  s.add(crowd(s, 21, 720, 80, "#03040b", { arms: 0.35 }));
  vignette(s, 0.45);
  return s.toString();
}

function movingHead3(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 640, glowX: 520, glowY: 260, glow: "#5a2aa0", left: P.amber, right: P.magenta });
  s.add(haze(s, 17, 5, 200, 650, "#b07ad8", 0.12));
  s.add(truss(-20, 70, 980, 70, 44));
  const a = movingHead(s, 300, 96, 1.3, -20, P.amber, { hang: true });
  const b = movingHead(s, 700, 96, 1.3, 24, P.magenta, { hang: true });
  for (const [m, c] of [
    [a, P.amber],
    [b, P.magenta],
  ] as const) {
    s.add(
      beam(s, {
        x: m.info.lx,
        y: m.info.ly,
        angle: m.info.angle,
        len: 640,
        w0: 90,
        spread: 9,
        color: c,
        op: 0.55,
        blur: 5,
      }),
    );
  }
  for (const [m, c] of [
    [a, P.gold],
    [b, P.pink],
  ] as const) {
    const t = (660 - m.info.ly) / -Math.cos((m.info.angle * Math.PI) / 180);
    const px = m.info.lx + Math.sin((m.info.angle * Math.PI) / 180) * t;
    s.add(
      ellipse(px, 665, 190, 34, {
        fill: s.rad([
          [0, c, 0.55],
          [1, c, 0],
        ]),
      }),
    );
  }
  s.add(rect(280, 70, 40, 40, { fill: "#9aa3b8", rx: 4 }), rect(680, 70, 40, 40, { fill: "#9aa3b8", rx: 4 }));
  s.add(a.svg, b.svg);
  s.add(glow(s, a.info.lx, a.info.ly, 90, 50, P.gold, 0.6), glow(s, b.info.lx, b.info.ly, 90, 50, P.pink, 0.6));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Line array ---------------- */

function lineArray1(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 640, glowX: 440, glowY: 330, glow: "#40309a" });
  s.add(lineArray(s, 560, 90, 1.15, 9, { cableTop: -10 }));
  s.add(
    ellipse(470, 670, 260, 26, {
      fill: s.rad([
        [0, "#000", 0.5],
        [1, "#000", 0],
      ]),
    }),
  );
  vignette(s, 0.45);
  return s.toString();
}

function lineArray2(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#0c1036"],
        [1, "#05061a"],
      ]),
    }),
  );
  s.add(haze(s, 41, 6, 60, 460, "#7050d0", 0.15));
  s.add(ledWall(s, 290, 180, 380, 220, "aurora", { cols: 8, rows: 4, spill: "#8a3cf0" }));
  s.add(truss(60, 70, 900, 70, 26), truss(80, 70, 80, 520, 26), truss(880, 70, 880, 520, 26));
  s.add(lineArray(s, 240, 110, 0.62, 10, { cableTop: 70 }));
  s.add(lineArray(s, 720, 110, 0.62, 10, { cableTop: 70, mirror: true }));
  for (const [bx, a, c] of [
    [330, -14, P.amber],
    [420, -5, P.magenta],
    [540, 5, P.magenta],
    [630, 14, P.amber],
  ] as Array<[number, number, string]>)
    s.add(beam(s, { x: bx, y: 480, angle: a, len: 480, w0: 10, spread: 5, color: c, op: 0.45 }));
  s.add(stageDeck(s, 40, 500, 880, 60, 30));
  s.add(subwoofer(s, 130, 500, 120, 70), subwoofer(s, 830, 500, 120, 70));
  s.add(crowd(s, 13, 660, 64, "#0b0c1e", { arms: 0.3 }), crowd(s, 17, 720, 86, "#040510", { arms: 0.2 }));
  vignette(s, 0.45);
  return s.toString();
}

function lineArray3(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 600, glowX: 600, glowY: 330, glow: "#5a2c9c", left: P.amber });
  s.add(lineArray(s, 470, 40, 1.5, 5, { cableTop: -10, splay: [0, 1, 2, 3, 4] }));
  s.add(shadow(s, 740, 604, 190, 18, 0.7));
  s.add(subwoofer(s, 740, 604, 300, 150), subwoofer(s, 740, 454, 300, 150));
  s.add(glow(s, 740, 300, 220, 120, P.magenta, 0.15));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- 360 photo booth ---------------- */

function booth(s: Svg, cx: number, cy: number, R: number, o: { on?: boolean; armAngle?: number } = {}): string {
  const ry = R * 0.26;
  const hb = R * 0.2;
  const side = s.lin(
    [
      [0, "#121526"],
      [0.25, "#4d5575"],
      [0.5, "#262b42"],
      [0.8, "#3c4464"],
      [1, "#0e101c"],
    ],
    0,
    0,
    1,
    0,
  );
  const top = s.rad(
    [
      [0, "#3a4064"],
      [0.7, "#1a1d30"],
      [1, "#0d0f1a"],
    ],
    0.45,
    0.35,
    0.7,
  );
  const led = s.lin(
    [
      [0, P.magenta],
      [0.5, P.amber],
      [1, P.magenta],
    ],
    0,
    0,
    1,
    0,
  );
  let out = "";
  if (o.on) out += glow(s, cx, cy + hb, R * 1.5, R * 0.55, P.magenta, 0.5);
  out += shadow(s, cx, cy + hb + 6, R * 1.1, ry * 1.1, 0.7);
  // arm under the deck reaching out to the right, then a pole up
  const ax = cx + R * 1.32;
  const ay = cy + hb * 0.55;
  const poleTop = cy - R * 1.25;
  out += rect(cx, ay - 8, ax - cx, 16, {
    rx: 6,
    fill: s.lin([
      [0, "#9aa3ba"],
      [1, "#3d445d"],
    ]),
  });
  out += path(
    `M${r1(cx - R)} ${r1(cy)}L${r1(cx - R)} ${r1(cy + hb)}A${r1(R)} ${r1(ry)} 0 0 0 ${r1(cx + R)} ${r1(cy + hb)}L${r1(cx + R)} ${r1(cy)}Z`,
    { fill: side },
  );
  out += path(`M${r1(cx - R)} ${r1(cy + hb * 0.72)}A${r1(R)} ${r1(ry)} 0 0 0 ${r1(cx + R)} ${r1(cy + hb * 0.72)}`, {
    fill: "none",
    stroke: o.on ? led : "#4a3a6a",
    "stroke-width": 5,
  });
  out += ellipse(cx, cy, R, ry, { fill: top });
  out += ellipse(cx, cy, R * 0.94, ry * 0.92, { fill: "none", stroke: "#596188", "stroke-width": 2, opacity: 0.8 });
  out += ellipse(cx - R * 0.25, cy - ry * 0.3, R * 0.45, ry * 0.35, { fill: "#fff", opacity: 0.06 });
  // pole + counterweight + mount
  out += rect(ax - 10, ay - 20, 20, 34, { rx: 5, fill: "#23283e" });
  out += rect(ax - 6, poleTop, 12, ay - poleTop, {
    rx: 5,
    fill: s.lin(
      [
        [0, "#d8deea"],
        [1, "#5b6380"],
      ],
      0,
      0,
      1,
      0,
    ),
  });
  out += rect(ax - 6, poleTop + 40, 12, 8, { fill: "#2a2f45" });
  out += circle(ax + 6, ay + 20, 9, { fill: "#0d0f1a" });
  // ring light + phone facing the platform
  const ringY = poleTop - R * 0.02;
  out += g(
    { transform: `translate(${r1(ax - 4)} ${r1(ringY)})` },
    o.on ? glow(s, -10, 0, R * 0.35, R * 0.35, "#fff3e0", 0.55) : "",
    ellipse(-8, 0, R * 0.07, R * 0.2, { fill: "none", stroke: o.on ? "#fffaf0" : "#c5cada", "stroke-width": R * 0.04 }),
    rect(-16, -R * 0.11, 14, R * 0.22, { rx: 4, fill: "#0b0c16", stroke: "#8e96b0", "stroke-width": 2 }),
  );
  return out;
}

function booth1(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 580, glowX: 470, glowY: 330, glow: "#5030b0" });
  s.add(booth(s, 410, 540, 260, { on: true }));
  vignette(s, 0.45);
  return s.toString();
}

function booth2(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 560, glowX: 470, glowY: 300, glow: "#7a2aa0", left: P.amber, right: P.magenta });
  const cx = 450;
  const cy = 545;
  // swirl arcs showing rotation
  for (let i = 0; i < 4; i++) {
    const rx = 300 + i * 30;
    const ry = 90 + i * 8;
    const yy = cy - 150 - i * 40;
    s.add(
      path(`M${cx - rx} ${yy}A${rx} ${ry} 0 0 0 ${cx + rx} ${yy}`, {
        fill: "none",
        stroke: s.lin(
          [
            [0, P.magenta, 0],
            [0.5, i % 2 ? P.amber : P.pink, 0.7],
            [1, P.magenta, 0],
          ],
          0,
          0,
          1,
          0,
        ),
        "stroke-width": 5 - i,
        "stroke-linecap": "round",
        filter: s.blur(1.5),
      }),
    );
  }
  s.add(booth(s, cx, cy, 220, { on: true }));
  s.add(person(cx - 60, cy + 12, 280, "#12142a"));
  s.add(person(cx + 50, cy + 8, 300, "#0a0b18", { pose: "wave" }));
  vignette(s, 0.45);
  return s.toString();
}

function booth3(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#1a1240"],
        [1, "#0a0a22"],
      ]),
    }),
  );
  // sequin backdrop
  s.add(
    rect(60, 60, 840, 430, {
      fill: s.lin(
        [
          [0, "#3a1f6a"],
          [0.5, "#8a2c8a"],
          [1, "#ffb04a"],
        ],
        0,
        0,
        1,
        1,
      ),
      opacity: 0.85,
    }),
  );
  const rnd = rng(77);
  let dots = "";
  for (let i = 0; i < 90; i++)
    dots += circle(60 + rnd() * 840, 60 + rnd() * 430, 2 + rnd() * 5, { fill: "#fff", opacity: r1(0.1 + rnd() * 0.3) });
  s.add(dots);
  s.add(
    rect(60, 60, 840, 430, {
      fill: s.lin([
        [0, "#000", 0],
        [1, "#000", 0.55],
      ]),
    }),
  );
  s.add(
    rect(0, 490, W, 230, {
      fill: s.lin([
        [0, "#20183e"],
        [1, "#07061a"],
      ]),
    }),
  );
  s.add(booth(s, 430, 560, 200, { on: true }));
  // stanchions with velvet rope
  for (const x of [90, 870]) {
    s.add(
      rect(x - 5, 520, 10, 130, {
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
      ellipse(x, 652, 26, 8, { fill: "#c89a3a" }),
      circle(x, 516, 9, { fill: "#ffe09a" }),
    );
  }
  s.add(path("M90 540 Q480 640 870 540", { fill: "none", stroke: "#8a1238", "stroke-width": 9 }));
  s.add(person(760, 700, 300, "#06060f"), person(150, 715, 320, "#06060f", { pose: "speak" }));
  vignette(s, 0.5);
  return s.toString();
}

/* ---------------- Truss ---------------- */

function truss1(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 610, glowY: 320, glow: "#3c3aa8" });
  const T = 40;
  s.add(shadow(s, 480, 612, 420, 22, 0.6));
  s.add(truss(180, 160, 180, 600, T), truss(780, 160, 780, 600, T), truss(180, 160, 780, 160, T));
  s.add(trussBlock(180, 160, T), trussBlock(780, 160, T));
  for (const x of [180, 780])
    s.add(rect(x - 60, 600, 120, 12, { rx: 3, fill: "#8a93aa" }), rect(x - 60, 608, 120, 4, { fill: "#3a4058" }));
  const lights = [330, 480, 630];
  for (const [i, x] of lights.entries()) {
    const c = i === 1 ? P.amber : P.magenta;
    const m = movingHead(s, x, 186, 0.45, (i - 1) * 14, c, { hang: true });
    s.add(
      beam(s, { x: m.info.lx, y: m.info.ly, angle: m.info.angle, len: 420, w0: 30, spread: 10, color: c, op: 0.4 }),
    );
    s.add(m.svg);
  }
  vignette(s, 0.4);
  return s.toString();
}

function truss2(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 600, glowY: 330, glow: "#4a2ab0", left: P.amber, right: P.magenta });
  const F = 36;
  const B = 24;
  // back structure
  s.add(
    truss(270, 220, 270, 560, B, { tone: 0.5 }),
    truss(690, 220, 690, 560, B, { tone: 0.5 }),
    truss(270, 220, 690, 220, B, { tone: 0.5 }),
  );
  s.add(stageDeck(s, 200, 585, 560, 50, 60));
  // side roof beams
  s.add(truss(150, 130, 270, 220, 30, { tone: 0.7 }), truss(810, 130, 690, 220, 30, { tone: 0.7 }));
  s.add(truss(150, 130, 150, 640, F), truss(810, 130, 810, 640, F), truss(150, 130, 810, 130, F));
  s.add(trussBlock(150, 130, F), trussBlock(810, 130, F), trussBlock(270, 220, B), trussBlock(690, 220, B));
  for (const x of [150, 810]) s.add(rect(x - 55, 638, 110, 12, { rx: 3, fill: "#8a93aa" }));
  // chain hoists
  for (const x of [150, 810])
    s.add(
      line(x, 0, x, 100, { stroke: "#9aa3b8", "stroke-width": 3 }),
      rect(x - 14, 40, 28, 40, { rx: 5, fill: "#2b3048" }),
    );
  for (const [i, x] of [300, 420, 540, 660].entries()) {
    const c = i % 2 ? P.magenta : P.amber;
    s.add(
      beam(s, {
        x,
        y: 178,
        angle: 180 + (i - 1.5) * 6,
        len: 420,
        w0: 22,
        spread: 16,
        color: c,
        op: 0.3,
        core: false,
        blur: 6,
      }),
    );
    s.add(parCan(s, x, 140, 0.35, 0, c, { hang: true }));
  }
  vignette(s, 0.4);
  return s.toString();
}

function truss3(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 640, glowX: 520, glowY: 300, glow: "#3a3ab0" });
  s.add(truss(-40, 560, 560, 250, 120));
  s.add(truss(560, 250, 560, 760, 120));
  s.add(truss(560, 250, 1000, 250, 120, { tone: 0.6 }));
  s.add(trussBlock(560, 250, 120));
  for (const [dx, dy] of [
    [-40, -40],
    [40, -40],
    [-40, 40],
    [40, 40],
  ] as Array<[number, number]>)
    s.add(circle(560 + dx, 250 + dy, 10, { fill: "#5a627c" }), circle(560 + dx, 250 + dy, 4, { fill: "#d6dce8" }));
  s.add(glow(s, 460, 200, 200, 120, "#fff", 0.12));
  vignette(s, 0.45);
  return s.toString();
}

/* ---------------- Sofa ---------------- */

function sofa1(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 520, glowY: 320, glow: "#5a3a9a", left: P.amber, right: P.magenta, floor: "#2a2350" });
  s.add(sofa(s, 480, 560, 220, 3, FABRIC.ivory, { pillow: P.amber }));
  vignette(s, 0.4);
  return s.toString();
}

function sofa2(): string {
  const s = new Svg(W, H);
  studio(s, { horizon: 470, glowY: 300, glow: "#6a2a8a", floor: "#2a2048" });
  s.add(
    ellipse(480, 560, 430, 110, {
      fill: s.rad([
        [0, "#b8905a", 0.55],
        [0.8, "#6a4a3a", 0.4],
        [1, "#3a2a3a", 0],
      ]),
    }),
  );
  s.add(sofa(s, 480, 500, 140, 3, FABRIC.plum, { pillow: P.gold }));
  s.add(sofa(s, 140, 610, 150, 1, FABRIC.plum, { pillow: P.gold }));
  s.add(sofa(s, 820, 610, 150, 1, FABRIC.plum, { pillow: P.gold }));
  s.add(coffeeTable(s, 480, 640, 240));
  s.add(
    flowers(
      s,
      5,
      [
        [465, 570],
        [495, 566],
      ],
      12,
      ["#fff", "#ffd0e4", P.gold],
      { count: 3 },
    ),
  );
  vignette(s, 0.4);
  return s.toString();
}

function sofa3(): string {
  const s = new Svg(W, H);
  s.add(
    rect(0, 0, W, H, {
      fill: s.lin([
        [0, "#1d1238"],
        [1, "#0b0820"],
      ]),
    }),
  );
  // draped backdrop
  let folds = "";
  for (let i = 0; i < 16; i++) folds += rect(i * 60, 0, 30, 500, { fill: "#fff", opacity: 0.05 });
  s.add(
    rect(0, 0, W, 500, {
      fill: s.lin([
        [0, "#f3d9b8", 0.35],
        [1, "#7a4a6a", 0.3],
      ]),
    }),
    folds,
  );
  for (const [x, c] of [
    [120, P.amber],
    [360, P.magenta],
    [600, P.magenta],
    [840, P.amber],
  ] as Array<[number, string]>)
    s.add(uplight(s, x, 500, 480, 230, c, 0.4));
  s.add(chandelier(s, 480, 0, 160, 40));
  s.add(
    rect(0, 500, W, 220, {
      fill: s.lin([
        [0, "#2a1d44"],
        [1, "#0a0716"],
      ]),
    }),
  );
  s.add(
    flowers(
      s,
      12,
      [
        [70, 470],
        [100, 430],
        [130, 470],
        [830, 470],
        [860, 430],
        [890, 470],
      ],
      18,
      ["#fff", "#ffd0e4", "#ff8fbf", P.gold],
    ),
  );
  s.add(sofa(s, 480, 610, 170, 3, FABRIC.royal, { pillow: P.gold }));
  s.add(coffeeTable(s, 480, 690, 200));
  vignette(s, 0.5);
  return s.toString();
}

export function productJobs(): Job[] {
  const list: Array<[string, () => string]> = [
    ["led-wall-p3-1", ledWall1],
    ["led-wall-p3-2", ledWall2],
    ["led-wall-p3-3", ledWall3],
    ["moving-head-beam-1", movingHead1],
    ["moving-head-beam-2", movingHead2],
    ["moving-head-beam-3", movingHead3],
    ["line-array-sound-1", lineArray1],
    ["line-array-sound-2", lineArray2],
    ["line-array-sound-3", lineArray3],
    ["photo-booth-360-1", booth1],
    ["photo-booth-360-2", booth2],
    ["photo-booth-360-3", booth3],
    ["stage-truss-system-1", truss1],
    ["stage-truss-system-2", truss2],
    ["stage-truss-system-3", truss3],
    ["luxury-sofa-set-1", sofa1],
    ["luxury-sofa-set-2", sofa2],
    ["luxury-sofa-set-3", sofa3],
    ["laser-projector-10k-1", laserProjector],
    ["modular-stage-deck-1", modularStage],
    ["floral-arch-backdrop-1", floralArch],
    ["portable-air-cooler-1", airCooler],
    ["silent-generator-100kva-1", generator],
    ["rigging-cable-kit-1", riggingKit],
    ["branded-backdrop-banner-1", backdropBanner],
    ["cold-spark-machine-1", coldSpark],
    ["fog-hazer-1", fogHazer],
    ["led-par-wash-1", ledPar],
    ["wireless-mic-kit-1", wirelessMic],
    ["cocktail-table-set-1", cocktailTables],
    ["confidence-monitor-1", confidenceMonitor],
  ];
  return list.map(([name, fn]) => photo("products", name, fn));
}
