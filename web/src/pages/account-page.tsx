import { ProfileForm } from '../modules/account/components/profile-form';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useAuthDialog } from '../modules/auth/hooks/auth-dialog-context';
import { useSignOut } from '../modules/auth/hooks/use-sign-out';
import { NewPasswordForm } from '../modules/auth/components/new-password-form';
import { Page } from '../ui/page';

export default function AccountPage() {
  const { user, authenticated, status } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const signOut = useSignOut();
  if (status === 'loading') return <Page title="Account" />;
  if (!authenticated || !user)
    return (
      <Page title="Account">
        <p>Sign in to manage your profile, password and saved data.</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => openAuthDialog({ redirectTo: '/account' })}
        >
          Sign In
        </button>
      </Page>
    );
  return (
    <Page title="Account">
      <p>
        Signed in as <strong>{user.email}</strong>
      </p>
      <ProfileForm initialName={(user.user_metadata as { name?: string }).name ?? ''} />
      <NewPasswordForm
        heading="Change password"
        submitLabel="Change Password"
        submitClassName="btn"
        successMessage="Password changed. Your other sessions were signed out."
        askCurrentPassword
      />
      <h2>Sign out</h2>
      <button type="button" className="btn" onClick={() => void signOut()}>
        Sign out
      </button>
    </Page>
  );
}
