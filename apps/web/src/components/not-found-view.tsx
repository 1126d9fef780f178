import type { ReactNode } from 'react';
import { Result } from 'antd';

interface NotFoundViewProps {
  /** The icon beside the 404 art. */
  icon: ReactNode;
  title: string;
  /** h1 for a whole page, h2 inside a screen. */
  heading?: 'h1' | 'h2';
  text: string;
  extra?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** The not-found view: the 404 art, a title, a line of text and an action. Pages and empty lists share it. */
export function NotFoundView({ icon, title, heading = 'h1', text, extra, className, 'data-testid': testId }: NotFoundViewProps) {
  const Heading = heading;
  return (
    <Result
      className={className ? `not-found ${className}` : 'not-found'}
      icon={
        <span className="not-found__art" aria-hidden="true">
          <span className="not-found__code">404</span>
          <span className="not-found__icon">{icon}</span>
        </span>
      }
      title={<Heading className={className ? `not-found__title ${className}__title` : 'not-found__title'}>{title}</Heading>}
      subTitle={text}
      extra={extra}
      data-testid={testId}
    />
  );
}
