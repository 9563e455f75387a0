import { CreateWishlistRequestSchema } from '@pt/contracts';
import { useContractForm } from '../../../lib/contract-form';
import { reportResult } from '../../../ui/report-result';
import { TextInput } from '../../../ui/text-input';
import type { WishlistStore } from '../hooks/use-wishlist-store';

export function NewWishlistForm({ store }: { store: WishlistStore }) {
  const form = useContractForm(CreateWishlistRequestSchema, { name: '' });
  return (
    <form
      className="row"
      noValidate
      onSubmit={form.handleSubmit(async ({ name }) => {
        const result = await store.create(name);
        reportResult(result);
        if (result.ok) form.reset();
      })}
    >
      <TextInput
        id="new-list"
        label="New wishlist name"
        hideLabel
        compact
        maxLength={100}
        placeholder="New wishlist name"
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      <button type="submit" className="btn">
        Create wishlist
      </button>
    </form>
  );
}
