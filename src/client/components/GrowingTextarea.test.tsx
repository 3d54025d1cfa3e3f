import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The component as a browser with (or without) CSS `field-sizing` support loads it. */
async function load(fieldSizing: boolean) {
  vi.stubGlobal('CSS', {
    supports: (p: string, v: string) => fieldSizing && p === 'field-sizing' && v === 'content',
  });
  vi.resetModules();
  return import('./GrowingTextarea');
}

describe('GrowingTextarea (issue 18 §5)', () => {
  it('lets the browser size it where CSS field-sizing exists: no measuring script', async () => {
    const { GrowingTextarea, FIELD_SIZING } = await load(true);
    expect(FIELD_SIZING).toBe(true);
    renderWithApp(<GrowingTextarea label="Remarks" minRows={3} maxRows={8} />);
    const box = screen.getByRole('textbox', { name: 'Remarks' });
    expect(box).toHaveAttribute('rows', '3');
    const style = box.getAttribute('style') ?? '';
    // jsdom's CSSOM drops field-sizing (unknown to it), so read it from what the component draws
    const drawn = GrowingTextarea({ label: 'Remarks' }) as ReactElement<{
      styles: { input: Record<string, string> };
    }>;
    expect(drawn.props.styles.input.fieldSizing).toBe('content');
    expect(style).toContain('min-height: calc(3lh');
    expect(style).toContain('max-height: calc(8lh');
    expect(box).not.toHaveAttribute('data-no-overflow');
  });

  it("falls back to Mantine's autosize elsewhere", async () => {
    const { GrowingTextarea, FIELD_SIZING } = await load(false);
    expect(FIELD_SIZING).toBe(false);
    renderWithApp(<GrowingTextarea label="Remarks" />);
    const box = screen.getByRole('textbox', { name: 'Remarks' });
    expect(box.getAttribute('style') ?? '').not.toContain('field-sizing');
    // Mantine marks an autosize textarea without maxRows (it hides its scrollbar)
    expect(box).toHaveAttribute('data-no-overflow');
  });
});
