import { useState } from 'react';
import { reportResult } from '../../../ui/report-result';
import { TextInput } from '../../../ui/text-input';
import type { WishlistStore } from '../hooks/use-wishlist-store';

export function NewWishlistForm({ store }: { store: WishlistStore }) {
  const [name, setName] = useState('');
  return (
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
  );
}
