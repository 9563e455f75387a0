import { LoginPayloadSchema, RegistrationFormSchema } from '@pt/contracts';

/**
 * The auth dialog's forms, each checked by the contracts' schema of what it sends (§5's messages):
 * sign in by the login payload, register by the registration form (confirmPassword is checked, not
 * sent), and the reset request by the login payload's email rule — the /recover route itself
 * accepts any string, so that it never says whether an address has an account.
 */
export const SignInFormSchema = LoginPayloadSchema;
export const RegisterFormSchema = RegistrationFormSchema;
export const ResetFormSchema = LoginPayloadSchema.pick({ email: true });
