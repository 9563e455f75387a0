import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { convertCurrency, getActiveWishlist, WISHLIST_MESSAGES, type Wishlist } from '@pt/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, ResultsSkeleton } from '../modules/products/components/product-results';
import { WishlistItemRow } from '../modules/wishlist/components/wishlist-item-row';
import { ItemAlertSwitch } from '../modules/wishlist-alerts/item-alert-switch';
import { usePotentialSavingsOf } from '../modules/product/hooks/use-price-history';
import { itemCurrency, productPageId } from '../modules/wishlist/api/server-wishlists';
import { useWishlistStore } from '../modules/wishlist/hooks/use-wishlist-store';
import { reportResult } from '../ui/report-result';
import { Page } from '../ui/page';
import { Price } from '../ui/price';
import { TooltipGroup } from '../ui/tooltip';
import { TextInput } from '../ui/text-input';
import '../modules/products/shopping.css';

const inUsd = (amount: number, currency: string) => {
  if (currency === 'USD' || !(amount > 0)) return amount;
  const converted = convertCurrency(amount, currency, 'USD');
  return converted.ok ? converted.value.convertedAmount : amount;
};
const sorted = (w: Wishlist) => [...w.items].sort((a, b) => a.position - b.position);

/**
 * §2 /wishlist: the lists of whoever is using the app (this browser's, or the signed-in account's
 * on the server; useWishlistStore hides which).
 */
export default function WishlistPage() {
  const store = useWishlistStore();
  const { state } = store;
  const active = getActiveWishlist(state) ?? state.wishlists[0];
  const [name, setName] = useState('');
  const [rename, setRename] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const activeItems = active ? sorted(active) : [];
  // Potential savings are the pricing service's figure from each item's history (region currency).
  const savings = usePotentialSavingsOf(activeItems.map((i) => productPageId(i.productId)));
  if (store.status === 'loading')
    return (
      <Page title="Wishlists">
        <ResultsSkeleton count={2} />
      </Page>
    );
  if (store.status === 'error')
    return (
      <Page title="Wishlists">
        <ErrorState message={store.error ?? WISHLIST_MESSAGES.failedToLoad} onRetry={store.retry} />
      </Page>
    );
  if (!active) return <Page title="Wishlists" />;
  const items = activeItems;
  // Savings so far add up the per-item summaries (the server's, once signed in), in USD.
  const saved = items.reduce((sum, i) => sum + inUsd(i.currentSavings, itemCurrency(i)), 0);
  const known = savings.filter((s) => s !== undefined);
  const potential = known.reduce((sum, s) => sum + s.amount, 0);

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    if (!over || dragged.id === over.id) return;
    const ids = items.map((i) => i.productId);
    const from = ids.indexOf(String(dragged.id));
    const to = ids.indexOf(String(over.id));
    ids.splice(to, 0, ...ids.splice(from, 1));
    void store.reorder(active.id, ids).then((result) => {
      if (!result.ok) reportResult(result);
    });
  };

  return (
    <Page title="Wishlists">
      <p>
        <Link to="/wishlist/alerts">Price alerts</Link>
      </p>
      <div className="wishlist-tabs" role="group" aria-label="Your wishlists">
        {state.wishlists.map((w) => (
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
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void store.create(name).then((result) => {
            reportResult(result);
            if (result.ok) setName('');
          });
        }}
      >
        <TextInput
          id="new-list"
          label="New wishlist name"
          hideLabel
          compact
          value={name}
          maxLength={100}
          placeholder="New wishlist name"
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn">
          Create wishlist
        </button>
      </form>

      <section aria-labelledby="list-title" style={{ marginTop: '1rem' }}>
        <div className="row">
          <h2 id="list-title" style={{ margin: 0 }}>
            {active.name}
          </h2>
          {rename === null ? (
            <button type="button" className="btn btn-sm" onClick={() => setRename(active.name)}>
              Rename
            </button>
          ) : (
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                void store.rename(active.id, rename).then((result) => {
                  reportResult(result);
                  if (result.ok) setRename(null);
                });
              }}
            >
              <TextInput
                id="rename-list"
                label="Wishlist name"
                hideLabel
                size="sm"
                compact
                value={rename}
                maxLength={100}
                onChange={(e) => setRename(e.target.value)}
                autoFocus
              />
              <button type="submit" className="btn btn-sm">
                Save name
              </button>
              <button type="button" className="btn btn-sm" onClick={() => setRename(null)}>
                Cancel
              </button>
            </form>
          )}
          <button
            type="button"
            className="btn btn-sm btn-danger"
            onClick={() => {
              if (!active.isDefault && !window.confirm(`Delete "${active.name}" and its items?`)) return;
              void store.remove(active.id).then(reportResult);
            }}
          >
            Delete list
          </button>
        </div>
        <p className="muted" data-testid="list-savings">
          {items.length} item{items.length === 1 ? '' : 's'} · saved{' '}
          <Price amount={saved} testId="list-saved" />
          {known[0] && (
            <>
              {' '}
              · could save <Price amount={potential} currency={known[0].currency} testId="list-potential" />
            </>
          )}
        </p>
        {items.length === 0 ? (
          <EmptyState title="This list is empty">
            <p>
              <Link to="/search">Search for products</Link> and add them here to watch their prices.
            </p>
          </EmptyState>
        ) : (
          <>
            <p className="muted" id="reorder-help">
              To reorder with the keyboard, focus a handle, press Space, move with the arrow keys and press
              Space again.
            </p>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={items.map((i) => i.productId)} strategy={verticalListSortingStrategy}>
                <ol
                  className="wishlist-items"
                  aria-label={`Items in ${active.name}`}
                  aria-describedby="reorder-help"
                >
                  <TooltipGroup>
                    {items.map((item, i) => (
                      <WishlistItemRow
                        savings={savings[i]}
                        key={`${active.id}-${item.productId}`}
                        item={item}
                        list={active}
                        lists={state.wishlists}
                        actions={store}
                        alertSwitch={<ItemAlertSwitch item={item} listId={active.id} actions={store} />}
                      />
                    ))}
                  </TooltipGroup>
                </ol>
              </SortableContext>
            </DndContext>
          </>
        )}
      </section>
    </Page>
  );
}
