import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function CategoriesPage() {
  return (
    <Page title="Categories">
      <p className="muted">Browse products by category.</p>
    </Page>
  );
}
