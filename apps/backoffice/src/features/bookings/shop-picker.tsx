import { ShopsResponseSchema } from '@farmacia/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../app/api';
import { currentStaff } from '../../app/session';
import { bookingsShop, setBookingsShop } from './shop-scope';

/**
 * Admins choose which shop's bookings they manage (pharmacists never see this: the server keeps
 * them in their own shop). The list is the public shop list (asked without the token: with it,
 * the answer is the admin's own linked shops only).
 */
export function ShopPicker() {
  const staff = currentStaff();
  const queryClient = useQueryClient();
  const [shop, setShop] = useState(bookingsShop());
  const shops = useQuery({
    queryKey: ['all-shops'],
    queryFn: () => api('GET', '/shops', ShopsResponseSchema, undefined, null),
    enabled: staff?.role === 'admin',
  });
  if (staff?.role !== 'admin') return null;
  return (
    <label className="inline">
      Farmacia
      <select
        value={shop ?? staff.shop_id}
        onChange={(e) => {
          const id = Number(e.target.value);
          const picked = id === staff.shop_id ? null : id;
          setBookingsShop(picked);
          setShop(picked);
          // Every bookings list belongs to the shop: read them again for the new one.
          void queryClient.resetQueries();
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
