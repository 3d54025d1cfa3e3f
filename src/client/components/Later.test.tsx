/** Later: the fallback in the first commit, the children in the next (Later.tsx). */
import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { Later } from './Later';

describe('Later', () => {
  it('commits the fallback first, then the children in a commit of their own', async () => {
    const commits: string[] = [];
    /** Text that records, in its commit, what the page shows. */
    function Shown({ text }: { text: string }) {
      useLayoutEffect(() => {
        commits.push(document.body.textContent ?? '');
      }, []);
      return <p>{text}</p>;
    }
    await act(async () => {
      render(
        <>
          <h2>Heading</h2>
          <Later fallback={<Shown key="loading" text="loading" />}>
            <Shown key="body" text="body" />
          </Later>
        </>,
      );
    });
    expect(screen.getByText('body')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(commits).toEqual(['Headingloading', 'Headingbody']);
  });
});
