import { CART_QUANTITY_MAX, type CartResponse, fillMessage, messages } from '@farmacia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { api } from '../../lib/api-client';
import { useLoggedIn } from '../../lib/session';
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
 */
export function useAddToCart() {
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  // The page to come back to is read when a visitor taps, not subscribed to: a subscription to the
  // router's state per button was work in every result list's render and first effects (issue 22),
  // and made each button render again at every change of the URL (each search typed, ?q=).
  const router = useRouter();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: async ({ code, quantity }: AddToCartInput) => {
      // The line as the server has it now (another tab or device may have changed it).
      const cart = await queryClient.fetchQuery({ ...cartQueryOptions(shopKey()), staleTime: 0 });
      const current = cart.products.find((line) => line.code === code)?.quantity ?? 0;
      const path = `/cart/products/${encodeURIComponent(code)}`;
      return api<CartResponse>(path, { method: 'POST', body: { quantity: quantityAfterAdding(current, quantity) } });
    },
    onSuccess: (response, { name }) => {
      // The answer is the whole cart: the cart screen and the tab badge read it from ['cart', shop].
      storeCart(queryClient, response.data);
      showToast(fillMessage(messages.cart.added, { name }), { tone: 'success' });
    },
    onError: (_error, { name }) => {
      showToast(fillMessage(messages.cart.addFailed, { product: name }), { tone: 'warning' });
      void invalidateCart(queryClient);
    },
  });

  const addToCart = (input: AddToCartInput) => {
    if (!loggedIn) {
      showToast(messages.access.loginOrSignup, { tone: 'warning' });
      void navigate({ to: '/auth/login', search: { redirect: router.state.location.href } });
      return;
    }
    mutation.mutate(input);
  };
  return { addToCart, isPending: mutation.isPending };
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
          <label htmlFor={selectId}>{messages.catalogue.quantity}</label>
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
        aria-label={compact ? `${messages.catalogue.addToCart}: ${name}` : undefined}
        onClick={() => addToCart({ code, name, quantity })}
      >
        <Icon name="cart" />
        <span className={compact ? 'visually-hidden' : undefined}>{messages.catalogue.addToCart}</span>
      </Button>
    </div>
  );
}
