/**
 * What the dialog's screens add to the domain's rule (`authDialogTransition`, `resendTransition`
 * in @pt/domain, the one home of the §4 transitions): when errors show and when it is open.
 */

/**
 * §5, §9: forms validate on submit and re-validate on change. Before the first submit no error
 * shows; after it, every change shows the current errors.
 */
export function visibleErrors<K extends string>(
  submitted: boolean,
  errors: Partial<Record<K, string>>,
): Partial<Record<K, string>> {
  return submitted ? errors : {};
}

/** §2: the dialog is open only while the user is not authenticated. */
export function isAuthDialogOpen(requested: boolean, authenticated: boolean): boolean {
  return requested && !authenticated;
}
