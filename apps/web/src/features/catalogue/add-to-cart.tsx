import { CART_QUANTITY_MAX, type CartResponse, fillMessage, accessMessages, cartMessages, catalogueMessages } from '@farmacia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { api } from '../../lib/api-client';
import { isLoggedIn } from '../../lib/session';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icons';
import { showToast } from '../../components/ui/toast';
import { cartQueryOptions, invalidateCart, storeCart } from '../../lib/cart-api';
import { shopKey } from '../../lib/current-shop';

export interface AddToCartInput {
  code: string;
  name: string;
  /** How many to add (1–10). */
  quantity: number;
}

/**
 * The quantity to send: `POST /cart/products/{code}` sets the line's quantity (spec §7: "used both
 * to add and to set"), so adding 2 to a line of 3 sends 5, never more than the cart's 10 (spec §5).
 */
export function quantityAfterAdding(current: number, added: number): number {
  return Math.min(CART_QUANTITY_MAX, Math.max(0, current) + added);
}

/**
 * Adds a product to the cart (spec §6, §8): a visitor is told 'Accedi o registrati' and sent to
 * login with a redirect back here; a customer gets '{name} aggiunto al carrello' or
 * 'Impossibile aggiungere {product} al carrello', and the cart (its screen and tab badge) refreshes.
 *
 * Nothing is observed until a tap (issue 22, decision 0672): a search's start renders a button per
 * result, and each one's `useMutation` observer and session subscription were effects mounted and
 * work in the first commit. The tap reads the session and the page to come back to, and runs the
 * mutation through the query client's cache (its defaults: no retry, paused while offline), as
 * `useMutation` would; the button is busy until it settles.
 */
export function useAddToCart() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);

  const addToCart = (input: AddToCartInput) => {
    if (!isLoggedIn()) {
      showToast(accessMessages.loginOrSignup, { tone: 'warning' });
      void router.navigate({ to: '/auth/login', search: { redirect: router.state.location.href } });
      return;
    }
    setPending(true);
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: async ({ code, quantity }: AddToCartInput) => {
        // The line as the server has it now (another tab or device may have changed it).
        const cart = await queryClient.fetchQuery({ ...cartQueryOptions(shopKey()), staleTime: 0 });
        const current = cart.products.find((line) => line.code === code)?.quantity ?? 0;
        const path = `/cart/products/${encodeURIComponent(code)}`;
        return api<CartResponse>(path, { method: 'POST', body: { quantity: quantityAfterAdding(current, quantity) } });
      },
      onSuccess: (response: CartResponse, { name }: AddToCartInput) => {
        // The answer is the whole cart: the cart screen and the tab badge read it from ['cart', shop].
        storeCart(queryClient, response.data);
        showToast(fillMessage(cartMessages.added, { name }), { tone: 'success' });
      },
      onError: (_error: unknown, { name }: AddToCartInput) => {
        showToast(fillMessage(cartMessages.addFailed, { product: name }), { tone: 'warning' });
        void invalidateCart(queryClient);
      },
    });
    // The outcome is told by the callbacks above; the promise only ends the busy state.
    mutation
      .execute(input)
      .catch(() => {})
      .finally(() => setPending(false));
  };
  return { addToCart, isPending };
}

export interface AddToCartButtonProps {
  code: string;
  name: string;
  /** Show the 1–10 quantity choice next to the button (product page). */
  withQuantity?: boolean;
  disabled?: boolean;
  /** Compact button for lists: the product name is part of its accessible name. */
  compact?: boolean;
}

/** The add-to-cart control of product pages and result lists. */
export function AddToCartButton({ code, name, withQuantity = false, disabled = false, compact = false }: AddToCartButtonProps) {
  const { addToCart, isPending } = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const selectId = useId();
  return (
    <div className={compact ? 'add-to-cart add-to-cart--compact' : 'add-to-cart'}>
      {withQuantity ? (
        <div className="add-to-cart__quantity">
          <label htmlFor={selectId}>{catalogueMessages.quantity}</label>
          <select id={selectId} value={quantity} disabled={disabled} onChange={(event) => setQuantity(Number(event.target.value))}>
            {Array.from({ length: CART_QUANTITY_MAX }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Button
        variant={compact ? 'secondary' : 'primary'}
        block={!compact}
        busy={isPending}
        disabled={disabled}
        aria-label={compact ? `${catalogueMessages.addToCart}: ${name}` : undefined}
        onClick={() => addToCart({ code, name, quantity })}
      >
        <Icon name="cart" />
        <span className={compact ? 'visually-hidden' : undefined}>{catalogueMessages.addToCart}</span>
      </Button>
    </div>
  );
}
