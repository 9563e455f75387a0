import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function WishlistPage() {
  return (
    <Page title="Wishlists">
      <p className="muted">Your wishlists and price-drop alerts.</p>
    </Page>
  );
}
