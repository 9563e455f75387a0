import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Wishlist, WishlistItem } from '@pt/domain';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Savings } from '../../product/hooks/use-price-history';
import { Price } from '../../../ui/price';
import { Select } from '../../../ui/select';
import { TextInput } from '../../../ui/text-input';
import { Tooltip } from '../../../ui/tooltip';
import { itemCurrency, productPageId } from '../api/server-wishlists';
import { reportResult } from '../../../ui/report-result';
import type { WishlistActions } from '../api/wishlist-actions';

const report = (pending: Promise<Parameters<typeof reportResult>[0]>) => void pending.then(reportResult);

/** One wishlist item: drag handle (mouse, touch and keyboard), price, savings, note, alert, move. */
export function WishlistItemRow({
  item,
  list,
  lists,
  actions,
  savings,
  alertSwitch,
}: {
  /** The item's potential savings from its price history; absent while unknown or unrecorded. */
  savings?: Savings | undefined;
  item: WishlistItem;
  list: Wishlist;
  lists: readonly Wishlist[];
  actions: WishlistActions;
  /** The item's price-alert control, from the alerts side (the page composes the two features). */
  alertSwitch?: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.productId,
  });
  const [note, setNote] = useState(item.notes ?? '');
  const others = lists.filter((l) => l.id !== list.id);
  const currency = itemCurrency(item);
  return (
    <li
      ref={setNodeRef}
      className="wishlist-item"
      data-testid="wishlist-item"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.7 : 1 }}
    >
      <Tooltip content="Drag to reorder, or press Space and use the arrow keys">
        <button
          type="button"
          className="btn btn-sm drag-handle"
          aria-label={`Reorder ${item.title}`}
          {...attributes}
          {...listeners}
        >
          ⠿
        </button>
      </Tooltip>
      <div>
        <h3 style={{ margin: 0, fontSize: '1rem' }}>
          <Link to={`/product/${encodeURIComponent(productPageId(item.productId))}`}>{item.title}</Link>
        </h3>
        <p className="row">
          <Price amount={item.price} currency={currency} />
          {item.source && (
            <Tooltip content={`Price from ${item.source}`}>
              <span className="badge" tabIndex={0}>
                {item.source}
              </span>
            </Tooltip>
          )}
          <span className="muted">
            Saved so far: <Price amount={item.currentSavings} currency={currency} testId="item-savings" />
            {savings && (
              <>
                {' '}
                · could save{' '}
                <Price amount={savings.amount} currency={savings.currency} testId="item-potential" />
              </>
            )}
          </span>
        </p>
        <div className="row">
          {alertSwitch}
          {others.length > 0 && (
            <Select
              label="Move to"
              hideLabel
              size="sm"
              compact
              value=""
              placeholder="Move to…"
              onValueChange={(target) => target && report(actions.moveItem(item, list.id, target))}
              options={others.map((l) => ({ value: l.id, label: l.name }))}
            />
          )}
          <button
            type="button"
            className="btn btn-sm btn-danger"
            onClick={() => report(actions.removeItem(item, list.id))}
          >
            Remove<span className="sr-only"> {item.title}</span>
          </button>
        </div>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            report(actions.updateNote(item, list.id, note));
          }}
        >
          <TextInput
            id={`note-${item.id}`}
            label={`Note for ${item.title}`}
            hideLabel
            size="sm"
            compact
            value={note}
            maxLength={2000}
            placeholder="Add a note"
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="submit" className="btn btn-sm">
            Save note
          </button>
        </form>
      </div>
    </li>
  );
}
