import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AUTH_SUCCESS_MESSAGES, NAME_MIN_LENGTH, FORM_MESSAGES, requireSignedInUser } from '@pt/domain';
import { authClient } from '../../auth/api/auth-client';
import { useAuth } from '../../auth/hooks/auth-context';
import { Field } from '../../../ui/field';
import { Button } from '../../../ui/button';

/** The account's display name, saved on the auth user's metadata. */
export function ProfileForm({ initialName }: { initialName: string }) {
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
