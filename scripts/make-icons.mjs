// Renders the app's PNG icons (web app manifest, apple-touch-icon, the tab's favicon) from the committed SVGs in
// src/client/public/icons with @napi-rs/canvas (Skia), so they are reproducible:
//   node scripts/make-icons.mjs
// The SVGs hold only shapes (no text), so no font is involved and every machine draws the same
// pixels. Run it after changing an SVG and commit the PNGs; the build does not run it.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';

const DIR = path.resolve(import.meta.dirname, '../src/client/public/icons');

/** [source SVG, output PNG, edge in px]. Apple's icon is the opaque (maskable) artwork. */
const OUTPUTS = [
  // The tab's icon as a PNG, not the SVG: a browser draws an SVG favicon as a document of its
  // own on the page's main thread, a task of ~25–45 ms in Lighthouse's traces after the first
  // paint (×4 on its phone; docs/performance.md "Smaller tasks during the load").
  ['icon.svg', 'favicon-48.png', 48],
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  ['icon-maskable.svg', 'apple-touch-icon.png', 180],
];

for (const [source, target, size] of OUTPUTS) {
  const svg = await readFile(path.join(DIR, source));
  const image = await loadImage(svg);
  const canvas = createCanvas(size, size);
  canvas.getContext('2d').drawImage(image, 0, 0, size, size);
  await writeFile(path.join(DIR, target), canvas.toBuffer('image/png'));
  console.log(`${target} (${size}×${size}) from ${source}`);
}
