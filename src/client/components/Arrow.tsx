/**
 * The "→" drawn after a link's or a button's text (or, `back`, the "←" before a link back to
 * the previous screen; `down`, the "▾" of a button that opens a menu), hidden from screen readers (the text says
 * where it goes). In the system's sans-serif (app/global.css `.darta-arrow`): neither Noto Sans's
 * Latin subset nor Noto Sans Devanagari has the glyph, and Chromium downloads Noto Sans
 * Devanagari's file to look for it, so one arrow cost an English page a 55 KB font on a slow link
 * (the applicant home's; docs/performance.md, 2026-11-28).
 */
export function Arrow({ back = false, down = false }: { back?: boolean; down?: boolean }) {
  return (
    <span aria-hidden className="darta-arrow">
      {down ? '▾' : back ? '←' : '→'}
    </span>
  );
}
