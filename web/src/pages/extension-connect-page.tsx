import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useAuthDialog } from '../modules/auth/hooks/auth-dialog-context';
import { connectExtension, extensionIdFrom } from '../modules/extension/connect-extension';
import { Button } from '../ui/button';
import { Page } from '../ui/page';

type State = 'idle' | 'connecting' | 'connected' | 'failed';

/**
 * Where the browser extension's "Connect" opens: a signed-in shopper lets the extension add
 * listings to their wishlist for the length of the current session token.
 */
export default function ExtensionConnectPage() {
  const { search } = useLocation();
  const { status, session, authenticated } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const [state, setState] = useState<State>('idle');
  const extensionId = extensionIdFrom(search);

  if (!extensionId)
    return (
      <Page title="Connect the browser extension">
        <p>Open this page from the extension&apos;s Connect button.</p>
      </Page>
    );
  if (status === 'loading') return <Page title="Connect the browser extension" />;
  if (!authenticated || !session)
    return (
      <Page title="Connect the browser extension">
        <p>Sign in first: the extension then adds listings to your wishlist.</p>
        <Button onClick={() => openAuthDialog({ mode: 'login' })}>Sign in</Button>
      </Page>
    );
  const connect = () => {
    setState('connecting');
    void connectExtension(extensionId, session).then((ok) => setState(ok ? 'connected' : 'failed'));
  };
  return (
    <Page title="Connect the browser extension">
      <p>
        The extension will add listings to your wishlist until this sign-in expires. It gets a short-lived
        access token only, never your password.
      </p>
      <Button onClick={connect} disabled={state === 'connecting' || state === 'connected'}>
        Connect the extension
      </Button>
      <p role="status">
        {state === 'connected' && 'Extension connected. You can close this tab.'}
        {state === 'failed' && 'The extension did not answer. Is it installed in this browser?'}
      </p>
    </Page>
  );
}
