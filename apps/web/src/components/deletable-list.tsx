import { appMessages } from '@farmacia/contract';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from './confirm-modal';
import { Loader } from './ui/loader';
import { showToast } from './ui/toast';
import './ui/item-lists.css';

export interface DeletableListProps<T> {
  /** The page's class (e.g. 'addresses'), next to 'page'. */
  className: string;
  title: string;
  intro: string;
  query: { isPending: boolean; isError: boolean };
  items: readonly T[];
  /** Said instead of an empty list; without it an empty list stays an empty list. */
  empty?: string;
  /** One `<li>` (with its key); `askDelete` opens the confirmation for that row. */
  renderItem: (item: T, askDelete: (item: T) => void) => ReactNode;
  /** The "add one" link under the list. */
  add: ReactNode;
  deletion: {
    title: string;
    text: (item: T) => string;
    confirmLabel: string;
    busy: boolean;
    /** Deletes the row (a mutation's `mutateAsync`). */
    remove: (item: T) => Promise<unknown>;
    /** The toast once deleted. */
    deleted: string;
    /** The toast when the server refused or did not answer. */
    failed: (error: unknown) => { text: string; duration?: number };
  };
}

/**
 * A page listing the customer's own records (addresses, fiscal codes): loader, load failure, the
 * rows, the add link, and a confirmation before a row is deleted.
 */
export function DeletableList<T>({ className, title, intro, query, items, empty, renderItem, add, deletion }: DeletableListProps<T>) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const close = () => setDeleting(null);
  const confirm = (item: T) =>
    deletion.remove(item).then(
      () => {
        close();
        showToast(deletion.deleted, { tone: 'success' });
      },
      (error: unknown) => {
        close();
        const { text, duration } = deletion.failed(error);
        showToast(text, { tone: 'warning', ...(duration === undefined ? {} : { duration }) });
      },
    );
  return (
    <div className={`page ${className}`}>
      <h1>{title}</h1>
      <p className="catalogue__lead">{intro}</p>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <p className="notice">{appMessages.loadFailed}</p>
      ) : empty !== undefined && items.length === 0 ? (
        <p className="empty-state__title">{empty}</p>
      ) : (
        <ul className="cart-items">{items.map((item) => renderItem(item, setDeleting))}</ul>
      )}
      {add}
      <ConfirmModal
        open={deleting !== null}
        title={deletion.title}
        text={deleting === null ? '' : deletion.text(deleting)}
        confirmLabel={deletion.confirmLabel}
        busy={deletion.busy}
        onClose={close}
        onConfirm={() => deleting !== null && void confirm(deleting)}
      />
    </div>
  );
}
