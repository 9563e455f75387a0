import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AUTH_SUCCESS_MESSAGES, NAME_MIN_LENGTH, FORM_MESSAGES, requireSignedInUser } from '@pt/domain';
import { authClient } from '../modules/auth/api/auth-client';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useAuthDialog } from '../modules/auth/hooks/auth-dialog-context';
import { useSignOut } from '../modules/auth/hooks/use-sign-out';
import { NewPasswordForm } from '../modules/auth/components/new-password-form';
import { Field } from '../ui/field';
import { Page } from '../ui/page';
import { Button } from '../ui/button';

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

function ProfileForm({ initialName }: { initialName: string }) {
  const { user } = useAuth();
  const [name, setName] = useState(initialName);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const error = submitted && name.trim().length < NAME_MIN_LENGTH ? FORM_MESSAGES.nameTooShort : undefined;
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (name.trim().length < NAME_MIN_LENGTH) return;
    // §5: a profile update needs a signed-in user.
    const signedIn = requireSignedInUser(user);
    if (!signedIn.ok) return void toast.error(signedIn.error);
    setSaving(true);
    const { error: updateError } = await authClient.updateUser({ data: { name: name.trim() } });
    setSaving(false);
    if (updateError) toast.error(updateError.message);
    else toast.success(AUTH_SUCCESS_MESSAGES.profileUpdated);
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-title" style={{ maxWidth: '26rem' }}>
      <h2 id="profile-title">Profile</h2>
      <Field
        label="Full Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        autoComplete="name"
      />
      <Button type="submit" variant="primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  );
}
