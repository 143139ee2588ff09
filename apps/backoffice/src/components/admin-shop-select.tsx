import { ShopsResponseSchema, consoleMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { currentStaff } from '../lib/session';

/**
 * The admin's "Farmacia" select (pharmacists never see it: the server keeps them in their own
 * shop). The list is the public shop list, asked without the token: with it, the answer is the
 * admin's own linked shops only. `value` null means the admin's own shop; picking it gives null.
 */
export function AdminShopSelect({ value, onChange }: { value: number | null; onChange: (shop: number | null) => void }) {
  const staff = currentStaff();
  const isAdmin = staff?.role === 'admin';
  const shops = useQuery({
    queryKey: ['all-shops'],
    queryFn: () => api('GET', '/shops', ShopsResponseSchema, undefined, null),
    enabled: isAdmin,
  });
  if (!isAdmin) return null;
  return (
    <label className="inline">
      {consoleMessages.common.shop}
      <select
        value={value ?? staff.shop_id}
        onChange={(e) => {
          const id = Number(e.target.value);
          onChange(id === staff.shop_id ? null : id);
        }}
      >
        {shops.data?.data.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}
