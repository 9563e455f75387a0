import { TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Something failed: announced (role alert), with the message and usually a Try again action. */
export function ErrorState({
  icon: Icon = TriangleAlert,
  title,
  children,
  action,
  headingLevel = 2,
  testId,
}: {
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  testId?: string;
}) {
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2];
  return (
    <div className="state state-error" role="alert" data-testid={testId}>
      <span className="state-icon" aria-hidden="true">
        <Icon size={24} />
      </span>
      <Heading className="state-title">{title}</Heading>
      {children && <div className="state-text">{children}</div>}
      {action && <div className="state-action">{action}</div>}
    </div>
  );
}
