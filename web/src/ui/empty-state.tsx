import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface StateProps {
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  testId?: string;
}

/** The frame every empty and error state shares: an icon, a title, a sentence and an action. */
export function StateBlock({
  icon: Icon,
  title,
  children,
  action,
  headingLevel = 2,
  testId,
  className,
  role,
}: StateProps & { icon: LucideIcon; className: string; role?: 'alert' }) {
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2];
  return (
    <div className={className} role={role} data-testid={testId}>
      <span className="state-icon" aria-hidden="true">
        <Icon size={24} />
      </span>
      <Heading className="state-title">{title}</Heading>
      {children && <div className="state-text">{children}</div>}
      {action && <div className="state-action">{action}</div>}
    </div>
  );
}

/** Nothing to show yet: an icon, a title, a sentence and what to do next. */
export function EmptyState({ icon = Inbox, ...props }: StateProps) {
  return <StateBlock {...props} icon={icon} className="state" />;
}
