import { Link } from 'react-router-dom';
import { Page } from '../ui/page';

export default function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>The page you asked for does not exist or has moved.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </Page>
  );
}
