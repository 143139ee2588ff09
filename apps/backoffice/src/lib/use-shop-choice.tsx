import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminShopSelect } from '../components/admin-shop-select';
import { api, type Parser } from './api';
import { currentStaff } from './session';

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

/**
 * `GET path` for the chosen shop (its options, content, alerts, health retention), cached under
 * `[key, shop]`: the `queryKey` its forms write their saves to.
 */
export function useShopQuery<T>(choice: ReturnType<typeof useShopChoice>, key: string, path: string, schema: Parser<T>) {
  const queryKey = [key, choice.key];
  const query = useQuery({ queryKey, queryFn: () => api('GET', choice.query(path), schema) });
  return { queryKey, query };
}
