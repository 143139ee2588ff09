import { ShopsResponseSchema } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../app/api';
import { currentStaff } from '../../app/session';

const KEY = 'farmacia.backoffice.shopSettingsShop';

/**
 * The shop the "Negozio" screens work on: a pharmacist's own (the server ignores `shop_id` for
 * them), or the one an admin picks, kept for the tab. `query` and `body` carry it to the API.
 */
export function useShopChoice() {
  const staff = currentStaff();
  const isAdmin = staff?.role === 'admin';
  const stored = Number(sessionStorage.getItem(KEY));
  const [shop, setShop] = useState<number | null>(isAdmin && Number.isSafeInteger(stored) && stored > 0 ? stored : null);
  const shops = useQuery({
    queryKey: ['all-shops'],
    // Without the token: with it, the answer is the admin's own linked shops only.
    queryFn: () => api('GET', '/shops', ShopsResponseSchema, undefined, null),
    enabled: isAdmin,
  });
  const choose = (id: number) => {
    const picked = id === staff?.shop_id ? null : id;
    if (picked === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, String(picked));
    setShop(picked);
  };
  const picker = isAdmin ? (
    <label className="inline">
      Farmacia
      <select value={shop ?? staff?.shop_id} onChange={(e) => choose(Number(e.target.value))}>
        {shops.data?.data.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  ) : null;
  return {
    /** Part of every query key, so another shop's data is never shown under this one's. */
    key: shop ?? 0,
    query: (path: string) => (shop === null ? path : `${path}${path.includes('?') ? '&' : '?'}shop_id=${shop}`),
    body: <T extends object>(data: T) => (shop === null ? data : { ...data, shop_id: shop }),
    picker,
  };
}

export type Feedback = { kind: 'notice' | 'error'; text: string } | null;

/** A form's answer: the message to show and, for a 422, the messages per field. */
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
export function FieldError({ errors, name }: { errors: Record<string, string[]>; name: string }) {
  const message = errors[name]?.at(-1);
  return message ? (
    <span className="field-error" id={`${name.replaceAll('.', '-')}-error`}>
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

/** Other field errors under a prefix (e.g. inside a JSON option), listed so none goes unseen. */
export function NestedErrors({ errors, prefix }: { errors: Record<string, string[]>; prefix: string }) {
  const entries = Object.entries(errors).filter(([k]) => k.startsWith(`${prefix}.`));
  if (entries.length === 0) return null;
  return (
    <ul className="field-error">
      {entries.map(([k, v]) => (
        <li key={k}>
          {k.slice(prefix.length + 1)}: {v.at(-1)}
        </li>
      ))}
    </ul>
  );
}

/** A file picked in the browser as the upload body the API takes (`{ name, type, size, base64 }`). */
export function readUpload(file: File): Promise<{ name: string; type: string; size: number; lastModified: number; base64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, type: file.type, size: file.size, lastModified: file.lastModified, base64: String(reader.result) });
    reader.onerror = () => reject(new Error('Il file non è leggibile.'));
    reader.readAsDataURL(file);
  });
}
