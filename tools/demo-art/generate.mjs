#!/usr/bin/env node
/**
 * Generates the self-made illustrations used by the demo content, plus the site icons.
 *
 *   cd tools/demo-art && npm install && npm run generate
 *
 * It lives in its own package (tools/demo-art/package.json) so that sharp is not one of the
 * site's dependencies; the images it writes are committed.
 *
 * Every image is an SVG scene written in code below and rasterised with sharp (librsvg).
 * Output is deterministic (no Math.random; a seeded PRNG is used where variety is wanted).
 *
 * Naming convention (the site derives `srcset` from it): `<name>-<width>w.webp`.
 *   16:9 scenes  -> 480w (480x270), 960w (960x540), 1600w (1600x900)
 *   avatars      -> 160w (160x160), 480w (480x480)
 * Pictures a page can share as its link preview (events, ministries, blog) also get
 * `<name>-share.jpg`: 1200x630, centre-cropped, JPEG (WhatsApp often shows no WebP preview),
 * as the admin's browser makes for uploads (docs/decisions/011-share-pictures.md).
 * Visitors are mostly on slow, expensive mobile data, so each size has a byte budget; the
 * encoder lowers the WebP quality step by step until the file fits.
 *
 * Writes: public/media/{events,ministries,blog,people}/..., public/media/map-falls-area-*,
 * public/media/og-default.jpg, public/media/icon-{192,512}.png, public/favicon.svg,
 * public/favicon.ico and public/apple-touch-icon.png.
 */
import sharp from "sharp";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

// This file is tools/demo-art/generate.mjs: the repository root is two folders up.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PUBLIC_DIR = path.join(ROOT, "public");

// ---------------------------------------------------------------------------------------------
// Palette
// ---------------------------------------------------------------------------------------------

const C = {
  navy: "#172f62",
  blue: "#1c3a7c",
  gold: "#f2b935",
  amber: "#e09d16",
  terracotta: "#b5532a",
  green: "#3f7d4e",
  sand: "#e8d3a8",
  cream: "#fbf3df",
  white: "#ffffff",
  night: "#0f1d40", // silhouettes against a light sky
};

/** Skin tones of Malawian men, light to dark. */
const SKIN = ["#9a6641", "#86573a", "#7a4c30", "#6b4129", "#5c3722", "#4d2e1c", "#402617"];
const HAIR = { black: "#1d1512", grey: "#8f8a84", dark: "#2a201b" };

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** Round for compact SVG numbers. */
const n = (v) => Math.round(v * 10) / 10;
const pts = (list) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");

/** Seeded PRNG (mulberry32), so "random" crowds are identical on every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One SVG drawing: collects gradient definitions and shapes, then serialises at any size. */
class Scene {
  constructor(w = 1600, h = 900) {
    this.w = w;
    this.h = h;
    this.defs = [];
    this.body = [];
    this.count = 0;
  }
  id(prefix) {
    this.count += 1;
    return `${prefix}${this.count}`;
  }
  /** Vertical (default) linear gradient; stops are [offset, colour, opacity?]. */
  linear(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) {
    const id = this.id("l");
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopXml(stops)}</linearGradient>`);
    return `url(#${id})`;
  }
  /** Radial gradient in scene coordinates. */
  radial(cx, cy, r, stops) {
    const id = this.id("r");
    this.defs.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${stopXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  clip(shape) {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }
  add(...parts) {
    this.body.push(...parts.flat(Infinity).filter(Boolean));
    return this;
  }
  svg(outW = this.w, outH = this.h) {
    return this.svgOf(outW, outH, `0 0 ${this.w} ${this.h}`);
  }
  /** The scene cropped to cover outW x outH (centre crop), as the admin's browser crops uploads. */
  coverSvg(outW, outH) {
    const scale = Math.max(outW / this.w, outH / this.h);
    const [w, h] = [outW / scale, outH / scale];
    return this.svgOf(outW, outH, `${n((this.w - w) / 2)} ${n((this.h - h) / 2)} ${n(w)} ${n(h)}`);
  }
  svgOf(outW, outH, viewBox) {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="${viewBox}">` +
      `<defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`
    );
  }
}

function stopXml(stops) {
  return stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a === 1 ? "" : ` stop-opacity="${a}"`}/>`)
    .join("");
}

const rect = (x, y, w, h, fill, extra = "") => `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}" ${extra}/>`;
const circle = (cx, cy, r, fill, extra = "") => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${extra}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = "") =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" ${extra}/>`;
const pathEl = (d, fill, extra = "") => `<path d="${d}" fill="${fill}" ${extra}/>`;
const line = (list, stroke, width, extra = "") =>
  `<polyline points="${pts(list)}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
const group = (transform, parts, extra = "") => `<g transform="${transform}" ${extra}>${parts.flat(Infinity).filter(Boolean).join("")}</g>`;
const place = (x, y, s, flip = false) => `translate(${n(x)} ${n(y)}) scale(${flip ? -s : s} ${s})`;

// ---------------------------------------------------------------------------------------------
// Landscape building blocks (all in 1600x900 scene coordinates unless said otherwise)
// ---------------------------------------------------------------------------------------------

function sky(s, stops) {
  s.add(rect(0, 0, s.w, s.h, s.linear(stops)));
}

/** Sun disc with a soft glow. */
function sun(s, cx, cy, r, { core = "#ffe7a3", glow = C.gold, glowR = r * 6, glowOpacity = 0.55 } = {}) {
  s.add(circle(cx, cy, glowR, s.radial(cx, cy, glowR, [[0, glow, glowOpacity], [0.35, glow, glowOpacity * 0.35], [1, glow, 0]])));
  s.add(circle(cx, cy, r, core));
}

/** Soft rays fanning out of the sun. */
function rays(s, cx, cy, { count = 9, len = 900, spread = 0.09, from = Math.PI, to = 2 * Math.PI, color = "#fff4cf", opacity = 0.12 } = {}) {
  const parts = [];
  for (let i = 0; i < count; i++) {
    const a = from + ((i + 0.5) / count) * (to - from);
    const p1 = [cx + Math.cos(a - spread / 2) * len, cy + Math.sin(a - spread / 2) * len];
    const p2 = [cx + Math.cos(a + spread / 2) * len, cy + Math.sin(a + spread / 2) * len];
    parts.push(`<polygon points="${pts([[cx, cy], p1, p2])}" fill="${color}" opacity="${opacity}"/>`);
  }
  s.add(parts);
}

/** A rolling ridge: base height plus a sum of sine waves [amplitude, wavelength, phase]. */
function ridge(s, base, waves, fill, { bottom = s.h, step = 16, extra = "" } = {}) {
  const y = (x) => base + waves.reduce((acc, [a, wl, ph]) => acc + a * Math.sin((2 * Math.PI * x) / wl + ph), 0);
  let d = `M0,${bottom} L0,${n(y(0))}`;
  for (let x = step; x <= s.w; x += step) d += ` L${x},${n(y(x))}`;
  d += ` L${s.w},${n(y(s.w))} L${s.w},${bottom} Z`;
  s.add(pathEl(d, fill, extra));
  return y;
}

/** A flat-topped mountain like the Zomba plateau. */
function plateau(s, x0, x1, top, base, slope, fill) {
  const d =
    `M${x0 - slope},${base} C${x0 - slope * 0.5},${base - 10} ${x0 - slope * 0.35},${top + 8} ${x0},${top}` +
    ` Q${(x0 + x1) / 2},${top - 10} ${x1},${top + 6}` +
    ` C${x1 + slope * 0.3},${top + 12} ${x1 + slope * 0.55},${base - 10} ${x1 + slope},${base} Z`;
  s.add(pathEl(d, fill));
}

function stars(s, count, seed, yMax) {
  const r = prng(seed);
  const parts = [];
  for (let i = 0; i < count; i++) {
    parts.push(circle(r() * s.w, r() * yMax, 1.2 + r() * 1.8, "#fff8e0", `opacity="${n(0.35 + r() * 0.5)}"`));
  }
  s.add(parts);
}

function cloud(x, y, sc, fill = "#ffffff", opacity = 0.85) {
  return group(place(x, y, sc), [
    pathEl("M-60,0 Q-62,-22 -38,-24 Q-30,-48 -4,-44 Q14,-62 36,-40 Q62,-42 62,-16 Q78,-10 70,0 Z", fill),
  ], `opacity="${opacity}"`);
}

function bird(x, y, sc, color) {
  return group(place(x, y, sc), [`<path d="M-10,0 Q-5,-6 0,0 Q5,-6 10,0" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round"/>`]);
}

/** Glitter of the sun on water. */
function shimmer(cx, top, bottom, color, width = 160) {
  const parts = [];
  let i = 0;
  for (let y = top + 8; y < bottom; y += 16 + i * 2.2, i++) {
    const w = width * (0.35 + 0.65 * ((y - top) / (bottom - top))) * (i % 2 ? 0.7 : 1);
    parts.push(line([[cx - w / 2, y], [cx + w / 2, y]], color, 3 + i * 0.35, `opacity="${n(0.75 - i * 0.04)}"`));
  }
  return parts;
}

// Trees (drawn in a 100-unit box standing on (0,0), then placed and scaled) -------------------

function baobab(x, y, h, color, leaf = color) {
  const b = (list, w) => line(list, color, w);
  return group(place(x, y, h / 100), [
    pathEl("M-16,0 C-13,-18 -10,-44 -11,-62 L11,-62 C10,-44 13,-18 16,0 Z", color),
    b([[-8, -60], [-18, -74], [-28, -77]], 6),
    b([[-18, -74], [-17, -86]], 4),
    b([[-4, -61], [-7, -82], [-11, -90]], 5),
    b([[3, -61], [5, -84], [9, -92]], 5),
    b([[8, -60], [19, -73], [29, -75]], 6),
    b([[19, -73], [22, -85]], 4),
    [[-28, -79], [-17, -88], [-11, -92], [9, -94], [22, -87], [29, -77]].map(([cx, cy]) => ellipse(cx, cy, 7, 3.6, leaf)),
  ]);
}

function acacia(x, y, h, color, leaf = color) {
  const b = (list, w) => line(list, color, w);
  return group(place(x, y, h / 100), [
    b([[0, 0], [-1, -34]], 4.5),
    b([[-1, -34], [-14, -56]], 3),
    b([[-1, -34], [12, -58]], 3),
    b([[-1, -40], [1, -62]], 2.5),
    ellipse(0, -63, 40, 7, leaf),
    ellipse(-17, -59, 22, 6, leaf),
    ellipse(19, -60, 23, 6, leaf),
    ellipse(3, -68, 25, 5.5, leaf),
  ]);
}

/** A round-canopied shade tree (mango). */
function mango(x, y, h, trunk, leaf, leafDark = leaf) {
  return group(place(x, y, h / 100), [
    pathEl("M-6,0 L-4,-40 L-14,-58 L-9,-60 L0,-48 L8,-62 L13,-59 L4,-40 L6,0 Z", trunk),
    circle(-22, -66, 22, leafDark),
    circle(22, -64, 24, leafDark),
    circle(0, -78, 28, leaf),
    circle(-26, -78, 18, leaf),
    circle(27, -80, 18, leaf),
  ]);
}

// Buildings --------------------------------------------------------------------------------------

/** Round mud hut with a thatched cone roof; w = wall width. */
function hut(x, y, w, { wall = "#b27a4a", shade = "#9b663b", thatch = "#c9a05a", thatchDark = "#a9803f", door = "#3b2a20" } = {}) {
  const h = w * 0.5;
  return [
    pathEl(`M${n(x - w / 2)},${n(y - h)} L${n(x + w / 2)},${n(y - h)} L${n(x + w / 2)},${n(y)} Q${n(x)},${n(y + w * 0.06)} ${n(x - w / 2)},${n(y)} Z`, wall),
    rect(x + w * 0.15, y - h, w * 0.35, h + w * 0.03, shade),
    pathEl(`M${n(x - w * 0.1)},${n(y)} L${n(x - w * 0.1)},${n(y - h * 0.6)} Q${n(x)},${n(y - h * 0.8)} ${n(x + w * 0.1)},${n(y - h * 0.6)} L${n(x + w * 0.1)},${n(y + w * 0.02)} Z`, door),
    pathEl(`M${n(x - w * 0.66)},${n(y - h * 0.9)} Q${n(x)},${n(y - h * 0.72)} ${n(x + w * 0.66)},${n(y - h * 0.9)} L${n(x)},${n(y - h - w * 0.62)} Z`, thatch),
    pathEl(`M${n(x + w * 0.05)},${n(y - h * 0.8)} Q${n(x + w * 0.4)},${n(y - h * 0.83)} ${n(x + w * 0.66)},${n(y - h * 0.9)} L${n(x)},${n(y - h - w * 0.62)} Z`, thatchDark),
  ];
}

/** Small brick house with an iron-sheet roof. */
function house(x, y, w, h, { wall = C.terracotta, roof = "#7d8b99", roofDark = "#6a7886", trim = "#3b2a20" } = {}) {
  return [
    rect(x, y - h, w, h, wall),
    pathEl(`M${n(x - w * 0.08)},${n(y - h + 4)} L${n(x + w * 0.12)},${n(y - h - h * 0.45)} L${n(x + w * 0.88)},${n(y - h - h * 0.45)} L${n(x + w * 1.08)},${n(y - h + 4)} Z`, roof),
    pathEl(`M${n(x + w * 0.5)},${n(y - h - h * 0.45)} L${n(x + w * 0.88)},${n(y - h - h * 0.45)} L${n(x + w * 1.08)},${n(y - h + 4)} L${n(x + w * 0.5)},${n(y - h + 4)} Z`, roofDark),
    rect(x + w * 0.14, y - h * 0.72, w * 0.22, h * 0.34, trim),
    rect(x + w * 0.58, y - h * 0.62, w * 0.2, h * 0.62, trim),
  ];
}

/** A simple brick church with a bell tower and cross; 100 units tall (tower to cross top). */
function church(x, y, h, { wall = C.terracotta, wallShade = "#9c4522", roof = "#3a3f52", door = "#3b2418", cross = C.gold } = {}) {
  const arch = (cx, by, w, hh, fill) =>
    pathEl(`M${n(cx - w / 2)},${by} L${n(cx - w / 2)},${n(by - hh + w / 2)} A${n(w / 2)},${n(w / 2)} 0 0 1 ${n(cx + w / 2)},${n(by - hh + w / 2)} L${n(cx + w / 2)},${by} Z`, fill);
  return group(place(x, y, h / 100), [
    rect(-70, -42, 90, 42, wall),
    pathEl("M-76,-40 L-64,-60 L22,-60 L26,-40 Z", roof),
    arch(-50, -16, 8, 18, door),
    arch(-30, -16, 8, 18, door),
    arch(-10, -16, 8, 18, door),
    rect(20, -72, 26, 72, wallShade),
    rect(20, -72, 13, 72, wall),
    pathEl("M17,-72 L33,-86 L49,-72 Z", roof),
    arch(33, 0, 12, 24, door),
    arch(33, -46, 7, 12, door),
    line([[33, -86], [33, -100]], cross, 3),
    line([[28, -95], [38, -95]], cross, 3),
  ]);
}

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------
//
// Figures are stick skeletons with thick round strokes, 100 units tall, feet on (0,0), facing
// right in profile poses (+x is forward). Each pose lists the head centre, the torso polygon and
// the limbs as polylines; legs end with a short foot segment.

const POSES = {
  standFront: {
    head: [0, -90],
    torso: [[-9, -78], [9, -78], [6.5, -49], [-6.5, -49]],
    legs: [[[-4, -50], [-4.5, -26], [-5, -4], [-8, -2]], [[4, -50], [4.5, -26], [5, -4], [8, -2]]],
    frontArms: [[[-10, -76], [-13, -62], [-13, -49]], [[10, -76], [13, -62], [13, -49]]],
  },
  armsRaised: {
    head: [0, -90],
    torso: [[-9, -78], [9, -78], [6.5, -49], [-6.5, -49]],
    legs: [[[-4, -50], [-4.5, -26], [-5, -4], [-8, -2]], [[4, -50], [4.5, -26], [5, -4], [8, -2]]],
    frontArms: [[[-10, -76], [-17, -90], [-19, -104]], [[10, -76], [17, -90], [19, -104]]],
  },
  oneArmRaised: {
    head: [0, -90],
    torso: [[-9, -78], [9, -78], [6.5, -49], [-6.5, -49]],
    legs: [[[-4, -50], [-4.5, -26], [-5, -4], [-8, -2]], [[4, -50], [4.5, -26], [5, -4], [8, -2]]],
    frontArms: [[[-10, -76], [-13, -62], [-13, -49]], [[10, -76], [16, -91], [16, -106]]],
  },
  standProfile: {
    head: [1.5, -90],
    torso: [[-5, -79], [4, -79], [4, -49], [-5, -49]],
    legs: [[[-1, -50], [-0.5, -26], [-1, -4], [5, -2]], [[1, -50], [1.5, -26], [2, -4], [8, -2]]],
    backArms: [[[-1, -76], [-1, -62], [1, -49]]],
    frontArms: [[[0, -76], [1, -62], [3, -49]]],
  },
  standBow: {
    head: [8.5, -85],
    torso: [[-3, -79.5], [8, -77], [5, -49], [-6, -50]],
    legs: [[[-1, -50], [-0.5, -26], [-1, -4], [5, -2]], [[1, -50], [1.5, -26], [2, -4], [8, -2]]],
    backArms: [[[2, -76], [7, -62], [12, -68]]],
    frontArms: [[[3, -76], [8, -61], [13, -69]]],
  },
  walk: {
    head: [2.5, -90],
    torso: [[-5, -79], [4, -79], [4, -49], [-5, -49]],
    legs: [[[-1, -50], [-4, -27], [-11, -6], [-5, -2]], [[1, -50], [7, -28], [9, -5], [15, -3]]],
    backArms: [[[-1, -76], [-6, -62], [-8, -50]]],
    frontArms: [[[0, -76], [5, -62], [10, -52]]],
  },
  /** Walking with the near arm resting forward (on a boy's shoulder). */
  walkGuide: {
    head: [2.5, -90],
    torso: [[-5, -79], [4, -79], [4, -49], [-5, -49]],
    legs: [[[-1, -50], [-4, -27], [-11, -6], [-5, -2]], [[1, -50], [7, -28], [9, -5], [15, -3]]],
    backArms: [[[-1, -76], [-6, -62], [-8, -50]]],
    frontArms: [[[0, -76], [10, -68], [19, -55]]],
  },
  carryHead: {
    head: [2.5, -90],
    torso: [[-5, -79], [4, -79], [4, -49], [-5, -49]],
    legs: [[[-1, -50], [-4, -27], [-11, -6], [-5, -2]], [[1, -50], [7, -28], [9, -5], [15, -3]]],
    backArms: [[[-1, -76], [-6, -62], [-8, -50]]],
    frontArms: [[[0, -76], [9, -88], [5, -101]]],
  },
  carryFront: {
    head: [2.5, -90],
    torso: [[-5, -79], [4, -79], [4, -49], [-5, -49]],
    legs: [[[-1, -50], [-4, -27], [-11, -6], [-5, -2]], [[1, -50], [7, -28], [9, -5], [15, -3]]],
    backArms: [[[-1, -76], [3, -62], [13, -64]]],
    frontArms: [[[0, -76], [5, -61], [14, -63]]],
  },
  /** Standing, reaching forward at chest height (laying a brick). */
  reach: {
    head: [3, -90],
    torso: [[-5, -79], [4, -79], [4, -49], [-5, -49]],
    legs: [[[-2, -50], [-4, -26], [-6, -4], [0, -2]], [[1, -50], [4, -26], [5, -4], [11, -2]]],
    backArms: [[[-1, -76], [8, -70], [18, -71]]],
    frontArms: [[[0, -76], [9, -69], [19, -70]]],
  },
  /** Kneeling on both knees, head bowed, hands folded before the face. */
  kneelPray: {
    head: [10.5, -63],
    torso: [[-2.4, -56.5], [8.4, -54.3], [2.4, -25.9], [-8.4, -28.1]],
    legs: [[[-4, -28], [5, -5], [-16, -4], [-21, -2]], [[-2, -28], [7, -5], [-14, -4], [-19, -2]]],
    backArms: [[[2, -54], [10, -43], [13, -54]]],
    frontArms: [[[3, -54], [11, -44], [14, -55]]],
  },
  /** On one knee, pointing ahead (father showing his son). */
  kneelPoint: {
    head: [2.5, -69],
    torso: [[-6, -57], [3, -57], [3, -28], [-6, -28]],
    legs: [[[-2, -29], [-2, -5], [-19, -4], [-23, -3]], [[1, -29], [21, -27], [21, -5], [27, -3]]],
    backArms: [[[-1, -55], [4, -42], [15, -31]]],
    frontArms: [[[0, -55], [13, -60], [27, -67]]],
  },
  sitSide: {
    head: [4.5, -67],
    torso: [[-6, -57], [3, -57], [4, -28], [-6, -28]],
    legs: [[[-1, -29], [21, -30], [21, -4], [27, -2]], [[1, -29], [23, -29], [24, -4], [30, -2]]],
    backArms: [[[-1, -55], [4, -42], [14, -44]]],
    frontArms: [[[0, -55], [5, -41], [15, -45]]],
  },
  sitFront: {
    head: [0, -69],
    torso: [[-9, -57], [9, -57], [7, -28], [-7, -28]],
    legs: [[[-5, -28], [-8, -24], [-8, -4], [-11, -2]], [[5, -28], [8, -24], [8, -4], [11, -2]]],
    frontArms: [[[-10, -55], [-13, -40], [-5, -35]], [[10, -55], [13, -40], [5, -35]]],
  },
  /** Seated behind a table, forearms resting on it. */
  sitTable: {
    head: [0, -69],
    torso: [[-9, -57], [9, -57], [7, -28], [-7, -28]],
    legs: [],
    frontArms: [[[-10, -55], [-14, -43], [-7, -37]], [[10, -55], [14, -43], [7, -37]]],
  },
  /** Seated behind a table, drinking from a cup. */
  sitTableCup: {
    head: [0, -69],
    torso: [[-9, -57], [9, -57], [7, -28], [-7, -28]],
    legs: [],
    frontArms: [[[-10, -55], [-14, -43], [-7, -37]], [[10, -55], [15, -46], [7, -57]]],
  },
  /** Seen from behind, seated. */
  sitBack: {
    back: true,
    head: [0, -69],
    torso: [[-9, -57], [9, -57], [7, -26], [-7, -26]],
    legs: [],
    frontArms: [[[-10, -55], [-12, -40], [-9, -33]], [[10, -55], [12, -40], [9, -33]]],
  },
  /** Bent forward pushing a pump handle down; hands at (28,-58). */
  pump: {
    head: [17, -84],
    torso: [[6.2, -77.2], [14.4, -73.4], [2, -47.1], [-6, -50.9]],
    legs: [[[-3, -50], [-7, -27], [-10, -4], [-4, -2]], [[-1, -50], [6, -28], [9, -4], [15, -3]]],
    backArms: [[[9, -75], [19, -64], [27, -58]]],
    frontArms: [[[10, -75], [20, -65], [28, -58]]],
  },
};
const PUMP_HANDS = [28, -58];

// Props, in the same 100-unit figure coordinates -------------------------------------------------

const props = {
  bucketOnHead: (color = C.gold) => [
    pathEl("M-5,-96.5 L11,-96.5 L13,-110 L-7,-110 Z", color),
    rect(-7.5, -111, 21, 2.6, "#00000033", 'rx="1"'),
  ],
  bricksOnHead: (color = C.terracotta) => [0, 1, 2].map((i) => rect(-7, -101.5 - i * 4.4, 20, 4, color, 'rx="0.6"')),
  bricksHeld: (color = C.terracotta) => [0, 1, 2, 3].map((i) => rect(6, -67.5 - i * 4.4, 17, 4, color, 'rx="0.6"')),
  brickReach: (color = C.terracotta) => rect(14, -74, 11, 4.5, color, 'rx="0.6"'),
  bookFront: (cover = C.blue, page = C.cream) => [
    pathEl("M-14,-38.5 Q-7,-42 0,-39 Q7,-42 14,-38.5 L14,-30.5 Q7,-33.5 0,-31 Q-7,-33.5 -14,-30.5 Z", cover),
    pathEl("M-12.5,-39 Q-6,-42 0,-39 L0,-32 Q-6,-35 -12.5,-32 Z", page),
    pathEl("M12.5,-39 Q6,-42 0,-39 L0,-32 Q6,-35 12.5,-32 Z", page, 'opacity="0.88"'),
  ],
  bookSide: (cover = C.blue, page = C.cream) => [
    pathEl("M5,-51 L15,-45 L25,-51 L25,-48 L15,-42 L5,-48 Z", cover),
    pathEl("M6,-51.5 L15,-46.5 L24,-51.5 L24,-49.5 L15,-44.5 L6,-49.5 Z", page),
  ],
  cupHeld: (color = C.white) => [rect(4, -66, 7, 8, color, 'rx="1"')],
};

/**
 * Draw one figure. `col` is a single colour for a silhouette, or an object with
 * skin/shirt/trousers/shoes/hair (and `sleeves: "short"`).
 */
function person(pose, { x, y, h = 180, flip = false, col = C.night, child = false, mid = [], top = [] }) {
  const P = POSES[pose];
  const c =
    typeof col === "string"
      ? { skin: col, shirt: col, trousers: col, shoes: col, hair: col, sleeves: "long" }
      : { trousers: "#2c2f3b", shoes: "#1e1a18", hair: HAIR.black, sleeves: "long", ...col };
  const hr = child ? 8.6 : 7.5;
  const k = child ? 1.15 : 1; // children's limbs a little thicker relative to their height
  const [hx, hy] = P.head;
  const torsoTop = [(P.torso[0][0] + P.torso[1][0]) / 2, (P.torso[0][1] + P.torso[1][1]) / 2];
  const arm = (list) =>
    c.sleeves === "short"
      ? [line(list.slice(0, 2), c.shirt, 7 * k), line(list.slice(1), c.skin, 5.5 * k), circle(...list.at(-1), 3 * k, c.skin)]
      : [line(list, c.shirt, 6.5 * k), circle(...list.at(-1), 3 * k, c.skin)];
  const leg = (list) => [line(list.slice(0, -1), c.trousers, 9 * k), line(list.slice(-2), c.shoes, 5.5 * k)];
  const hair = P.back
    ? circle(hx, hy - 0.6, hr, c.hair)
    : pathEl(
        `M${n(hx - hr)},${n(hy - 0.15 * hr)} A${hr},${hr} 0 0 1 ${n(hx + hr)},${n(hy - 0.15 * hr)} Q${n(hx)},${n(hy - 0.62 * hr)} ${n(hx - hr)},${n(hy - 0.15 * hr)} Z`,
        c.hair,
      );
  return group(place(x, y, h / 100, flip), [
    (P.legs ?? []).map(leg),
    (P.backArms ?? []).map(arm),
    line([torsoTop, [hx, hy]], c.skin, 6),
    `<polygon points="${pts(P.torso)}" fill="${c.shirt}" stroke="${c.shirt}" stroke-width="${6 * k}" stroke-linejoin="round"/>`,
    mid,
    circle(hx, hy, hr, c.skin),
    hair,
    (P.frontArms ?? []).map(arm),
    top,
  ]);
}

/** Rows of standing people seen from behind (conference crowds). */
function crowd({ y, x0, x1, count, h, color, seed, raised = 0.15 }) {
  const r = prng(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    const x = x0 + ((i + 0.5) / count) * (x1 - x0) + (r() - 0.5) * ((x1 - x0) / count) * 0.6;
    const roll = r();
    const pose = roll < raised * 0.5 ? "armsRaised" : roll < raised ? "oneArmRaised" : "standFront";
    out.push(person(pose, { x, y: y + (r() - 0.5) * h * 0.06, h: h * (0.92 + r() * 0.14), col: color, flip: r() < 0.5 }));
  }
  return out;
}

const shadow = (x, y, rx, opacity = 0.18) => ellipse(x, y, rx, rx * 0.16, "#000000", `opacity="${opacity}"`);

// A hand pump (Afridev style), 100 units tall, standing on (0,0). Returns the pivot of the handle.
function pump(x, y, h, { body = C.blue, cap = "#142a57", metal = "#8b97a4", apron = "#cfc5b2" } = {}) {
  const s = h / 100;
  const svg = group(place(x, y, s), [
    ellipse(0, 0, 95, 16, apron),
    ellipse(0, -2, 80, 11, "#ddd4c2"),
    pathEl("M-17,0 L-13,-22 L13,-22 L17,0 Z", "#9aa1a8"),
    rect(-9, -108, 18, 88, body),
    rect(-14, -124, 28, 18, cap, 'rx="3"'),
    line([[-9, -62], [-27, -62], [-27, -55]], metal, 7),
  ]);
  return { svg, pivot: [x + 10 * s, y - 118 * s], spout: [x - 27 * s, y - 52 * s] };
}

function pumpHandle(pivot, hand, s, metal = "#8b97a4") {
  return [line([pivot, hand], metal, 5 * s), circle(...pivot, 4 * s, "#142a57")];
}

function waterStream(from, toY, s) {
  return [
    line([from, [from[0], toY]], "#8fc4ea", 4.5 * s, 'opacity="0.9"'),
    ellipse(from[0], toY, 9 * s, 2 * s, "#bfe0f5"),
  ];
}

function bucket(x, y, s, color = C.gold) {
  return [pathEl(`M${n(x - 12 * s)},${n(y - 20 * s)} L${n(x + 12 * s)},${n(y - 20 * s)} L${n(x + 9 * s)},${n(y)} L${n(x - 9 * s)},${n(y)} Z`, color), rect(x - 13 * s, y - 22 * s, 26 * s, 3 * s, "#00000030")];
}

function brickPile(x, y, w, rows, bw = 36, bh = 14, color = C.terracotta, dark = "#9c4522") {
  const out = [];
  for (let r = 0; r < rows; r++) {
    const inset = r * bw * 0.25;
    for (let bx = x + inset; bx + bw <= x + w - inset; bx += bw + 3) {
      out.push(rect(bx, y - (r + 1) * (bh + 2), bw, bh, (r + Math.round(bx)) % 2 ? color : dark, 'rx="1.5"'));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// 16:9 scenes
// ---------------------------------------------------------------------------------------------

const SUNRISE = [
  [0, "#172f62"],
  [0.34, "#34407a"],
  [0.56, "#8a4f6a"],
  [0.72, "#d9793f"],
  [0.85, "#f2b935"],
  [1, "#f8d98a"],
];

function sceneConference() {
  const s = new Scene();
  sky(s, SUNRISE);
  sun(s, 1220, 600, 62, { glowR: 460, glowOpacity: 0.6 });
  rays(s, 1220, 600, { count: 7, from: Math.PI * 1.1, to: Math.PI * 1.9, opacity: 0.07 });
  ridge(s, 585, [[16, 700, 0.5], [9, 260, 2]], "#8a5a74");
  ridge(s, 615, [[22, 900, 2.2], [8, 330, 1]], "#55456f");

  // Marquee tent.
  const eave = 470;
  const x0 = 360;
  const x1 = 1240;
  s.add(rect(x0, eave, x1 - x0, 190, s.linear([[0, "#4d3b57"], [1, "#241f3f"]])));
  // Glowing cross at the back of the tent.
  s.add(circle(800, 548, 120, s.radial(800, 548, 120, [[0, C.gold, 0.75], [1, C.gold, 0]])));
  s.add(line([[800, 510], [800, 585]], C.gold, 9), line([[782, 530], [818, 530]], C.gold, 9));
  s.add(rect(640, 585, 320, 16, "#1a1630"));
  // Heads inside the tent.
  s.add(crowd({ y: 690, x0: x0 + 20, x1: x1 - 20, count: 26, h: 110, color: "#161229", seed: 7, raised: 0.12 }));
  // Poles.
  for (const px of [x0 + 8, 560, 1040, x1 - 8]) s.add(rect(px - 5, eave, 10, 190, "#e9d9b6"));
  // Roof.
  const roofPts = [[x0 - 25, eave + 2], [505, 372], [650, 418], [800, 292], [950, 418], [1095, 372], [x1 + 25, eave + 2]];
  s.add(`<polygon points="${pts(roofPts)}" fill="${s.linear([[0, "#fff4dc"], [1, "#ead6ae"]])}"/>`);
  for (const [px, py] of [[505, 372], [800, 292], [1095, 372]]) {
    for (const dx of [-110, -45, 45, 110]) s.add(line([[px, py], [px + dx * (py === 292 ? 1.6 : 1.1), eave]], "#d8c092", 3, 'opacity="0.7"'));
  }
  // Scalloped valance.
  let v = `M${x0 - 25},${eave} L${x1 + 25},${eave} L${x1 + 25},${eave + 14}`;
  for (let x = x1 + 25; x > x0 - 25; x -= 50) v += ` Q${x - 25},${eave + 40} ${x - 50},${eave + 14}`;
  s.add(pathEl(v + " Z", C.amber));
  s.add(rect(x0 - 25, eave, x1 - x0 + 50, 6, C.blue));
  // Cross on the central peak.
  s.add(line([[800, 292], [800, 226]], C.gold, 9), line([[778, 248], [822, 248]], C.gold, 9));

  ridge(s, 660, [[8, 1100, 0.3], [4, 240, 1.3]], "#1d2852");
  s.add(acacia(170, 690, 260, "#1a2349"), baobab(1440, 700, 250, "#1a2349"));
  // People walking up to the tent.
  s.add(
    person("walk", { x: 300, y: 760, h: 150, col: "#121b3c" }),
    person("walk", { x: 360, y: 770, h: 140, col: "#121b3c", child: false }),
    person("walk", { x: 1330, y: 765, h: 150, flip: true, col: "#121b3c" }),
  );
  s.add(crowd({ y: 1010, x0: 180, x1: 1420, count: 11, h: 290, color: "#0b1330", seed: 11, raised: 0.3 }));
  return s;
}

function sceneRetreat() {
  const s = new Scene();
  const horizon = 520;
  sky(s, [[0, "#0d1d45"], [0.38, "#233774"], [0.62, "#7d4d6f"], [0.8, "#de8540"], [0.92, "#f2b935"], [1, "#f7cf70"]].map(([o, c]) => [o * (horizon / 900), c]).concat([[1, "#f7cf70"]]));
  stars(s, 46, 3, 260);
  sun(s, 430, horizon + 6, 56, { core: "#ffd36e", glowR: 380, glowOpacity: 0.65 });
  // Far shore (hills across Lake Malawi).
  ridge(s, horizon - 8, [[10, 520, 1.1], [6, 170, 0.4]], "#3f3463", { bottom: horizon + 4 });
  // Lake.
  s.add(rect(0, horizon, 1600, 380, s.linear([[0, "#e59a48"], [0.25, "#8a5a6e"], [0.6, "#2d3f78"], [1, "#172f62"]])));
  s.add(shimmer(430, horizon, 700, "#ffd88a", 190));
  // Dark shore in the foreground.
  s.add(pathEl("M0,700 Q300,670 640,690 T1600,660 L1600,900 L0,900 Z", "#1f1a2e"));
  s.add(baobab(1390, 720, 430, "#15111f"), acacia(120, 690, 230, "#15111f"));
  // Campfire glow, logs and flames.
  s.add(circle(800, 790, 330, s.radial(800, 790, 330, [[0, C.gold, 0.6], [0.4, C.amber, 0.22], [1, C.amber, 0]])));
  s.add(ellipse(800, 812, 120, 18, "#3a2a2a"));
  s.add(line([[735, 815], [865, 795]], "#5a3a26", 16), line([[740, 795], [862, 817]], "#4a2f20", 16));
  s.add(pathEl("M752,805 C742,760 780,745 772,690 C805,720 830,735 826,690 C860,730 860,770 848,805 Z", C.terracotta));
  s.add(pathEl("M765,805 C760,770 790,760 792,720 C810,750 835,760 835,805 Z", C.amber));
  s.add(pathEl("M782,806 C780,780 800,772 803,750 C815,772 822,785 818,806 Z", "#ffe08a"));
  // Men around the fire (logs as benches).
  const sil = "#1a1224";
  s.add(rect(520, 786, 150, 18, "#2a1f25", 'rx="9"'), rect(930, 786, 150, 18, "#2a1f25", 'rx="9"'));
  s.add(
    person("sitSide", { x: 580, y: 840, h: 210, col: sil, mid: props.bookSide("#2f2433", "#f4d9a6") }),
    person("sitSide", { x: 1020, y: 840, h: 215, col: sil, flip: true }),
    person("standFront", { x: 690, y: 760, h: 200, col: "#2a1c2c" }),
    person("standProfile", { x: 935, y: 758, h: 205, col: "#2a1c2c", flip: true }),
    person("sitSide", { x: 455, y: 850, h: 220, col: sil }),
  );
  return s;
}

function sceneOutreach() {
  const s = new Scene();
  sky(s, [[0, "#8dbbe0"], [0.45, "#cfe2ec"], [0.7, "#f6e7c4"]]);
  sun(s, 1380, 140, 48, { core: "#fff3c8", glow: "#fff3c8", glowR: 260, glowOpacity: 0.6 });
  s.add(cloud(300, 160, 1.4), cloud(820, 110, 1.0, "#ffffff", 0.7));
  ridge(s, 470, [[28, 900, 0.4], [12, 310, 1.6]], "#9aaebf");
  ridge(s, 530, [[20, 1100, 2.1], [10, 380, 0.2]], "#6f9a62");
  ridge(s, 600, [[8, 1400, 0.9]], "#d7b787");
  s.add(rect(0, 640, 1600, 260, s.linear([[0, "#dcbd8c"], [1, "#c9a06a"]])));
  // Village behind.
  s.add(hut(170, 610, 90), hut(300, 600, 70), mango(70, 640, 230, "#5a3d2a", "#3f7d4e", "#356a42"), house(1190, 600, 130, 70));
  s.add(acacia(1500, 640, 260, "#5a3d2a", "#4d7d45"));
  // Brick wall under construction, stepped at the right end.
  const wx = 560;
  const base = 730;
  const bw = 46;
  const bh = 20;
  for (let row = 0; row < 9; row++) {
    const y = base - (row + 1) * (bh + 4);
    const len = row < 5 ? 11 : 11 - (row - 4) * 2;
    const offset = row % 2 ? bw / 2 : 0;
    for (let i = 0; i < len; i++) {
      const bx = wx + offset + i * (bw + 4);
      const isWindow = row >= 3 && row <= 6 && i >= 3 && i <= 4;
      if (!isWindow) s.add(rect(bx, y, bw, bh, (row * 3 + i) % 4 ? C.terracotta : "#a24a24", 'rx="1.5"'));
    }
  }
  s.add(rect(wx - 6, base - 2, 580, 10, "#9b8a72"));
  s.add(brickPile(40, 880, 200, 4));
  // Builders.
  const skin = SKIN;
  s.add(
    shadow(505, 737, 45),
    person("reach", { x: 500, y: 735, h: 230, col: { skin: skin[3], shirt: "#f4efe4", trousers: "#34405a", sleeves: "short" }, top: props.brickReach() }),
    shadow(300, 842, 70),
    person("carryFront", { x: 300, y: 840, h: 270, col: { skin: skin[5], shirt: C.blue, trousers: "#2c2f3b" }, mid: props.bricksHeld() }),
    shadow(880, 862, 70),
    person("carryHead", { x: 880, y: 860, h: 270, flip: true, col: { skin: skin[1], shirt: C.amber, trousers: "#4a4033", sleeves: "short" }, mid: props.bucketOnHead("#2f6fb0") }),
  );
  // Borehole with a man pumping.
  const p = pump(1300, 800, 190);
  s.add(p.svg);
  const manX = 1455;
  const manS = 2.6;
  const hand = [manX - PUMP_HANDS[0] * manS, 800 - -PUMP_HANDS[1] * manS];
  s.add(pumpHandle(p.pivot, hand, 1.9));
  s.add(person("pump", { x: manX, y: 800, h: 260, flip: true, col: { skin: skin[4], shirt: C.green, trousers: "#2c2f3b", sleeves: "short" } }));
  s.add(bucket(p.spout[0], 788, 1.9, C.gold), waterStream(p.spout, 748, 1.9));
  return s;
}

function scenePrayerBreakfast() {
  const s = new Scene();
  s.add(rect(0, 0, 1600, 900, s.linear([[0, "#f3e5c6"], [1, "#e3c999"]])));
  // Window with a sunrise view; the mullions form a cross.
  const wx = 560;
  const wy = 60;
  const ww = 480;
  const wh = 380;
  const clip = s.clip(rect(wx, wy, ww, wh, "#000"));
  s.add(`<g clip-path="${clip}">`);
  s.add(rect(wx, wy, ww, wh, s.linear([[0, "#f9e6b0"], [0.6, "#f5c25a"], [1, "#e8953c"]])));
  s.add(circle(800, 350, 150, s.radial(800, 350, 150, [[0, "#fff1c2", 0.7], [1, "#fff1c2", 0]])), circle(800, 350, 48, "#fff1c2"));
  s.add(pathEl("M560,370 Q660,330 760,362 T1040,345 L1040,440 L560,440 Z", "#c7834a"));
  s.add(pathEl("M560,405 Q700,380 850,402 T1040,392 L1040,440 L560,440 Z", "#9c6038"));
  s.add(acacia(650, 420, 90, "#6b3f28"));
  s.add("</g>");
  s.add(rect(wx - 12, wy - 12, ww + 24, wh + 24, "none", `stroke="${C.blue}" stroke-width="20"`));
  s.add(rect(wx + ww / 2 - 8, wy, 16, wh, C.blue), rect(wx, wy + 120, ww, 16, C.blue));
  s.add(rect(wx - 34, wy + wh + 12, ww + 68, 16, "#d4b27a"));
  // Morning light falling on the table.
  s.add(`<polygon points="${pts([[wx, wy + wh], [wx + ww, wy + wh], [1420, 900], [180, 900]])}" fill="#fff3c8" opacity="0.3"/>`);
  // Men seated behind the table, forearms on the cloth (hands are at y = -37 figure units).
  const tableTop = 700;
  const sc = 5;
  const seats = [
    { x: 250, skin: SKIN[2], shirt: C.green, pose: "sitTable" },
    { x: 525, skin: SKIN[5], shirt: "#f4efe4", pose: "sitTableCup", cup: C.blue },
    { x: 800, skin: SKIN[3], shirt: C.blue, pose: "sitTable" },
    { x: 1075, skin: SKIN[0], shirt: "#6f9bd1", pose: "sitTableCup", cup: "#f6f1e6" },
    { x: 1350, skin: SKIN[4], shirt: C.amber, pose: "sitTable", hair: HAIR.grey },
  ];
  for (const seat of seats) {
    s.add(
      person(seat.pose, {
        x: seat.x,
        y: tableTop + 37 * sc,
        h: sc * 100,
        col: { skin: seat.skin, shirt: seat.shirt, hair: seat.hair ?? HAIR.black },
        top: seat.cup ? props.cupHeld(seat.cup) : [],
      }),
    );
  }
  // Table with a white cloth.
  s.add(pathEl(`M70,${tableTop - 18} L1530,${tableTop - 18} L1570,${tableTop + 40} L30,${tableTop + 40} Z`, "#fbf8f0"));
  s.add(rect(30, tableTop + 40, 1540, 200, s.linear([[0, "#efe7d6"], [1, "#ddd1b8"]])));
  for (let x = 130; x < 1560; x += 190) s.add(line([[x, tableTop + 58], [x, 900]], "#d2c4a6", 3, 'opacity="0.7"'));
  // Enamel mugs, a plate of mandasi and a flask of tea.
  const mug = (x, y, color) => [
    ellipse(x, y + 2, 36, 9, "#e2d7c0"),
    pathEl(`M${x + 20},${y - 34} q18,2 16,18 q-2,11 -16,9`, "none", `stroke="${color}" stroke-width="7"`),
    rect(x - 22, y - 46, 44, 48, color, 'rx="7"'),
    rect(x - 22, y - 46, 44, 8, "#ffffff", 'rx="3" opacity="0.85"'),
  ];
  s.add(mug(180, tableTop + 8, C.blue), mug(850, tableTop + 14, C.terracotta), mug(1420, tableTop + 8, C.green), mug(1140, tableTop + 18, C.blue));
  s.add(ellipse(560, tableTop + 10, 105, 24, "#ffffff"), ellipse(560, tableTop + 10, 105, 24, "none", 'stroke="#d8cdb4" stroke-width="3"'));
  for (const [bx, by] of [[515, 0], [560, -6], [605, 1], [537, -18], [584, -20]]) {
    s.add(circle(bx, tableTop + by, 19, "#d69a4c"), circle(bx - 5, tableTop + by - 6, 7, "#e8b46c"));
  }
  s.add(rect(905, tableTop - 110, 58, 132, C.terracotta, 'rx="10"'), rect(910, tableTop - 132, 48, 28, "#3a3f52", 'rx="6"'));
  s.add(rect(905, tableTop - 52, 58, 12, "#8d3c1d"));
  return s;
}

function sceneYouthMentorship() {
  const s = new Scene();
  sky(s, [[0, "#9fc2de"], [0.45, "#f1dfb6"], [0.68, "#f4c462"]]);
  sun(s, 260, 430, 54, { core: "#fff0c0", glowR: 340, glowOpacity: 0.55 });
  ridge(s, 430, [[30, 1000, 0.2], [14, 360, 1.3]], "#a3a5c0");
  plateau(s, 980, 1330, 360, 470, 160, "#8e8fb0");
  ridge(s, 500, [[22, 1200, 1.8], [9, 420, 0.7]], "#7d9a6a");
  s.add(church(1180, 515, 80, {}));
  ridge(s, 560, [[14, 1500, 0.6], [6, 300, 2]], "#c7a458");
  s.add(rect(0, 600, 1600, 300, s.linear([[0, "#c7a458"], [1, "#a98a44"]])));
  // A path winding from the foreground into the hills.
  s.add(pathEl("M0,770 C400,740 760,760 1040,700 C1200,665 1230,610 1150,575 L1185,572 C1290,610 1260,690 1120,740 C860,830 420,830 0,860 Z", C.sand));
  s.add(baobab(170, 650, 300, "#5a3d2a", "#4d7d45"), acacia(1420, 720, 330, "#4a3222", "#3f7d4e"));
  // Man with his hand on a boy's shoulder.
  // The boy walks on the far side, half a step ahead; the man's hand (19,-55 in figure units)
  // rests on the boy's shoulder.
  s.add(shadow(640, 808, 80), shadow(700, 796, 55));
  s.add(person("walk", { x: 690, y: 794, h: 205, child: true, col: { skin: SKIN[4], shirt: C.gold, trousers: "#34405a", sleeves: "short" } }));
  s.add(person("walkGuide", { x: 630, y: 806, h: 310, col: { skin: SKIN[3], shirt: "#f4efe4", trousers: C.blue } }));
  s.add(bird(600, 220, 1.6, "#5a4a5a"), bird(650, 195, 1.3, "#5a4a5a"), bird(700, 230, 1.1, "#5a4a5a"));
  return s;
}

function sceneCommunityOutreach() {
  const s = new Scene();
  sky(s, [[0, "#f6dc94"], [0.55, C.gold], [1, C.amber]]);
  sun(s, 420, 520, 110, { core: "#fff0c2", glow: "#fff4d6", glowR: 420, glowOpacity: 0.5 });
  ridge(s, 560, [[26, 950, 1], [12, 300, 0.2]], "#e6a94a");
  ridge(s, 640, [[18, 1300, 2.4], [8, 420, 1.2]], "#cf8a3a");
  // Church under construction: walls with window openings, roof trusses, scaffolding.
  const g = "#2a3a6e";
  const cx = 1040;
  const gy = 745;
  s.add(rect(cx, gy - 210, 420, 210, g));
  for (const wxx of [cx + 50, cx + 150, cx + 250]) s.add(pathEl(`M${wxx},${gy - 60} L${wxx},${gy - 140} A25,25 0 0 1 ${wxx + 50},${gy - 140} L${wxx + 50},${gy - 60} Z`, "#e4a74a"));
  s.add(pathEl(`M${cx + 355},${gy} L${cx + 355},${gy - 120} A28,28 0 0 1 ${cx + 411},${gy - 120} L${cx + 411},${gy} Z`, "#e4a74a"));
  for (let i = 0; i < 5; i++) {
    const tx = cx + i * 105;
    s.add(line([[tx, gy - 210], [tx + 105, gy - 210], [tx + 52, gy - 300], [tx, gy - 210]], g, 8));
  }
  s.add(line([[cx - 40, gy], [cx - 40, gy - 330]], g, 9), line([[cx - 110, gy], [cx - 110, gy - 330]], g, 9));
  for (const yy of [gy - 110, gy - 220, gy - 320]) s.add(line([[cx - 125, yy], [cx + 10, yy]], g, 7));
  s.add(line([[cx - 110, gy - 110], [cx - 40, gy - 220]], g, 5), line([[cx - 110, gy - 220], [cx - 40, gy - 320]], g, 5));
  s.add(line([[cx + 210, gy - 300], [cx + 210, gy - 380]], g, 10), line([[cx + 182, gy - 352], [cx + 238, gy - 352]], g, 10));
  // Ground and the procession of men.
  s.add(pathEl("M0,760 Q500,735 1000,750 T1600,740 L1600,900 L0,900 Z", C.navy));
  s.add(acacia(130, 770, 300, C.navy));
  const sil = C.navy;
  s.add(brickPile(880, 752, 130, 3, 30, 12, sil, sil));
  s.add(
    person("carryHead", { x: 250, y: 790, h: 250, col: sil, mid: props.bucketOnHead(sil) }),
    person("carryFront", { x: 410, y: 795, h: 262, col: sil, mid: props.bricksHeld(sil) }),
    person("carryHead", { x: 570, y: 790, h: 245, col: sil, mid: props.bricksOnHead(sil) }),
    person("walk", { x: 700, y: 792, h: 255, col: sil }),
    person("carryHead", { x: 830, y: 792, h: 250, col: sil, mid: props.bucketOnHead(sil) }),
  );
  // A water container carried by the walking man.
  s.add(rect(713, 650, 30, 40, sil, 'rx="4"'));
  s.add(bird(300, 250, 2, "#8a4a22"), bird(360, 220, 1.6, "#8a4a22"));
  return s;
}

function sceneDiscipleship() {
  const s = new Scene();
  sky(s, [[0, "#cfe1ea"], [0.5, "#f3e6c6"]]);
  ridge(s, 420, [[24, 1000, 0.6], [10, 330, 1.9]], "#a7b6c0");
  ridge(s, 470, [[16, 1300, 2.1], [8, 400, 0.4]], "#7fa06e");
  s.add(rect(0, 500, 1600, 400, s.linear([[0, "#b7b873"], [1, "#98a05a"]])));
  // Shade of a great tree.
  s.add(ellipse(820, 700, 760, 160, "#7f8f4c"));
  s.add(mango(1480, 560, 300, "#5a3d2a", "#4c8a58", "#3f7d4e"));
  // Canopy of a great tree overhead: a leafy edge of overlapping circles.
  s.add(rect(0, 0, 1600, 70, "#2f6b45"));
  for (let x = -40, i = 0; x < 1680; x += 95, i++) s.add(circle(x, 80 + (i % 3) * 22, 70 + (i % 2) * 18, "#2f6b45"));
  for (let x = 10, i = 0; x < 1680; x += 110, i++) s.add(circle(x, 40 + (i % 2) * 18, 62 + (i % 3) * 10, "#3f7d4e"));
  s.add(pathEl("M170,0 L200,0 L215,560 L140,560 Z", "#5a3d2a"), ellipse(178, 560, 48, 8, "#5a3d2a"));
  // Benches.
  const wood = "#7a5233";
  s.add(rect(470, 570, 660, 16, wood, 'rx="4"'), rect(490, 586, 14, 60, wood), rect(1096, 586, 14, 60, wood));
  // Back row facing us.
  const sc = 2.95;
  const backRow = [
    { x: 560, skin: SKIN[4], shirt: C.blue, cover: C.terracotta },
    { x: 800, skin: SKIN[1], shirt: "#f4efe4", cover: C.blue, hair: HAIR.grey },
    { x: 1040, skin: SKIN[6], shirt: C.amber, cover: C.green },
  ];
  for (const m of backRow) {
    s.add(person("sitFront", { x: m.x, y: 572 + 28 * sc, h: 100 * sc, col: { skin: m.skin, shirt: m.shirt, hair: m.hair ?? HAIR.black }, mid: props.bookFront(m.cover) }));
  }
  // The sides of the circle, in profile, on stools.
  s.add(rect(330, 670, 70, 14, wood, 'rx="4"'), rect(350, 684, 12, 56, wood));
  s.add(rect(1200, 670, 70, 14, wood, 'rx="4"'), rect(1238, 684, 12, 56, wood));
  s.add(person("sitSide", { x: 370, y: 760, h: 320, col: { skin: SKIN[2], shirt: C.terracotta, trousers: "#3a3a48" }, mid: props.bookSide(C.navy) }));
  s.add(person("sitSide", { x: 1230, y: 760, h: 320, flip: true, col: { skin: SKIN[5], shirt: C.green, trousers: "#2c2f3b" }, mid: props.bookSide("#7a2e3a") }));
  // The front of the circle, seen from behind.
  s.add(rect(560, 840, 90, 16, wood, 'rx="4"'), rect(950, 840, 90, 16, wood, 'rx="4"'));
  s.add(person("sitBack", { x: 610, y: 930, h: 380, col: { skin: SKIN[3], shirt: "#6f9bd1" } }));
  s.add(person("sitBack", { x: 1000, y: 930, h: 380, col: { skin: SKIN[5], shirt: "#f4efe4", hair: HAIR.dark } }));
  return s;
}

function scenePrayerFellowship() {
  const s = new Scene();
  const horizon = 600;
  sky(s, [[0, "#172f62"], [0.3, "#3c4486"], [0.5, "#9a6a8e"], [0.62, "#ec9a62"], [0.68, "#f6c66a"], [0.7, "#fbe3a0"]]);
  sun(s, 420, horizon, 78, { core: "#fff1c4", glowR: 520, glowOpacity: 0.7 });
  rays(s, 420, horizon, { count: 9, len: 1300, opacity: 0.04 });
  plateau(s, 720, 1200, 470, horizon + 20, 200, "#7d6390");
  ridge(s, horizon - 10, [[14, 800, 1.4], [7, 260, 0.2]], "#5b4a7e");
  ridge(s, horizon + 40, [[16, 1200, 0.8], [6, 300, 2.2]], "#33386e");
  // Near hilltop where the men pray, facing the sunrise; they stand out against the glow.
  const ground = (x) => 800 - 175 * (1 - (1 - x / 1600) ** 2);
  let hill = "M0,900";
  for (let x = 0; x <= 1600; x += 20) hill += ` L${x},${n(ground(x))}`;
  s.add(pathEl(`${hill} L1600,900 Z`, "#111b3d"));
  const sil = "#0e1734";
  const men = [
    ["kneelPray", 720, 250],
    ["standBow", 880, 270],
    ["kneelPray", 1040, 255],
    ["kneelPray", 1200, 250],
    ["standBow", 1360, 275],
  ];
  for (const [pose, x, h] of men) s.add(person(pose, { x, y: ground(x) + 4, h, flip: true, col: sil }));
  s.add(acacia(1530, ground(1530) + 4, 260, sil));
  s.add(bird(260, 330, 1.6, "#3a3a6a"), bird(310, 300, 1.3, "#3a3a6a"));
  return s;
}

/** An open Bible seen from the front, centred on (x, y); 100 units wide per side. */
function openBible(x, y, sc, { cover = C.blue, page = "#fbf3df", ink = "#d6c8a8", ribbon = C.terracotta } = {}) {
  const lines = [];
  for (let i = 0; i < 7; i++) {
    const t = 14 + i * 9;
    lines.push(`<path d="M-88,${t} Q-48,${t - 8} -10,${t + 3}" fill="none" stroke="${ink}" stroke-width="2.6"/>`);
    lines.push(`<path d="M10,${t + 3} Q48,${t - 8} 88,${t}" fill="none" stroke="${ink}" stroke-width="2.6"/>`);
  }
  return group(place(x, y, sc), [
    ellipse(0, 92, 120, 14, "#000000", 'opacity="0.25"'),
    pathEl("M0,10 Q-60,-10 -112,6 L-118,88 Q-60,74 0,96 Q60,74 118,88 L112,6 Q60,-10 0,10 Z", cover),
    pathEl("M0,8 Q-55,-12 -104,2 L-108,80 Q-55,66 0,88 Z", page),
    pathEl("M0,8 Q55,-12 104,2 L108,80 Q55,66 0,88 Z", "#f4e8cc"),
    lines,
    pathEl("M-3,8 L3,8 L4,88 L-4,88 Z", "#e0d0ac"),
    pathEl("M-2,80 L4,80 L6,106 L1.5,101 L-3,107 Z", ribbon),
  ]);
}

function sceneSunriseDevotional() {
  const s = new Scene();
  sky(s, [[0, "#24407f"], [0.28, "#6a5f98"], [0.45, "#e39a62"], [0.55, "#f7cf70"], [0.62, "#fde9b0"]]);
  sun(s, 800, 540, 72, { core: "#fff5d6", glowR: 560, glowOpacity: 0.7 });
  rays(s, 800, 540, { count: 9, len: 1200, opacity: 0.035 });
  plateau(s, 260, 640, 430, 580, 170, "#9a7ea0");
  ridge(s, 560, [[18, 900, 2.2], [10, 300, 0.9]], "#75628e");
  ridge(s, 610, [[22, 1200, 0.4], [8, 340, 1.8]], "#4a4a7e");
  ridge(s, 680, [[14, 1500, 2.8], [6, 260, 0.5]], "#2b3463");
  // Wooden table in the foreground.
  s.add(rect(0, 720, 1600, 180, s.linear([[0, "#7a4c2c"], [1, "#4f2f1b"]])));
  for (const yy of [760, 810, 860]) s.add(line([[0, yy], [1600, yy + 6]], "#6a3f24", 3, 'opacity="0.6"'));
  s.add(openBible(780, 672, 2.05));
  // Enamel mug with steam.
  s.add(ellipse(1250, 822, 70, 12, "#000000", 'opacity="0.25"'));
  s.add(pathEl("M1290,750 q36,4 32,36 q-4,24 -32,20", "none", 'stroke="#f6f1e6" stroke-width="12"'));
  s.add(rect(1200, 730, 100, 90, "#f6f1e6", 'rx="10"'), rect(1200, 730, 100, 12, C.blue, 'rx="6"'));
  for (const dx of [-20, 10]) s.add(`<path d="M${1250 + dx},710 q-16,-26 0,-50 q16,-24 0,-48" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.55"/>`);
  return s;
}

function sceneConferenceNews() {
  const s = new Scene();
  s.add(rect(0, 0, 1600, 900, s.linear([[0, "#0c1836"], [1, C.navy]])));
  // Backdrop with a glowing cross.
  s.add(rect(380, 90, 840, 440, C.blue, 'rx="6"'));
  s.add(rect(380, 90, 840, 440, s.radial(800, 300, 420, [[0, C.gold, 0.55], [0.6, C.amber, 0.12], [1, C.amber, 0]])));
  s.add(line([[800, 150], [800, 460]], C.gold, 38), line([[690, 245], [910, 245]], C.gold, 38));
  // Spotlights.
  s.add(`<polygon points="240,0 330,0 660,560 460,560" fill="#fff5d6" opacity="0.08"/>`);
  s.add(`<polygon points="1270,0 1360,0 1140,560 940,560" fill="#fff5d6" opacity="0.08"/>`);
  // Stage and a speaker at the pulpit.
  s.add(rect(180, 530, 1240, 70, "#0a1431"), rect(180, 526, 1240, 8, C.amber));
  s.add(person("standFront", { x: 560, y: 530, h: 190, col: "#0a1431" }));
  s.add(pathEl("M505,530 L515,432 L605,432 L615,530 Z", "#13224a"), rect(508, 426, 104, 10, C.amber));
  // The crowd, three rows from far to near.
  s.add(crowd({ y: 760, x0: 0, x1: 1600, count: 17, h: 210, color: "#24315e", seed: 21, raised: 0.2 }));
  s.add(crowd({ y: 880, x0: -40, x1: 1640, count: 13, h: 270, color: "#152043", seed: 22, raised: 0.25 }));
  s.add(crowd({ y: 1040, x0: -60, x1: 1660, count: 9, h: 340, color: "#090f26", seed: 23, raised: 0.3 }));
  return s;
}

function sceneFathersTeaching() {
  const s = new Scene();
  const horizon = 560;
  sky(s, [[0, C.blue], [0.3, "#5a4f8a"], [0.47, "#e0824a"], [0.56, C.gold], [0.63, "#f7d98a"]]);
  sun(s, 1160, horizon, 74, { core: "#ffe6a0", glowR: 480, glowOpacity: 0.7 });
  ridge(s, horizon - 6, [[8, 600, 0.6], [5, 200, 1.7]], "#5c4470", { bottom: horizon + 2 });
  s.add(rect(0, horizon, 1600, 340, s.linear([[0, "#f0a64e"], [0.3, "#a06070"], [1, "#2a3470"]])));
  s.add(shimmer(1160, horizon, 760, "#ffe3a0", 200));
  // Hillside where father and son kneel and stand.
  const ground = (x) => 640 + 265 * Math.pow(Math.min(x, 1280) / 1280, 2.2);
  let hill = "M0,900";
  for (let x = 0; x <= 1280; x += 20) hill += ` L${x},${n(ground(x))}`;
  s.add(pathEl(`${hill} L1280,900 Z`, "#151a38"));
  const sil = "#0f1430";
  s.add(acacia(180, ground(180) + 4, 420, sil));
  s.add(person("kneelPoint", { x: 560, y: ground(560) + 4, h: 300, col: sil }));
  s.add(person("standProfile", { x: 680, y: ground(680) + 4, h: 180, child: true, col: sil }));
  s.add(bird(1010, 360, 2, "#3a2f52"), bird(1070, 330, 1.6, "#3a2f52"), bird(1120, 370, 1.3, "#3a2f52"));
  return s;
}

function sceneBorehole() {
  const s = new Scene();
  sky(s, [[0, "#7fb0dc"], [0.45, "#cfe4ef"], [0.62, "#f3e8cc"]]);
  s.add(cloud(260, 150, 1.5), cloud(760, 90, 1.1, "#ffffff", 0.75), cloud(1320, 170, 1.3));
  ridge(s, 470, [[24, 1000, 1.3], [10, 340, 0.3]], "#94aac0");
  ridge(s, 530, [[18, 1250, 2.9], [8, 420, 1.1]], "#6b9a63");
  s.add(rect(0, 580, 1600, 320, s.linear([[0, "#d9bb8c"], [1, "#c69c68"]])));
  // Village.
  s.add(mango(110, 620, 260, "#5a3d2a", "#3f7d4e", "#356a42"));
  s.add(hut(330, 615, 100), hut(480, 600, 80), house(1250, 610, 150, 80));
  s.add(church(1080, 590, 120));
  s.add(acacia(1520, 640, 240, "#5a3d2a", "#4d7d45"));
  // Borehole with children fetching water.
  const p = pump(820, 780, 210);
  s.add(ellipse(820, 782, 260, 40, "#cfc5b2"), p.svg);
  const kidX = 975;
  const kidS = 1.75;
  const hand = [kidX - PUMP_HANDS[0] * kidS, 780 + PUMP_HANDS[1] * kidS];
  s.add(pumpHandle(p.pivot, hand, 2.1));
  s.add(person("pump", { x: kidX, y: 780, h: 175, flip: true, child: true, col: { skin: SKIN[3], shirt: C.terracotta, trousers: "#34405a", sleeves: "short" } }));
  s.add(bucket(p.spout[0], 768, 2.1, C.gold), waterStream(p.spout, 724, 2.1));
  s.add(shadow(540, 832, 50));
  s.add(person("carryHead", { x: 540, y: 830, h: 185, flip: true, child: true, col: { skin: SKIN[5], shirt: C.gold, trousers: "#2c2f3b", sleeves: "short" }, mid: props.bucketOnHead("#2f6fb0") }));
  s.add(shadow(1160, 842, 45));
  s.add(person("standFront", { x: 1160, y: 840, h: 165, child: true, col: { skin: SKIN[1], shirt: "#6f9bd1", trousers: "#3a3a48", sleeves: "short" } }));
  s.add(bucket(1195, 846, 1.6, C.green));
  s.add(shadow(1290, 862, 45));
  s.add(person("standProfile", { x: 1290, y: 860, h: 150, flip: true, child: true, col: { skin: SKIN[4], shirt: C.green, trousers: "#3a3a48", sleeves: "short" } }));
  return s;
}

// ---------------------------------------------------------------------------------------------
// Avatars (480x480 design, head-and-shoulders, no facial features)
// ---------------------------------------------------------------------------------------------

const AVATARS = [
  { name: "leader-1", bg: C.sand, skin: SKIN[4], hair: "short", outfit: "suit", jacket: C.navy, shirt: "#f6f3ec", tie: C.gold },
  { name: "leader-2", bg: C.blue, skin: SKIN[1], hair: "greyReceding", outfit: "collar", shirt: "#f6f3ec" },
  { name: "leader-3", bg: C.gold, skin: SKIN[6], hair: "shaved", beard: HAIR.black, outfit: "collar", shirt: C.terracotta },
  { name: "leader-4", bg: "#d7e4ec", skin: SKIN[0], hair: "short", outfit: "collar", shirt: C.green },
  { name: "leader-5", bg: C.terracotta, skin: SKIN[5], hair: "grey", outfit: "suit", jacket: "#3a3f4e", shirt: "#cfe0f2", tie: C.blue },
  { name: "leader-6", bg: C.green, skin: SKIN[3], hair: "short", beard: HAIR.grey, outfit: "collar", shirt: C.gold },
  { name: "testimony-1", bg: "#f3e3c0", skin: SKIN[4], hair: "short", outfit: "crew", shirt: C.blue },
  { name: "testimony-2", bg: C.navy, skin: SKIN[2], hair: "short", outfit: "collar", shirt: "#7a2e3a" },
  { name: "testimony-3", bg: C.sand, skin: SKIN[6], hair: "short", outfit: "pattern", shirt: C.green, pattern: C.gold },
  { name: "testimony-4", bg: "#9dbbe0", skin: SKIN[0], hair: "greyReceding", beard: HAIR.grey, outfit: "suit", jacket: C.terracotta, shirt: "#f6f3ec", tie: C.navy },
];

/** Darken a #rrggbb colour by a factor. */
function shade(hex, f) {
  const v = parseInt(hex.slice(1), 16);
  const ch = (sh) => Math.max(0, Math.min(255, Math.round(((v >> sh) & 255) * f)));
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, "0")}`;
}

function avatarScene(a) {
  const s = new Scene(480, 480);
  s.add(rect(0, 0, 480, 480, a.bg));
  s.add(circle(240, 200, 260, s.radial(240, 200, 260, [[0, "#ffffff", 0.22], [1, "#ffffff", 0]])));
  const skinDark = shade(a.skin, 0.8);
  // Shoulders and clothing.
  const body = "M40,480 C40,400 90,372 170,352 L310,352 C390,372 440,400 440,480 Z";
  // Neck.
  s.add(pathEl("M196,300 L284,300 L290,372 Q240,400 190,372 Z", a.skin), pathEl("M196,300 L284,300 L286,330 Q240,352 194,330 Z", skinDark));
  if (a.outfit === "suit") {
    s.add(pathEl(body, a.jacket));
    s.add(pathEl("M188,352 L240,420 L292,352 L270,346 L240,380 L210,346 Z", a.shirt)); // shirt V
    s.add(pathEl("M240,382 L228,396 L236,480 L244,480 L252,396 Z", a.tie));
    s.add(pathEl("M170,352 L240,480 L150,480 L160,410 Z", shade(a.jacket, 0.82)), pathEl("M310,352 L240,480 L330,480 L320,410 Z", shade(a.jacket, 0.82)));
  } else if (a.outfit === "crew") {
    s.add(pathEl(body, a.shirt));
    s.add(pathEl("M190,356 Q240,392 290,356", "none", `stroke="${shade(a.shirt, 0.75)}" stroke-width="10"`));
  } else {
    s.add(pathEl(body, a.shirt));
    if (a.outfit === "pattern") {
      const clip = s.clip(pathEl(body, "#000"));
      const stripes = [];
      for (let x = 70; x < 440; x += 46) stripes.push(line([[x, 490], [x + 12, 340]], a.pattern, 9, 'opacity="0.8"'));
      s.add(`<g clip-path="${clip}">${stripes.join("")}</g>`);
    }
    // Open collar.
    s.add(pathEl("M192,352 L240,404 L288,352 L282,340 L240,382 L198,340 Z", shade(a.skin, 0.92)));
    s.add(pathEl("M178,346 L198,336 L240,392 L212,408 Z", shade(a.shirt, 1.12)), pathEl("M302,346 L282,336 L240,392 L268,408 Z", shade(a.shirt, 1.12)));
    s.add(line([[240, 404], [240, 480]], shade(a.shirt, 0.8), 3));
  }
  // Head, ears, hair.
  s.add(ellipse(158, 222, 16, 26, skinDark), ellipse(322, 222, 16, 26, skinDark));
  s.add(ellipse(240, 212, 84, 100, a.skin));
  s.add(pathEl("M170,250 Q180,318 240,322 Q300,318 310,250 Q300,300 240,306 Q180,300 170,250 Z", skinDark, 'opacity="0.5"'));
  const hairCol = a.hair.startsWith("grey") ? HAIR.grey : HAIR.black;
  if (a.hair === "short" || a.hair === "grey") {
    s.add(pathEl("M157,200 Q150,108 240,106 Q330,108 323,200 Q318,162 296,150 Q240,136 184,150 Q162,162 157,200 Z", hairCol));
  } else if (a.hair === "greyReceding") {
    s.add(pathEl("M157,206 Q152,150 178,128 Q168,160 170,206 Z", hairCol), pathEl("M323,206 Q328,150 302,128 Q312,160 310,206 Z", hairCol));
  } else {
    s.add(ellipse(214, 150, 34, 18, "#ffffff", 'opacity="0.12"'));
  }
  if (a.beard) {
    s.add(pathEl("M160,236 Q166,318 240,324 Q314,318 320,236 Q306,290 276,292 Q240,282 204,292 Q174,290 160,236 Z", a.beard));
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Map, emblem, social card, icons
// ---------------------------------------------------------------------------------------------

function sceneMap() {
  const s = new Scene();
  s.add(rect(0, 0, 1600, 900, "#efe9dc"));
  // City blocks.
  const r = prng(42);
  for (let bx = 20; bx < 1600; bx += 130) {
    for (let by = 20; by < 900; by += 110) {
      s.add(rect(bx + r() * 10, by + r() * 10, 90 + r() * 20, 70 + r() * 16, "#e4dccb", 'rx="6"'));
    }
  }
  // Parks.
  s.add(pathEl("M120,80 L430,60 L470,300 L160,330 Z", "#c9ddb4", 'stroke="#b5cf9c" stroke-width="4"'));
  s.add(pathEl("M1080,560 Q1300,520 1460,600 L1420,820 Q1200,860 1060,780 Z", "#c9ddb4", 'stroke="#b5cf9c" stroke-width="4"'));
  s.add(rect(880, 140, 180, 130, "#c9ddb4", 'rx="18" stroke="#b5cf9c" stroke-width="4"'));
  for (const [tx, ty] of [[230, 160], [300, 220], [360, 140], [1200, 650], [1300, 700], [1180, 760], [950, 200]]) s.add(circle(tx, ty, 16, "#a9c98e"));
  // River with a small falls.
  s.add(`<path d="M-20,700 C200,640 380,700 560,620 S820,420 1000,430 S1320,300 1620,260" fill="none" stroke="#a8cbe6" stroke-width="54" stroke-linecap="round"/>`);
  s.add(line([[905, 412], [935, 460]], "#ffffff", 6, 'opacity="0.8"'), line([[925, 405], [955, 453]], "#ffffff", 6, 'opacity="0.8"'));
  // Roads: outline then fill.
  const road = (d, w, fill = "#ffffff", edge = "#d8cdb6") => [
    `<path d="${d}" fill="none" stroke="${edge}" stroke-width="${w + 6}" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="${d}" fill="none" stroke="${fill}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`,
  ];
  s.add(road("M-20,480 L1620,520", 16));
  s.add(road("M640,-20 L700,920", 16));
  s.add(road("M-20,220 L620,260 L1620,180", 12));
  s.add(road("M-20,800 L1620,760", 12));
  s.add(road("M300,-20 L340,920", 10));
  s.add(road("M1200,-20 L1160,920", 12));
  s.add(road("M960,520 L1000,920", 9));
  s.add(road("M40,920 Q600,600 900,500 T1620,360", 24, "#f7dc95", "#e2bf63"));
  // Map pin in the centre (tip at 800,450).
  s.add(ellipse(800, 452, 34, 10, "#000000", 'opacity="0.2"'));
  s.add(pathEl("M800,450 C780,410 738,380 738,330 A62,62 0 1 1 862,330 C862,380 820,410 800,450 Z", C.amber, `stroke="${C.navy}" stroke-width="4"`));
  s.add(circle(800, 330, 26, "#ffffff"), circle(800, 330, 12, C.navy));
  return s;
}

const MARK = {
  shield: "M20 2 5 7.5v11C5 28 11.5 35 20 38c8.5-3 15-10 15-19.5v-11L20 2z",
  cross: "M20 8v20M14 14h12",
  wave: "M11 27.5c3-1.6 6-1.6 9 0 3-1.6 6-1.6 9 0",
};

/** The logo mark in its own 40x40 coordinate space. `ring` adds a gold edge for dark grounds. */
function markSvg({ ring = false } = {}) {
  return (
    `<path d="${MARK.shield}" fill="#1c3a7c"${ring ? ` stroke="${C.gold}" stroke-width="1.1" stroke-linejoin="round"` : ""}/>` +
    `<path d="${MARK.cross}" stroke="#f2b935" stroke-width="3.2" stroke-linecap="round" fill="none"/>` +
    `<path d="${MARK.wave}" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round"/>`
  );
}

/** A square icon: the mark centred, occupying `fraction` of the side, on an optional ground. */
function iconSvg(size, { bg = null, fraction = 1, ring = false } = {}) {
  const markPx = size * fraction;
  const k = markPx / 40;
  const off = (size - markPx) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    (bg ? `<rect width="${size}" height="${size}" fill="${bg}"/>` : "") +
    `<g transform="translate(${n(off)} ${n(off)}) scale(${k})">${markSvg({ ring })}</g></svg>`
  );
}

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">
  <path d="${MARK.shield}" fill="#1c3a7c"/>
  <path d="${MARK.cross}" stroke="#f2b935" stroke-width="3.2" stroke-linecap="round" fill="none"/>
  <path d="${MARK.wave}" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round"/>
</svg>
`;

function sceneOg({ withText }) {
  const s = new Scene(1200, 630);
  s.add(rect(0, 0, 1200, 630, s.linear([[0, C.navy], [1, "#13295a"]])));
  // Subtle sunrise over hills.
  s.add(circle(900, 560, 420, s.radial(900, 560, 420, [[0, C.gold, 0.35], [0.5, C.amber, 0.1], [1, C.amber, 0]])));
  s.add(circle(900, 560, 60, C.gold, 'opacity="0.85"'));
  ridge(s, 545, [[14, 700, 0.9], [8, 260, 2.1]], "#1f3f80");
  ridge(s, 585, [[12, 900, 2.4], [6, 300, 0.3]], "#17336b");
  ridge(s, 615, [[6, 1100, 1.2]], "#102552");
  // The emblem, large.
  const k = withText ? 10.5 : 12.5;
  const ex = withText ? 70 : 600 - 20 * k;
  s.add(`<g transform="translate(${ex} ${n(300 - 20 * k)}) scale(${k})">${markSvg({ ring: true })}</g>`);
  if (withText) {
    const font = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold"`;
    s.add(`<text x="540" y="250" ${font} font-size="64" fill="#ffffff">Baptist Men’s</text>`);
    s.add(`<text x="540" y="330" ${font} font-size="64" fill="#ffffff">Ministry</text>`);
    s.add(`<text x="540" y="410" ${font} font-size="64" fill="${C.gold}">Malawi</text>`);
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Encoding and output
// ---------------------------------------------------------------------------------------------

const report = [];

async function save(relPath, buffer) {
  const file = path.join(PUBLIC_DIR, relPath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, buffer);
  const meta = await sharp(buffer).metadata().catch(() => ({}));
  report.push({ file: relPath, size: meta.width ? `${meta.width}x${meta.height}` : "-", bytes: buffer.length });
}

/** Encode as WebP, lowering quality until it fits the byte budget. */
async function webpWithin(svg, budget) {
  let buf;
  for (let q = 74; q >= 40; q -= 4) {
    buf = await sharp(Buffer.from(svg)).webp({ quality: q, effort: 6 }).toBuffer();
    if (buf.length <= budget) return buf;
  }
  console.warn(`  ! could not fit budget ${budget} (got ${buf.length})`);
  return buf;
}

const WIDE = [
  { w: 480, h: 270, budget: 25 * 1024 },
  { w: 960, h: 540, budget: 60 * 1024 },
  { w: 1600, h: 900, budget: 140 * 1024 },
];
const SQUARE = [
  { w: 160, h: 160, budget: 6 * 1024 },
  { w: 480, h: 480, budget: 25 * 1024 },
];

async function writeSizes(name, scene, sizes) {
  for (const { w, h, budget } of sizes) {
    await save(`media/${name}-${w}w.webp`, await webpWithin(scene.svg(w, h), budget));
  }
}

const jpeg = (svg) => sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();

/** The link-preview picture of a scene: 1200x630 JPEG, the size and type every share picture has. */
async function writeSharePicture(name, scene) {
  await save(`media/${name}-share.jpg`, await jpeg(scene.coverSvg(1200, 630)));
}

/** Wrap a PNG in a single-image ICO container (PNG-compressed entry, Vista+ format). */
function pngToIco(png, size) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // image count
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size >= 256 ? 0 : size, 0); // width
  entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
  entry.writeUInt8(0, 2); // palette colours
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8); // image size
  entry.writeUInt32LE(6 + 16, 12); // offset of image data
  return Buffer.concat([header, entry, png]);
}

const png = (svg) => sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();

async function main() {
  const scenes = {
    "events/sample-conference": sceneConference,
    "events/sample-retreat": sceneRetreat,
    "events/sample-outreach": sceneOutreach,
    "events/prayer-breakfast": scenePrayerBreakfast,
    "ministries/youth-mentorship": sceneYouthMentorship,
    "ministries/community-outreach": sceneCommunityOutreach,
    "ministries/discipleship": sceneDiscipleship,
    "ministries/prayer-fellowship": scenePrayerFellowship,
    "blog/sunrise-devotional": sceneSunriseDevotional,
    "blog/conference-news": sceneConferenceNews,
    "blog/fathers-teaching": sceneFathersTeaching,
    "blog/borehole-project": sceneBorehole,
  };
  for (const [name, make] of Object.entries(scenes)) {
    const scene = make();
    await writeSizes(name, scene, WIDE);
    await writeSharePicture(name, scene);
  }
  for (const a of AVATARS) await writeSizes(`people/${a.name}`, avatarScene(a), SQUARE);
  await writeSizes("map-falls-area", sceneMap(), WIDE);

  const og = sceneOg({ withText: OG_WITH_TEXT });
  await save("media/og-default.jpg", await jpeg(og.svg()));

  await save("favicon.svg", Buffer.from(FAVICON_SVG));
  await save("favicon.ico", pngToIco(await png(iconSvg(32)), 32));
  await save("apple-touch-icon.png", await png(iconSvg(180, { bg: C.navy, fraction: 0.72, ring: true })));
  await save("media/icon-192.png", await png(iconSvg(192, { bg: C.navy, fraction: 0.66, ring: true })));
  await save("media/icon-512.png", await png(iconSvg(512, { bg: C.navy, fraction: 0.66, ring: true })));

  const pad = (v, w) => String(v).padEnd(w);
  console.log(`\n${pad("file", 48)}${pad("size", 11)}bytes`);
  let total = 0;
  for (const r of report) {
    total += r.bytes;
    console.log(`${pad(r.file, 48)}${pad(r.size, 11)}${r.bytes.toLocaleString("en-US").padStart(9)}  (${(r.bytes / 1024).toFixed(1)} KB)`);
  }
  console.log(`${pad(`${report.length} files`, 59)}${total.toLocaleString("en-US").padStart(9)}  (${(total / 1024).toFixed(1)} KB)`);
}

/** librsvg renders DejaVu Sans cleanly here, so the social card carries the ministry's name. */
const OG_WITH_TEXT = true;

await main();
