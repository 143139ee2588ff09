import { homeMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { visitorShop } from '../../lib/current-shop';
import { shopsQueryOptions, useSetShop } from './home-api';
import { TitledCard } from '../../components/ui/titled-card';

/**
 * Spec §1: a customer linked to several shops picks the associated one (`PUT /shops`); a visitor
 * picks among every shop, remembered on the device (issue 18, decision 0544).
 */
export function ShopPicker() {
  const { data } = useQuery(shopsQueryOptions);
  const setShop = useSetShop();
  const selectId = useId();
  const [choice, setChoice] = useState<number | null>(null);
  if (!data || data.data.length < 2) return null;
  // A visitor who picked none is shown the default shop: the first (the server's rule).
  const current = data.userShop?.id ?? visitorShop() ?? data.data[0]?.id ?? null;
  const selected = choice ?? current ?? data.data[0]?.id ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (selected !== null && selected !== current) setShop.mutate(selected);
  };
  return (
    <TitledCard id="shop-picker-title" title={homeMessages.shop}>
      <form className="shop-picker" onSubmit={onSubmit}>
        <label htmlFor={selectId} className="field__label">
          {homeMessages.shopLabel}
        </label>
        <select id={selectId} className="shop-picker__select" value={selected ?? ''} onChange={(event) => setChoice(Number(event.target.value))}>
          {data.data.map((shop) => (
            <option key={shop.id} value={shop.id}>
              {shop.name}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" busy={setShop.isPending} disabled={selected === current}>
          {homeMessages.shopSave}
        </Button>
      </form>
    </TitledCard>
  );
}
