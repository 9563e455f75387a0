import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function DealsPage() {
  return (
    <Page title="Deals">
      <p className="muted">The biggest price drops right now.</p>
    </Page>
  );
}
