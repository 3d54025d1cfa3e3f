/**
 * Mantine theme. The font stack puts Noto Sans (Latin) first and Noto Sans Devanagari second,
 * both bundled through @fontsource, so Nepali renders the same on every machine — headless
 * Chromium and many phones have no Devanagari system font.
 *
 * Colours meet WCAG 2.1 AA contrast (4.5:1 for normal text; issue 7 §7, checked by axe in
 * e2e/a11y.spec.ts): the primary shade is indigo 7 (4.98:1 under white text) instead of
 * Mantine's 6 (4.32:1); `autoContrast` puts dark text on filled colours too light for white
 * (green, red, teal, yellow…); the resolver below darkens dimmed text, coloured text and the text of
 * light variants (badges, light buttons), which Mantine's defaults leave at 2.7–4.4:1.
 */
import {
  createTheme,
  darken,
  DEFAULT_THEME,
  luminance,
  type CSSVariablesResolver,
} from '@mantine/core';

const FONT = '"Noto Sans", "Noto Sans Devanagari", sans-serif';

export const theme = createTheme({
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  autoContrast: true,
  // WCAG: white text keeps 4.5:1 up to a luminance of 0.183, black text from 0.175.
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
});

/** WCAG contrast ratio of two colours (1–21). */
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The first of the candidates with at least 4.5:1 against the background. */
function readable(background: string, candidates: string[]) {
  return candidates.find((c) => contrast(c, background) >= 4.5) ?? darken(candidates[0], 0.5);
}

/** Light-scheme overrides of text colours that fall under 4.5:1 with Mantine's defaults. */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    // Mantine's gray 6 (#868e96) is 3.3:1 on white; this grey is 6.1:1 (5.5:1 on gray 1).
    '--mantine-color-dimmed': '#5c636a',
    // Placeholders are text too (gray 5 is 2.1:1); still lighter than a typed value.
    '--mantine-color-placeholder': '#6c757d',
  };
  for (const [name, c] of Object.entries(DEFAULT_THEME.colors)) {
    // Text in the colour (`c="green"`, anchors) and outline variants on white.
    light[`--mantine-color-${name}-text`] = light[`--mantine-color-${name}-outline`] = readable(
      '#ffffff',
      [c[7], c[8], c[9]].concat([0.2, 0.35].map((k) => darken(c[9], k))),
    );
    // Light variants: colour 9 on colour 1.
    light[`--mantine-color-${name}-light-color`] = readable(c[1], [
      c[9],
      darken(c[9], 0.2),
      darken(c[9], 0.35),
    ]);
  }
  return { variables: {}, light, dark: {} };
};
