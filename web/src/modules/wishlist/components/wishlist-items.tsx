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
import type { Wishlist, WishlistItem } from '@pt/domain';
import type { ReactNode } from 'react';
import type { Savings } from '../../product/hooks/use-price-history';
import { reportResult } from '../../../ui/report-result';
import { TooltipGroup } from '../../../ui/tooltip';
import type { WishlistStore } from '../hooks/use-wishlist-store';
import { WishlistItemRow } from './wishlist-item-row';

/** The list's items, reordered by dragging or by the keyboard (Space, arrows, Space). */
export function WishlistItems({
  store,
  active,
  items,
  savings,
  alertSwitch,
}: {
  store: WishlistStore;
  active: Wishlist;
  items: WishlistItem[];
  savings: (Savings | undefined)[];
  /** The item's price-alert control, which the page brings (wishlist does not import alerts). */
  alertSwitch: (item: WishlistItem) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
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
    <>
      <p className="muted" id="reorder-help">
        To reorder with the keyboard, focus a handle, press Space, move with the arrow keys and press Space
        again.
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
                  lists={store.state.wishlists}
                  actions={store}
                  alertSwitch={alertSwitch(item)}
                />
              ))}
            </TooltipGroup>
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}
