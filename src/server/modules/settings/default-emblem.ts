/**
 * The emblem the app ships, used until an administrator uploads the palika's own: a simplified
 * flag of Nepal (crimson double pennant, blue border, moon and sun), as the certificate showed
 * it before the settings existed. SVG; served by GET /api/settings/emblem and embedded in the
 * printed documents as a data URI.
 */

/** Points of a star polygon centred on (cx, cy), as an SVG `points` attribute. */
function starPoints(cx: number, cy: number, tips: number, outer: number, inner: number): string {
  const pts: string[] = [];
  for (let i = 0; i < tips * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / tips - Math.PI / 2;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** The default emblem as a standalone SVG document (the flag the certificate always showed). */
export const DEFAULT_EMBLEM_SVG =
  `<svg viewBox="-4 -6 108 134" width="108" height="134" xmlns="http://www.w3.org/2000/svg">` +
  `<polygon points="0,0 100,60 32,60 100,124 0,124" fill="#DC143C" stroke="#003893" ` +
  `stroke-width="6" stroke-linejoin="miter" stroke-miterlimit="10"/>` +
  `<path d="M12,36 a15,15 0 0 0 30,0 a15,11 0 0 1 -30,0z" fill="#fff"/>` +
  `<polygon points="${starPoints(27, 40, 8, 7.5, 4.2)}" fill="#fff"/>` +
  `<polygon points="${starPoints(27, 97, 12, 15, 9.5)}" fill="#fff"/>` +
  `</svg>`;

/** The default emblem's version in its URL (GET /api/settings/emblem?v=default). */
export const DEFAULT_EMBLEM_VERSION = 'default';

/** The default emblem as a data URI, for documents printed without network access. */
export const DEFAULT_EMBLEM_DATA_URI = `data:image/svg+xml;base64,${Buffer.from(
  DEFAULT_EMBLEM_SVG,
).toString('base64')}`;
