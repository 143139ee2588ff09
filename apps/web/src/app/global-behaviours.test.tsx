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

describe('useGlobalBehaviours', () => {
  it('starts the version poll in a task after the mounting commit, not inside its effects (decision 0601)', async () => {
    const { calls } = mockFetch({ 'GET /api/': json({ version: '1', data_version: 'a' }) });
    const duringEffects: number[] = [];
    function Shell() {
      useGlobalBehaviours();
      // Runs in the same flush of effects as the behaviours' own, after them.
      useEffect(() => {
        duringEffects.push(calls.length);
      }, []);
      return <p>shell</p>;
    }
    renderInApp(() => <Shell />);
    expect(await screen.findByText('shell')).toBeTruthy();
    expect(duringEffects).toEqual([0]);
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/api/')).toBe(true));
  });
});
