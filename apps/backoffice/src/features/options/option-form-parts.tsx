import { useState } from 'react';
import { currentStaff } from '../../app/session';
import { AdminShopSelect } from '../../components/admin-shop-select';

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
  const choose = (picked: number | null) => {
    if (picked === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, String(picked));
    setShop(picked);
  };
  const picker = <AdminShopSelect value={shop} onChange={choose} />;
  return {
    /** Part of every query key, so another shop's data is never shown under this one's. */
    key: shop ?? 0,
    query: (path: string) => (shop === null ? path : `${path}${path.includes('?') ? '&' : '?'}shop_id=${shop}`),
    body: <T extends object>(data: T) => (shop === null ? data : { ...data, shop_id: shop }),
    picker,
  };
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
