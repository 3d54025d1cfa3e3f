/**
 * The arrow drawn beside a link's or a button's text, hidden from screen readers (the text says
 * where it goes): "→" after a link onwards (the default), "←" before a link back to the previous
 * screen, "▾" after a button that opens a menu. In the system's sans-serif (app/global.css
 * `.darta-arrow`): neither Noto Sans's Latin subset nor Noto Sans Devanagari has these glyphs,
 * and Chromium downloads Noto Sans Devanagari's files to look for them, so one arrow cost an
 * English page a 55 KB font on a slow link (docs/performance.md, 2026-11-28).
 */
const GLYPH = { forward: '→', back: '←', down: '▾' } as const;

export function Arrow({ to = 'forward' }: { to?: keyof typeof GLYPH }) {
  return (
    <span aria-hidden className="darta-arrow">
      {GLYPH[to]}
    </span>
  );
}
