import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharedWishlist } from '@pt/contracts';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { apiErrorMessage } from '../lib/api-error-message';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useAuthDialog } from '../modules/auth/hooks/auth-dialog-context';
import { ErrorState, ResultsSkeleton } from '../modules/products/components/product-results';
import { productPageId, wishlistApi } from '../modules/wishlist/api/server-wishlists';
import {
  copySharedWishlist,
  sharedWishlistApi,
  sharedWishlistKeys,
} from '../modules/wishlist/api/shared-wishlists';
import { chooseServerWishlist } from '../modules/wishlist/utils/active-wishlist';
import { Page } from '../ui/page';
import { Price } from '../ui/price';
import NotFoundPage from './not-found-page';
import '../modules/products/shopping.css';

const shared = sharedWishlistApi();
const itemCountText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * /shared/:token: a list someone shared, read-only, for anyone (no sign-in). A link that shares
 * nothing (revoked, replaced, mistyped) is the app's not-found page, as the server's 404 says.
 */
export default function SharedWishlistPage() {
  const token = useParams().token ?? '';
  const view = useQuery({
    queryKey: sharedWishlistKeys.of(token),
    queryFn: () => shared.view(token),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  if (view.error instanceof ApiError && view.error.status === 404) return <NotFoundPage />;
  if (view.isPending)
    return (
      <Page title="Shared wishlist">
        <ResultsSkeleton count={2} />
      </Page>
    );
  if (view.isError)
    return (
      <Page title="Shared wishlist">
        <ErrorState message={apiErrorMessage(view.error)} onRetry={() => void view.refetch()} />
      </Page>
    );
  return <SharedList list={view.data} />;
}

function SharedList({ list }: { list: SharedWishlist }) {
  return (
    <Page title={list.name}>
      <p className="muted">A shared wishlist · {itemCountText(list.itemCount)} · read-only</p>
      <CopyToMyWishlists list={list} />
      <ul className="wishlist-items" aria-label="Items" style={{ listStyle: 'none', padding: 0 }}>
        {list.items.map((item) => (
          <li key={item.productId} className="wishlist-item" data-testid="shared-item">
            <div>
              <h2 style={{ margin: 0, fontSize: '1rem' }}>
                <Link to={`/product/${encodeURIComponent(productPageId(item.productId))}`}>{item.title}</Link>
              </h2>
              <p className="row">
                <Price amount={item.price} currency={item.currency} />
                {item.source && <span className="badge">{item.source}</span>}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Page>
  );
}

/**
 * Copies the list into the visitor's account. Signed out, it asks them to sign in first and
 * copies once they are in, so the click is not lost.
 */
function CopyToMyWishlists({ list }: { list: SharedWishlist }) {
  const auth = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const queryClient = useQueryClient();
  const userId = auth.user?.id ?? null;
  const copy = useMutation({
    mutationFn: () => copySharedWishlist(wishlistApi(), list),
    onSuccess: async ({ wishlistId }) => {
      // The user who signed in through the dialog is known by now; the list opens as the active one.
      const owner = userId ?? auth.user?.id;
      if (owner) chooseServerWishlist(owner, wishlistId);
      await queryClient.invalidateQueries({ queryKey: ['wishlists'] });
    },
  });
  if (copy.isSuccess)
    return (
      <p role="status">
        Copied to your wishlists
        {copy.data.skipped > 0 ? ` (${copy.data.skipped} items could not be copied)` : ''}.{' '}
        <Link to="/wishlist">Open your wishlists</Link>
      </p>
    );
  return (
    <div className="row">
      <button
        type="button"
        className="btn btn-primary"
        disabled={copy.isPending}
        onClick={() =>
          auth.authenticated
            ? copy.mutate()
            : openAuthDialog({ mode: 'login', onSuccess: () => copy.mutate() })
        }
      >
        {copy.isPending ? 'Copying…' : 'Copy to my wishlists'}
      </button>
      {!auth.authenticated && <span className="muted">Sign in to keep a copy of this list.</span>}
      {copy.isError && <p role="alert">{apiErrorMessage(copy.error, 'The list could not be copied')}</p>}
    </div>
  );
}
