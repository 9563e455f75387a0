import { useParams } from 'react-router-dom';
import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function ProductPage() {
  const { id = '' } = useParams();
  return (
    <Page title="Product details">
      <p className="muted" data-testid="product-id">
        {id}
      </p>
    </Page>
  );
}
