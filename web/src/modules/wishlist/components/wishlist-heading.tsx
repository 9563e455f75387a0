import { CreateWishlistRequestSchema } from '@pt/contracts';
import type { Wishlist } from '@pt/domain';
import { useState } from 'react';
import { useContractForm } from '../../../lib/contract-form';
import { reportResult } from '../../../ui/report-result';
import { TextInput } from '../../../ui/text-input';
import type { WishlistStore } from '../hooks/use-wishlist-store';
import { ShareListControl } from './share-list-control';

/**
 * The active list's name with rename (in place), delete (the default list without asking) and, for
 * a signed-in user's list, its share link.
 */
export function WishlistHeading({ store, active }: { store: WishlistStore; active: Wishlist }) {
  const [rename, setRename] = useState(false);
  return (
    <div className="row">
      <h2 id="list-title" style={{ margin: 0 }}>
        {active.name}
      </h2>
      {!rename ? (
        <button type="button" className="btn btn-sm" onClick={() => setRename(true)}>
          Rename
        </button>
      ) : (
        <RenameForm store={store} active={active} onDone={() => setRename(false)} />
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

/** The new name, held to the contract's name rule (§5: trimmed, not blank, at most 100). */
function RenameForm({
  store,
  active,
  onDone,
}: {
  store: WishlistStore;
  active: Wishlist;
  onDone: () => void;
}) {
  const form = useContractForm(CreateWishlistRequestSchema, { name: active.name });
  return (
    <form
      className="row"
      noValidate
      onSubmit={form.handleSubmit(async ({ name }) => {
        const result = await store.rename(active.id, name);
        reportResult(result);
        if (result.ok) onDone();
      })}
    >
      <TextInput
        id="rename-list"
        label="Wishlist name"
        hideLabel
        size="sm"
        compact
        maxLength={100}
        autoFocus
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      <button type="submit" className="btn btn-sm">
        Save name
      </button>
      <button type="button" className="btn btn-sm" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
