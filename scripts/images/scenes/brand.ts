/**
 * Brand assets (logo mark, wordmarks, favicons) and the neutral placeholder.
 * The wordmark is the only artwork that contains text.
 */
import sharp from "sharp";
import { Svg, circle, ellipse, g, path, rect } from "../lib/svg";
import { type Job, KB } from "./types";

const NAVY = "#141a4a";

/** The Utsab emblem: a clay lamp (prodip) whose flame radiates festival light. */
function mark(s: Svg, cx: number, cy: number, size: number): string {
  const k = size / 192;
  const rays = s.lin(
    [
      [0, "#ffc53d"],
      [1, "#e62d8f"],
    ],
    0,
    0,
    1,
    1,
  );
  const bowl = s.lin(
    [
      [0, "#ff4f9f"],
      [0.55, "#d61f7c"],
      [1, "#8a1257"],
    ],
    0,
    0,
    0,
    1,
  );
  const flame = s.lin(
    [
      [0, "#fff3c4"],
      [0.35, "#ffd257"],
      [0.75, "#ffa51f"],
      [1, "#ff7a1a"],
    ],
    0,
    0,
    0,
    1,
  );
  let r = "";
  // five rays fanning upwards (the lower half is hidden by the bowl)
  for (const [a, long] of [
    [-90, true],
    [-45, false],
    [0, true],
    [45, false],
    [90, true],
  ] as Array<[number, boolean]>) {
    r += path(long ? "M0 -46 L7 -67 L0 -88 L-7 -67 Z" : "M0 -48 L5.5 -62 L0 -76 L-5.5 -62 Z", {
      transform: `rotate(${a})`,
    });
  }
  return g(
    { transform: `translate(${cx} ${cy}) scale(${k}) translate(-96 -96)` },
    // radiating star rays around the flame
    g({ transform: "translate(96 86)", fill: rays }, r),
    // soft halo
    circle(96, 86, 40, {
      fill: s.rad([
        [0, "#ffd257", 0.55],
        [1, "#ffd257", 0],
      ]),
    }),
    // flame
    path("M96 40 C112 62 122 80 110 98 C104 108 88 108 82 98 C70 80 80 62 96 40 Z", { fill: flame }),
    path("M96 66 C103 78 106 88 100 96 C97 100 95 100 92 96 C86 88 89 78 96 66 Z", { fill: "#fffbe8" }),
    // lamp bowl
    path("M34 108 C44 150 148 150 158 108 C132 118 60 118 34 108 Z", { fill: bowl }),
    ellipse(96, 110, 62, 9, { fill: "#ffb321" }),
    ellipse(96, 110, 52, 5.5, { fill: "#7a1050" }),
    path("M60 132 C80 142 112 142 132 132", {
      fill: "none",
      stroke: "#ffb321",
      "stroke-width": 4,
      "stroke-linecap": "round",
      opacity: 0.9,
    }),
    circle(76, 126, 3, { fill: "#ffd257" }),
    circle(96, 129, 3, { fill: "#ffd257" }),
    circle(116, 126, 3, { fill: "#ffd257" }),
    path("M84 139 L108 139 L116 154 L76 154 Z", { fill: "#a3166a" }),
    ellipse(96, 155, 30, 6, { fill: "#8a1257" }),
  );
}

function markSvg(): string {
  const s = new Svg(192, 192);
  s.add(mark(s, 96, 96, 192));
  return s.toString();
}

function appleIconSvg(): string {
  const s = new Svg(180, 180);
  s.add(
    rect(0, 0, 180, 180, {
      fill: s.lin(
        [
          [0, "#1d2468"],
          [1, "#0a0e2c"],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
  );
  s.add(
    circle(90, 84, 70, {
      fill: s.rad([
        [0, "#6a2fc0", 0.45],
        [1, "#6a2fc0", 0],
      ]),
    }),
  );
  s.add(mark(s, 90, 92, 150));
  return s.toString();
}

function wordmarkSvg(color: string): () => string {
  return () =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="96" viewBox="0 0 900 96">` +
    `<text x="12" y="70" font-family="DejaVu Sans" font-weight="bold" font-size="60" letter-spacing="3" fill="${color}">UTSAB EVENTS</text></svg>`;
}

/** Crop a transparent render horizontally to its content (plus padding), keeping the full height. */
async function cropWidth(png: Buffer): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const { info } = await sharp(png).trim({ threshold: 1 }).toBuffer({ resolveWithObject: true });
  const pad = 6;
  const left = Math.max(0, -(info.trimOffsetLeft ?? 0) - pad);
  const width = Math.min(meta.width! - left, info.width + pad * 2);
  return sharp(png).extract({ left, top: 0, width, height: meta.height! }).png().toBuffer();
}

function placeholderSvg(): string {
  const s = new Svg(960, 720);
  s.add(
    rect(0, 0, 960, 720, {
      fill: s.lin(
        [
          [0, "#eef0f6"],
          [1, "#dde1ec"],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
  );
  s.add(
    ellipse(480, 360, 420, 300, {
      fill: s.rad([
        [0, "#ffffff", 0.6],
        [1, "#ffffff", 0],
      ]),
    }),
  );
  const c = "#b3bacb";
  s.add(
    g(
      { transform: "translate(480 360)" },
      rect(-90, -70, 180, 140, { rx: 18, fill: "none", stroke: c, "stroke-width": 10 }),
      circle(35, -25, 16, { fill: c }),
      path("M-72 52 L-25 -2 L8 34 L30 14 L72 52 Z", { fill: c }),
    ),
  );
  return s.toString();
}

export function brandJobs(): Job[] {
  return [
    {
      svg: markSvg,
      outputs: [
        { file: "images/logos/utsab-mark.webp", budget: 20 * KB, nearLossless: true },
        { file: "favicon.png", width: 64, budget: 12 * KB, format: "png" },
      ],
    },
    { svg: appleIconSvg, outputs: [{ file: "apple-touch-icon.png", budget: 40 * KB, format: "png" }] },
    {
      svg: wordmarkSvg(NAVY),
      post: cropWidth,
      outputs: [{ file: "images/logos/utsab-wordmark.webp", budget: 20 * KB, nearLossless: true }],
    },
    {
      svg: wordmarkSvg("#ffffff"),
      post: cropWidth,
      outputs: [{ file: "images/logos/utsab-wordmark-light.webp", budget: 20 * KB, nearLossless: true }],
    },
    {
      svg: placeholderSvg,
      outputs: [
        { file: "images/placeholder.webp", budget: 45 * KB },
        { file: "images/placeholder-480w.webp", width: 480, budget: 15 * KB },
      ],
    },
  ];
}
