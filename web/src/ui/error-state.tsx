import { TriangleAlert } from 'lucide-react';
import { StateBlock, type StateProps } from './empty-state';

/** Something failed: announced (role alert), with the message and usually a Try again action. */
export function ErrorState({ icon = TriangleAlert, ...props }: StateProps) {
  return <StateBlock {...props} icon={icon} className="state state-error" role="alert" />;
}
