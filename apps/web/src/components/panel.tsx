import type { CSSProperties, ReactNode } from 'react';
import './panel.css';

/**
 * A borderless card as the component library's Card draws it (title bar, body), for the home
 * dashboard's panels: Card's code brings its tabs, cover, actions and loading machinery (13 KB of
 * gzip) that no panel there uses.
 */
export function Panel({
  title,
  className,
  style,
  children,
  'data-testid': testId,
}: {
  title?: ReactNode;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={className ? `panel ${className}` : 'panel'} style={style} data-testid={testId}>
      {title ? (
        <div className="panel__head">
          <div className="panel__title">{title}</div>
        </div>
      ) : null}
      <div className="panel__body">{children}</div>
    </div>
  );
}
