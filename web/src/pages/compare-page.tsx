import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function ComparePage() {
  return (
    <Page title="Compare">
      <p className="muted">Compare products side by side.</p>
    </Page>
  );
}
