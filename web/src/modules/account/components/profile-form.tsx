import { toast } from 'sonner';
import { UpdateUserPayloadSchema } from '@pt/contracts';
import { AUTH_SUCCESS_MESSAGES, requireSignedInUser } from '@pt/domain';
import { useContractForm } from '../../../lib/contract-form';
import { authClient } from '../../auth/api/auth-client';
import { useAuth } from '../../auth/hooks/auth-context';
import { Field } from '../../../ui/field';
import { Button } from '../../../ui/button';

/** §7 PUT /user with the name on the user's metadata: the form checks it by that body's schema. */
const ProfileSchema = UpdateUserPayloadSchema.pick({ data: true }).required();

/** The account's display name, saved on the auth user's metadata. */
export function ProfileForm({ initialName }: { initialName: string }) {
  const { user } = useAuth();
  const form = useContractForm(ProfileSchema, { data: { name: initialName } });
  const saving = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ data }) => {
    // §5: a profile update needs a signed-in user.
    const signedIn = requireSignedInUser(user);
    if (!signedIn.ok) return void toast.error(signedIn.error);
    const { error: updateError } = await authClient.updateUser({ data: { name: data.name } });
    if (updateError) toast.error(updateError.message);
    else toast.success(AUTH_SUCCESS_MESSAGES.profileUpdated);
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-title" style={{ maxWidth: '26rem' }}>
      <h2 id="profile-title">Profile</h2>
      <Field
        label="Full Name"
        error={form.formState.errors.data?.name?.message}
        autoComplete="name"
        {...form.register('data.name')}
      />
      <Button type="submit" variant="primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  );
}
