import { useParams } from 'react-router-dom';
import { Page } from '../ui/page';

/** Route placeholder: issue 15 fills this screen in (the shell only routes to it). */
export default function MarketplacePage() {
  const { marketplace = '' } = useParams();
  return (
    <Page title={`Marketplace: ${marketplace}`}>
      <p className="muted">Products from this marketplace.</p>
    </Page>
  );
}
