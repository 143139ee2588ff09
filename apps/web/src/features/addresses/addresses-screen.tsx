import { type Address, addressBookEntries, fillMessage, messages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { Modal } from '../../components/ui/modal';
import { showToast } from '../../components/ui/toast';
import { addressesQueryOptions, addressLine, useDeleteAddress } from './addresses-api';
import '../cart/cart.css';

function AddressItem({ address, highlighted, onDelete }: { address: Address; highlighted: boolean; onDelete: (a: Address) => void }) {
  return (
    <li className={highlighted ? 'cart-item cart-item--highlight' : 'cart-item'}>
      <div className="cart-item__text">
        <span className="cart-item__title">{address.name}</span>
        <span className="cart-item__detail">{addressLine(address)}</span>
        {address.phone_number ? <span className="cart-item__detail">{address.phone_number}</span> : null}
      </div>
      {address.default ? <span className="badge badge--neutral">{messages.addresses.default}</span> : null}
      <Link to="/app/address/$id" params={{ id: address.id }} className="button button--link">
        {messages.addresses.edit}
        <span className="visually-hidden"> {address.name}</span>
      </Link>
      <Button variant="link" onClick={() => onDelete(address)}>
        {messages.addresses.delete}
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
  const [deleting, setDeleting] = useState<Address | null>(null);
  const highlighted = Number(search.address);

  const onConfirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        showToast(messages.addresses.deleted, { tone: 'success' });
      },
      onError: () => {
        setDeleting(null);
        showToast(messages.addresses.deleteFailed, { tone: 'warning' });
      },
    });
  };

  const entries = query.data ? addressBookEntries(query.data) : [];
  return (
    <div className="page addresses">
      <h1>{messages.addresses.listTitle}</h1>
      <p className="catalogue__lead">{messages.addresses.intro}</p>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <p className="notice">{messages.app.loadFailed}</p>
      ) : entries.length === 0 ? (
        <p className="empty-state__title">{messages.addresses.empty}</p>
      ) : (
        <ul className="cart-items">
          {entries.map((address) => (
            <AddressItem key={address.id} address={address} highlighted={address.id === highlighted} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <Link to="/app/address" className="button button--primary button--block">
        {messages.addresses.add}
      </Link>
      <Modal
        open={deleting !== null}
        title={messages.addresses.deleteTitle}
        onClose={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {messages.cart.cancel}
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={onConfirm}>
              {messages.addresses.delete}
            </Button>
          </>
        }
      >
        <p>{fillMessage(messages.addresses.deleteText, { name: deleting?.name ?? '' })}</p>
      </Modal>
    </div>
  );
}
