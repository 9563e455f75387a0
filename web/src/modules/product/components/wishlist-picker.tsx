import type { Product } from '@pt/contracts';
import { useState } from 'react';
import { addToWishlistWithToast } from '../../products/components/product-card';
import { useWishlistStore } from '../../wishlist/hooks/use-wishlist-store';
import { Select } from '../../../ui/select';

/** "Add to wishlist" with the list to add to. */
export function WishlistPicker({ product }: { product: Product }) {
  const store = useWishlistStore();
  const { state } = store;
  const [picked, setListId] = useState<string | null>(null);
  // Until the user picks one, the active list (signed-in lists arrive after the first render).
  const listId = picked ?? state.activeWishlistId ?? state.wishlists[0]?.id ?? '';
  return (
    <span className="row">
      <Select
        id="wishlist-pick"
        label="Wishlist"
        hideLabel
        compact
        value={listId}
        onValueChange={setListId}
        options={state.wishlists.map((w) => ({ value: w.id, label: w.name }))}
      />
      <button
        type="button"
        className="btn"
        onClick={() => addToWishlistWithToast(store, product, listId || undefined)}
      >
        Add to wishlist
      </button>
    </span>
  );
}
