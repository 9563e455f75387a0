import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { AUTH_SUCCESS_MESSAGES } from '@pt/domain';
import { LoadingScreen } from '../../../ui/loading-screen';
import { Page } from '../../../ui/page';
import { authClient } from '../api/auth-client';
import { useAuth } from '../hooks/auth-context';
import { readTokenLink, type TokenLink } from '../utils/token-link';
import { NewPasswordForm } from './new-password-form';

// One verification per token even when React runs effects twice (StrictMode) or the screen remounts:
// the token is single use, a second POST would fail and show an error over a success.
const verifications = new Map<string, Promise<string | null>>();

function verifyOnce(link: TokenLink): Promise<string | null> {
  let pending = verifications.get(link.token);
  if (!pending) {
    pending = authClient
      .verifyOtp({ token_hash: link.token, type: link.type })
      .then(({ error }) => (error ? error.message : null));
    verifications.set(link.token, pending);
  }
  return pending;
}

/**
 * §2 token processor: completes a mailed link (`?token&type`) with `POST /auth/v1/verify`, which
 * signs the user in. Confirmation goes home; recovery asks for the new password first.
 */
export default function TokenProcessor() {
  const location = useLocation();
  const navigate = useNavigate();
  const link = readTokenLink(location.search);
  const [phase, setPhase] = useState<'verifying' | 'new-password' | 'failed'>('verifying');
  const [error, setError] = useState<string | null>(null);
  const { status } = useAuth();
  // A reload of the recovery link after it was used: the session is still in recovery, so the
  // new-password form is still the right screen (the spent token's error would only confuse).
  const recovering =
    status === 'password-recovery' && link !== null && !('invalid' in link) && link.type === 'recovery';

  useEffect(() => {
    if (!link || 'invalid' in link) {
      setPhase('failed');
      setError('This link is not valid.');
      return;
    }
    let active = true;
    void verifyOnce(link).then((message) => {
      if (!active) return;
      if (message) {
        setPhase('failed');
        setError(message);
      } else if (link.type === 'recovery') {
        setPhase('new-password');
      } else {
        toast.success(AUTH_SUCCESS_MESSAGES.signedIn);
        void navigate('/', { replace: true });
      }
    });
    return () => {
      active = false;
    };
    // The link is read from the URL once; navigating away ends this screen.
  }, [location.search]);

  if (phase === 'verifying') return <LoadingScreen label="Verifying your link…" />;
  if (phase === 'failed' && !recovering)
    return (
      <Page title="This link can't be used">
        <p className="form-error" role="alert">
          {error}
        </p>
        <p>Links work once and expire. Request a new one from the sign-in dialog.</p>
        <Link to="/" replace className="btn">
          Go to the home page
        </Link>
      </Page>
    );
  return (
    <Page title="Choose a new password">
      <NewPasswordForm
        ariaLabel="Choose a new password"
        submitLabel="Save New Password"
        submitClassName="btn btn-primary btn-block"
        successMessage="Password updated. You are signed in."
        onSaved={() => void navigate('/', { replace: true })}
      />
    </Page>
  );
}
