import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function TrendingPage() {
  return (
    <Page title="Trending">
      <p className="muted">What shoppers are tracking.</p>
    </Page>
  );
}
