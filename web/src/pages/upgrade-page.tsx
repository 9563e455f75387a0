import { Check } from 'lucide-react';
import { useProMode } from '../modules/pro/hooks/pro-context';
import { Page } from '../ui/page';

const FEATURES = [
  'Pro Mode: a dense search with more columns, keyboard shortcuts and price statistics up front',
  'Unlimited wishlists and price-drop alerts by email',
  'Price history for every tracked product',
  'Side-by-side comparison across marketplaces',
];

export default function UpgradePage() {
  const { isPro, dispatch } = useProMode();
  return (
    <Page title="Upgrade">
      <p>During the beta every premium feature is free. No card, no trial clock.</p>
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {FEATURES.map((f) => (
          <li key={f} className="row">
            <Check size={18} aria-hidden /> {f}
          </li>
        ))}
      </ul>
      {isPro ? (
        <p>Pro Mode is on.</p>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-lg"
          onClick={() => dispatch({ type: 'toggle', redirect: true })}
        >
          Try Pro Mode
        </button>
      )}
    </Page>
  );
}
