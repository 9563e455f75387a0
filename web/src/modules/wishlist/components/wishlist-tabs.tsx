import type { Wishlist } from '@pt/domain';
import type { WishlistStore } from '../hooks/use-wishlist-store';

/** One button a list; the pressed one is the active list. */
export function WishlistTabs({ store, active }: { store: WishlistStore; active: Wishlist }) {
  return (
    <div className="wishlist-tabs" role="group" aria-label="Your wishlists">
      {store.state.wishlists.map((w) => (
        <button
          key={w.id}
          type="button"
          className="btn"
          aria-pressed={w.id === active.id}
          onClick={() => store.setActive(w.id)}
        >
          {w.name} ({w.items.length})
        </button>
      ))}
    </div>
  );
}
