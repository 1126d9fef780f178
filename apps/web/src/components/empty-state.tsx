import type { ReactNode } from 'react';
import { InboxOutlined } from '@ant-design/icons';

interface EmptyStateProps {
  title: string;
  text?: string;
  /** The next step: clear the filters, create the first one. */
  actions?: ReactNode;
  icon?: ReactNode;
  'data-testid'?: string;
}

/** An empty list: what is (not) there and what to do next. The 404 art belongs to the not-found page only. */
export function EmptyState({ title, text, actions, icon, 'data-testid': testId }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-state__icon" aria-hidden="true">
        {icon ?? <InboxOutlined />}
      </span>
      <h2 className="empty-state__title">{title}</h2>
      {text ? <p className="empty-state__text">{text}</p> : null}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </div>
  );
}
