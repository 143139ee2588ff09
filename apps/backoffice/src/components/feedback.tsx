import { useState } from 'react';
import { ApiError } from '../lib/api';

export type Feedback = { kind: 'notice' | 'error'; text: string } | null;

/**
 * A form's server answer: the Italian message to show and, for a 422, the messages per field
 * (the API's `errors`, the last one of each field shown under it).
 */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  return {
    feedback,
    errors,
    clear: () => {
      setFeedback(null);
      setErrors({});
    },
    notice: (text: string) => {
      setErrors({});
      setFeedback({ kind: 'notice', text });
    },
    fail: (error: Error) => {
      setErrors(error instanceof ApiError && error.status === 422 ? error.errors : {});
      setFeedback({ kind: 'error', text: error.message });
    },
  };
}

/** The last message the server gave for a field (dotted path, e.g. `options.open_on.text`). */
export function FieldError({ errors, name, id }: { errors: Record<string, string[]>; name: string; id?: string }) {
  const message = errors[name]?.at(-1);
  return message ? (
    <span className="field-error" id={id ?? `${name.replaceAll('.', '-')}-error`}>
      {message}
    </span>
  ) : null;
}

export function FeedbackLine({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  return (
    <p className={feedback.kind} role={feedback.kind === 'error' ? 'alert' : 'status'}>
      {feedback.text}
    </p>
  );
}

/** A failure's message, announced; nothing without one. */
export function ErrorLine({ text }: { text: string | null | undefined }) {
  return text ? (
    <p className="error" role="alert">
      {text}
    </p>
  ) : null;
}

/** A query's failure, announced (a list that could not be loaded must not look merely empty). */
export function QueryError({ query }: { query: { isError: boolean; error: Error | null } }) {
  return query.isError && query.error ? <ErrorLine text={query.error.message} /> : null;
}

/**
 * What links an input to its FieldError while the field has a message: `aria-invalid`, and
 * `aria-describedby` naming the message's id, so a screen reader reads the error with the field.
 */
export function errorLink(message: unknown, id: string): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return message ? { 'aria-invalid': true, 'aria-describedby': id } : {};
}
