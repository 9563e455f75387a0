import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Field } from '../../../ui/field';
import { authClient } from '../api/auth-client';
import { validateNewPassword } from '../utils/token-link';

interface NewPasswordFormProps {
  /** The visible heading inside the form, which also names it; without one, `ariaLabel` does. */
  heading?: ReactNode;
  ariaLabel?: string;
  submitLabel: string;
  submitClassName: string;
  /** The toast once the new password is saved. */
  successMessage: string;
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
  onSaved,
}: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const errors = submitted ? validateNewPassword(password, confirm) : {};
  const headingId = 'new-password-title';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    const current = validateNewPassword(password, confirm);
    if (current.password || current.confirm) return;
    setSaving(true);
    const { error } = await authClient.updateUser({ password });
    setSaving(false);
    if (error) return setFormError(error.message);
    toast.success(successMessage);
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
      {formError && (
        <div className="form-error" role="alert">
          {formError}
        </div>
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
