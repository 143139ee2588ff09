import { cleanup, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { useGlobalBehaviours } from './global-behaviours';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What the shell's effects saw: how many requests had been made when they ran. */
const seenDuringEffects: number[] = [];
let requestsSoFar = () => 0;

function Shell() {
  useGlobalBehaviours();
  // Runs in the same flush of effects as the behaviours' own, after them.
  useEffect(() => {
    seenDuringEffects.push(requestsSoFar());
  }, []);
  return <p>shell</p>;
}

describe('useGlobalBehaviours', () => {
  it('starts the version poll in a task after the mounting commit, not inside its effects (decision 0601)', async () => {
    const { calls } = mockFetch({ 'GET /api/': json({ version: '1', data_version: 'a' }) });
    requestsSoFar = () => calls.length;
    renderInApp(() => <Shell />);
    expect(await screen.findByText('shell')).toBeTruthy();
    expect(seenDuringEffects).toEqual([0]);
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/api/')).toBe(true));
  });
});
