import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { AssistantChat } from './assistant-chat';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AssistantChat', () => {
  it('shows the question, then typing, then the reply with its link, buttons and suggestions', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch({
      'GET /api/chatbot': json({
        data: [
          {
            response: 'Orari: Lun–Ven 8:30–19:30.',
            link: '/app/shift',
            textLink: 'Farmacie di turno',
            suggestions: ['Chi è di turno oggi?'],
            buttons: [{ label: 'Chiama', link: 'tel:0498751234' }],
          },
        ],
      }),
    });
    renderInApp(() => <AssistantChat />, '/app/faq');
    fireEvent.change(await screen.findByLabelText('Scrivi la tua domanda'), { target: { value: 'Quali sono gli orari?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(screen.getByText('Quali sono gli orari?')).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/chatbot');
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(screen.getByText("L'assistente sta scrivendo…")).toBeTruthy();
    expect(screen.queryByText('Orari: Lun–Ven 8:30–19:30.')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByText('Orari: Lun–Ven 8:30–19:30.')).toBeTruthy();
    expect(screen.queryByText("L'assistente sta scrivendo…")).toBeNull();
    expect(screen.getByRole('link', { name: 'Farmacie di turno' }).getAttribute('href')).toBe('/app/shift');
    expect(screen.getByRole('link', { name: 'Chiama' }).getAttribute('href')).toBe('tel:0498751234');
    expect(screen.getByRole('button', { name: 'Chi è di turno oggi?' })).toBeTruthy();
  });

  it('asks for a message instead of sending an empty one', async () => {
    const { calls } = mockFetch({});
    renderInApp(() => <AssistantChat />, '/app/faq');
    fireEvent.click(await screen.findByRole('button', { name: 'Invia' }));
    expect(screen.getByText('Scrivi un messaggio.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
