import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { emailAlertKeys, emailAlertsApi } from '../modules/account/api/email-alerts';
import { ApiError } from '../lib/api';
import { Page } from '../ui/page';

/**
 * Where a price-drop email's "Stop alerts for this product" opens (no sign-in: the signed token is
 * the authorisation). It says which alert the link turns off and asks first, so a mail scanner that
 * opens links turns nothing off; the button sends the same one-click POST mail clients use.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({
    queryKey: emailAlertKeys.unsubscribe(token),
    queryFn: () => emailAlertsApi.unsubscribePreview(token),
    enabled: token !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
  const turnOff = useMutation({ mutationFn: () => emailAlertsApi.unsubscribe(token) });

  // A link from an email sent before the alert was turned back on: the service says why.
  if (preview.error instanceof ApiError && preview.error.code === 'stale_token')
    return (
      <Page title="Link no longer valid">
        <p>{preview.error.message}</p>
        <MoreLinks />
      </Page>
    );
  if (!token || (preview.error instanceof ApiError && preview.error.status === 400))
    return (
      <Page title="Link not valid">
        <p>This unsubscribe link is incomplete or has been changed. Open it again from the email.</p>
        <MoreLinks />
      </Page>
    );
  if (turnOff.isSuccess)
    return (
      <Page title="Price alert turned off">
        <p role="status">
          You will get no more price-drop emails for{' '}
          <strong>{turnOff.data.productTitle || 'this product'}</strong>.
        </p>
        <MoreLinks />
      </Page>
    );
  if (preview.isPending) return <Page title="Stop price alerts?">{<p className="muted">Loading…</p>}</Page>;
  if (preview.isError)
    return (
      <Page title="Stop price alerts?">
        <p role="alert">We could not load this link right now.</p>
        <button type="button" className="btn" onClick={() => void preview.refetch()}>
          Try again
        </button>
      </Page>
    );
  const title = preview.data.productTitle;
  if (!preview.data.active)
    return (
      <Page title="Price alert already off">
        <p role="status">
          {title ? (
            <>
              The price alert for <strong>{title}</strong> is already off
            </>
          ) : (
            'This price alert no longer exists'
          )}
          : no emails will be sent for it.
        </p>
        <MoreLinks />
      </Page>
    );
  return (
    <Page title="Stop price alerts?">
      <p>
        This turns off the price alert for <strong>{title}</strong>: no more price-drop emails for it. You can
        switch it back on under your price alerts.
      </p>
      {turnOff.isError && (
        <p role="alert">
          {turnOff.error instanceof ApiError ? turnOff.error.message : 'The alert could not be turned off.'}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={turnOff.isPending}
        onClick={() => turnOff.mutate()}
      >
        {turnOff.isPending ? 'Turning off…' : 'Turn off this alert'}
      </button>
      <MoreLinks />
    </Page>
  );
}

function MoreLinks() {
  return (
    <p className="muted">
      <Link to="/wishlist/alerts">Manage your alerts</Link> · <Link to="/settings">Email settings</Link>
    </p>
  );
}
