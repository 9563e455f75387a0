import type { Wishlist } from '@pt/domain';
import { useState } from 'react';
import { reportResult } from '../../../ui/report-result';
import { TextInput } from '../../../ui/text-input';
import type { WishlistStore } from '../hooks/use-wishlist-store';
import { ShareListControl } from './share-list-control';

/**
 * The active list's name with rename (in place), delete (the default list without asking) and, for
 * a signed-in user's list, its share link.
 */
export function WishlistHeading({ store, active }: { store: WishlistStore; active: Wishlist }) {
  const [rename, setRename] = useState<string | null>(null);
  return (
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
      {/* Only the account's lists live on the server, where a link can open them. */}
      {store.mode === 'server' && (
        <ShareListControl
          key={active.id}
          wishlistId={active.id}
          name={active.name}
          shared={'shared' in active && active.shared === true}
        />
      )}
    </div>
  );
}
