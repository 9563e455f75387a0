import type { ActionResult } from '../lib/action-result';
import { toast } from './toast';

/** Shows an action's §8 message as a toast (successes without a message stay quiet). */
export function reportResult(result: ActionResult): void {
  if (!result.ok) toast.error(result.error);
  else if (result.message) toast.success(result.message);
}
