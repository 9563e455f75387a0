import { FORM_MESSAGES } from '@pt/domain';
import { isAuthDialogOpen } from './auth-dialog-state';
import { RegisterFormSchema, ResetFormSchema, SignInFormSchema } from './auth-form-schemas';
import { readTokenLink, validateNewPassword } from './token-link';

describe('auth dialog (§2)', () => {
  it('is open only while the user is not authenticated', () => {
    expect(isAuthDialogOpen(true, false)).toBe(true);
    expect(isAuthDialogOpen(true, true)).toBe(false);
    expect(isAuthDialogOpen(false, false)).toBe(false);
  });
});

describe("the dialog's form schemas (§5 messages)", () => {
  const messagesOf = (r: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('sign in: the email and password rules, the parsed email trimmed', () => {
    expect(messagesOf(SignInFormSchema.safeParse({ email: 'nope', password: '1' }))).toEqual({
      email: FORM_MESSAGES.invalidEmail,
      password: FORM_MESSAGES.passwordTooShort,
    });
    expect(SignInFormSchema.parse({ email: ' a@b.co ', password: '123456' })).toEqual({
      email: 'a@b.co',
      password: '123456',
    });
  });

  it.each([
    [{ name: 'A', confirmPassword: '123456' }, 'name', 'Name must be at least 2 characters'],
    [{ email: 'bad@' }, 'email', 'Please enter a valid email address'],
    [{ confirmPassword: '654321' }, 'confirmPassword', "Passwords don't match"],
    [{ confirmPassword: '' }, 'confirmPassword', "Passwords don't match"],
    [
      { password: '123', confirmPassword: '123' },
      'confirmPassword',
      'Password must be at least 6 characters',
    ],
  ] as const)('register %#: %j → %s: %s', (patch, field, message) => {
    const form = { name: 'Al', email: 'a@b.co', password: '123456', confirmPassword: '123456', ...patch };
    expect(messagesOf(RegisterFormSchema.safeParse(form))[field]).toBe(message);
  });

  it('register: a valid form parses trimmed', () => {
    expect(
      RegisterFormSchema.parse({
        name: ' Al ',
        email: ' a@b.co ',
        password: '123456',
        confirmPassword: '123456',
      }),
    ).toEqual({ name: 'Al', email: 'a@b.co', password: '123456', confirmPassword: '123456' });
  });

  it('reset: the email rule only', () => {
    expect(messagesOf(ResetFormSchema.safeParse({ email: 'x' }))).toEqual({
      email: FORM_MESSAGES.invalidEmail,
    });
    expect(ResetFormSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
  });
});

describe('token processor link (§2)', () => {
  it('needs both token and type', () => {
    expect(readTokenLink('?token=abc')).toBeNull();
    expect(readTokenLink('?type=signup')).toBeNull();
    expect(readTokenLink('?token=abc&type=signup')).toEqual({ token: 'abc', type: 'signup' });
    expect(readTokenLink('?token=abc&type=recovery')).toEqual({ token: 'abc', type: 'recovery' });
  });

  it('refuses an unknown link type instead of sending it to the server', () => {
    expect(readTokenLink('?token=abc&type=admin')).toEqual({ invalid: true });
  });

  it('validates the new password like sign-up', () => {
    expect(validateNewPassword('12345', '12345')).toEqual({
      password: 'Password must be at least 6 characters',
      confirm: 'Password must be at least 6 characters',
    });
    expect(validateNewPassword('123456', '1234567')).toEqual({ confirm: "Passwords don't match" });
    expect(validateNewPassword('123456', '123456')).toEqual({});
    expect(validateNewPassword('123456', '')).toEqual({ confirm: "Passwords don't match" });
  });
});
