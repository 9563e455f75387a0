import { useParams } from 'react-router-dom';
import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function CategoryPage() {
  const { slug = '' } = useParams();
  return (
    <Page title={`Category: ${slug}`}>
      <p className="muted">Products in this category.</p>
    </Page>
  );
}
