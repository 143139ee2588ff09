import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { errorLink, FeedbackLine, FieldError, useFeedback } from './feedback';

describe("a form's feedback", () => {
  it('keeps the field messages of a 422 and shows its message as an error', () => {
    const { result } = renderHook(() => useFeedback());
    act(() => result.current.fail(new ApiError(422, 'Dati non validi.', 'VALIDATION_FAILED', { code: ['Obbligatorio.'] })));
    expect(result.current.feedback).toEqual({ kind: 'error', text: 'Dati non validi.' });
    expect(result.current.errors).toEqual({ code: ['Obbligatorio.'] });
  });

  it('keeps no field messages for other failures, and a notice clears them', () => {
    const { result } = renderHook(() => useFeedback());
    act(() => result.current.fail(new ApiError(422, 'Dati non validi.', undefined, { code: ['Obbligatorio.'] })));
    act(() => result.current.fail(new ApiError(409, 'Codice già usato.', 'CONFLICT', { code: ['x'] })));
    expect(result.current.errors).toEqual({});
    act(() => result.current.fail(new ApiError(422, 'Dati non validi.', undefined, { code: ['Obbligatorio.'] })));
    act(() => result.current.notice('Salvato.'));
    expect(result.current).toMatchObject({ feedback: { kind: 'notice', text: 'Salvato.' }, errors: {} });
    act(() => result.current.fail(new Error('Connessione non disponibile.')));
    expect(result.current).toMatchObject({ feedback: { kind: 'error', text: 'Connessione non disponibile.' }, errors: {} });
    act(() => result.current.clear());
    expect(result.current).toMatchObject({ feedback: null, errors: {} });
  });

  it('announces errors as alerts and notices as status, and shows the last message of a field', () => {
    const { rerender } = render(<FeedbackLine feedback={{ kind: 'error', text: 'Non salvato.' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Non salvato.');
    rerender(<FeedbackLine feedback={{ kind: 'notice', text: 'Salvato.' }} />);
    expect(screen.getByRole('status').textContent).toBe('Salvato.');
    rerender(<FieldError errors={{ 'options.open_on.text': ['Primo.', 'Ultimo.'] }} name="options.open_on.text" />);
    expect(document.getElementById('options-open_on-text-error')?.textContent).toBe('Ultimo.');
  });

  it('links an input to its field message while there is one, and marks it invalid', () => {
    const field = (errors: Record<string, string[]>) => (
      <div>
        <label>
          Importo
          <input {...errorLink(errors.amount, 'amount-error')} />
        </label>
        <FieldError errors={errors} name="amount" />
      </div>
    );
    const { rerender } = render(field({ amount: ['Troppo alto.'] }));
    const input = screen.getByRole('textbox', { name: 'Importo' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { description: 'Troppo alto.' })).toBe(input);
    rerender(field({}));
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});
