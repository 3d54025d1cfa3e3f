/**
 * Mantine theme. The font stack puts Noto Sans (Latin) first and Noto Sans Devanagari second,
 * both bundled through @fontsource, so Nepali renders the same on every machine — headless
 * Chromium and many phones have no Devanagari system font.
 */
import { createTheme } from '@mantine/core';

const FONT = '"Noto Sans", "Noto Sans Devanagari", sans-serif';

export const theme = createTheme({
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  primaryColor: 'indigo',
  defaultRadius: 'md',
});
