import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Nothing to show yet: an icon, a title, a sentence and what to do next. */
export function EmptyState({
  icon: Icon = Inbox,
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
    <div className="state" data-testid={testId}>
      <span className="state-icon" aria-hidden="true">
        <Icon size={24} />
      </span>
      <Heading className="state-title">{title}</Heading>
      {children && <div className="state-text">{children}</div>}
      {action && <div className="state-action">{action}</div>}
    </div>
  );
}
