import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Arrow } from './Arrow';

describe('Arrow', () => {
  it('is hidden from screen readers and drawn in the system font, not a web font', () => {
    const { container } = render(<Arrow />);
    const arrow = container.querySelector('span')!;
    expect(arrow).toHaveTextContent('→');
    expect(arrow).toHaveAttribute('aria-hidden', 'true');
    expect(arrow).toHaveClass('darta-arrow');
    const css = readFileSync('src/client/app/global.css', 'utf8');
    expect(render(<Arrow to="back" />).container.querySelector('span')).toHaveTextContent('←');
    expect(render(<Arrow to="down" />).container.querySelector('span')).toHaveTextContent('▾');
    expect(css).toMatch(/\.darta-arrow\s*\{\s*font-family:\s*sans-serif;\s*\}/);
  });
});
