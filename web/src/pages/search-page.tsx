import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function SearchPage() {
  return (
    <Page title="Search">
      <p className="muted">Search products across eBay and AliExpress.</p>
    </Page>
  );
}
