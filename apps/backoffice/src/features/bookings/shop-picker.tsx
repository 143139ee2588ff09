import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bookingsShop, setBookingsShop } from './shop-scope';
import { AdminShopSelect } from '../../components/admin-shop-select';

/** Admins choose which shop's bookings they manage (the choice is kept for the tab). */
export function ShopPicker() {
  const queryClient = useQueryClient();
  const [shop, setShop] = useState(bookingsShop());
  return (
    <AdminShopSelect
      value={shop}
      onChange={(picked) => {
        setBookingsShop(picked);
        setShop(picked);
        // Every bookings list belongs to the shop: read them again for the new one.
        void queryClient.resetQueries();
      }}
    />
  );
}
