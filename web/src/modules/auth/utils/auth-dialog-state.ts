/**
 * What the dialog's screens add to the domain's rule (`authDialogTransition`, `resendTransition`
 * in @pt/domain, the one home of the §4 transitions): when it is open.
 */

/** §2: the dialog is open only while the user is not authenticated. */
export function isAuthDialogOpen(requested: boolean, authenticated: boolean): boolean {
  return requested && !authenticated;
}
