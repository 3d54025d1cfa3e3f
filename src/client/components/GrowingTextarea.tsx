/**
 * A textarea that grows with its text, as Mantine's `<Textarea autosize>`, without measuring
 * itself where the browser can size it: CSS `field-sizing: content` (Chromium 123+, so Chrome on
 * Android, the phones most applicants use) grows it with no script. Mantine's autosize
 * (react-textarea-autosize) instead copies the textarea, forces a layout of the page to measure
 * it on mount, and again whenever a web font finishes loading: on the form's business step that
 * was ~75 ms of main-thread work at load on this machine (×4 on a slow phone), a third of the
 * step's blocking time (issue 18 §5; docs/performance.md, 2026-11-28). Other browsers keep
 * Mantine's autosize.
 *
 * Props are Mantine's Textarea's; `minRows` (default 2) and `maxRows` bound the height in lines
 * either way.
 */
import { Textarea, type TextareaProps } from '@mantine/core';

/** Whether this browser sizes a textarea to its content in CSS; read once. */
export const FIELD_SIZING =
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content');

export function GrowingTextarea({
  minRows = 2,
  maxRows,
  ...props
}: Omit<TextareaProps, 'autosize'>) {
  if (!FIELD_SIZING) return <Textarea {...props} autosize minRows={minRows} maxRows={maxRows} />;
  // Heights in lines of the input's own line height (`lh`), plus its vertical padding and its 1 px borders,
  // as react-textarea-autosize computes them.
  const lines = (n: number) => `calc(${n}lh + 2 * var(--input-padding-y, 0px) + 0.125rem)`;
  return (
    <Textarea
      {...props}
      rows={minRows}
      styles={{
        input: {
          fieldSizing: 'content',
          minHeight: lines(minRows),
          ...(maxRows ? { maxHeight: lines(maxRows) } : {}),
        } as React.CSSProperties,
      }}
    />
  );
}
