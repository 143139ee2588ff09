import { type Address, addressBookEntries, fillMessage, addressesMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { DeletableList } from '../../components/deletable-list';
import { Button } from '../../components/ui/button';
import { addressesQueryOptions, addressLine, useDeleteAddress } from '../../lib/addresses-api';

function AddressItem({ address, highlighted, onDelete }: { address: Address; highlighted: boolean; onDelete: (a: Address) => void }) {
  return (
    <li className={highlighted ? 'cart-item cart-item--highlight' : 'cart-item'}>
      <div className="cart-item__text">
        <span className="cart-item__title">{address.name}</span>
        <span className="cart-item__detail">{addressLine(address)}</span>
        {address.phone_number ? <span className="cart-item__detail">{address.phone_number}</span> : null}
      </div>
      {address.default ? <span className="badge badge--neutral">{addressesMessages.default}</span> : null}
      <Link to="/app/address/$id" params={{ id: address.id }} className="button button--link">
        {addressesMessages.edit}
        <span className="visually-hidden"> {address.name}</span>
      </Link>
      <Button variant="link" onClick={() => onDelete(address)}>
        {addressesMessages.delete}
        <span className="visually-hidden"> {address.name}</span>
      </Button>
    </li>
  );
}

/** /app/addresses (spec §2 Addresses list): own addresses only (pickup points hidden), the default marked. */
export function AddressesScreen() {
  const search = useSearch({ strict: false }) as Record<string, string>;
  const query = useQuery(addressesQueryOptions);
  const remove = useDeleteAddress();
  const highlighted = Number(search.address);

  return (
    <DeletableList
      className="addresses"
      title={addressesMessages.listTitle}
      intro={addressesMessages.intro}
      query={query}
      items={query.data ? addressBookEntries(query.data) : []}
      empty={addressesMessages.empty}
      renderItem={(address, askDelete) => (
        <AddressItem key={address.id} address={address} highlighted={address.id === highlighted} onDelete={askDelete} />
      )}
      add={
        <Link to="/app/address" className="button button--primary button--block">
          {addressesMessages.add}
        </Link>
      }
      deletion={{
        title: addressesMessages.deleteTitle,
        text: (address) => fillMessage(addressesMessages.deleteText, { name: address.name }),
        confirmLabel: addressesMessages.delete,
        busy: remove.isPending,
        remove: (address) => remove.mutateAsync(address.id),
        deleted: addressesMessages.deleted,
        failed: () => ({ text: addressesMessages.deleteFailed }),
      }}
    />
  );
}
