import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Field } from '../../../ui/field';
import { authClient, lastRetryAfterSeconds } from '../api/auth-client';
import { passwordChangeFailure, type PasswordChangeFailure } from '../utils/auth-error-message';
import { validateNewPassword } from '../utils/token-link';

interface NewPasswordFormProps {
  /** The visible heading inside the form, which also names it; without one, `ariaLabel` does. */
  heading?: ReactNode;
  ariaLabel?: string;
  submitLabel: string;
  submitClassName: string;
  /** The toast once the new password is saved. */
  successMessage: string;
  /**
   * Asks for the current password, the proof the server wants unless the session was signed in
   * within the last minutes. Off for the recovery link's form: the link is the
   * proof there, and the person has forgotten the password.
   */
  askCurrentPassword?: boolean;
  onSaved?(): void;
}

/**
 * §5 new password and its confirmation, validated on submit and again on change, saved with
 * `updateUser` — the recovery link's form and the account page's "Change password".
 */
export function NewPasswordForm({
  heading,
  ariaLabel,
  submitLabel,
  submitClassName,
  successMessage,
  askCurrentPassword = false,
  onSaved,
}: NewPasswordFormProps) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<PasswordChangeFailure>({});
  const errors = submitted ? validateNewPassword(password, confirm) : {};
  const headingId = 'new-password-title';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure({});
    const current = validateNewPassword(password, confirm);
    if (current.password || current.confirm) return;
    setSaving(true);
    const proof = askCurrentPassword && currentPassword ? { current_password: currentPassword } : {};
    const { error } = await authClient.updateUser({ password, ...proof });
    setSaving(false);
    if (error)
      return setFailure(
        passwordChangeFailure(
          { message: error.message, status: error.status, code: error.code },
          askCurrentPassword,
          lastRetryAfterSeconds(),
        ),
      );
    toast.success(successMessage);
    setCurrentPassword('');
    setPassword('');
    setConfirm('');
    setSubmitted(false);
    onSaved?.();
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      {...(heading ? { 'aria-labelledby': headingId } : { 'aria-label': ariaLabel })}
      style={{ maxWidth: '26rem' }}
    >
      {heading && <h2 id={headingId}>{heading}</h2>}
      {failure.form && (
        <div className="form-error" role="alert">
          {failure.form}
        </div>
      )}
      {askCurrentPassword && (
        <Field
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          error={failure.currentPassword}
        />
      )}
      <Field
        label="New Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Field
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <button type="submit" className={submitClassName} disabled={saving}>
        {saving ? 'Saving...' : submitLabel}
      </button>
    </form>
  );
}
