import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function NewArrivalsPage() {
  return (
    <Page title="New arrivals">
      <p className="muted">Recently listed products.</p>
    </Page>
  );
}
