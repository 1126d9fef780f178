import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** Title row of a signed-in screen. */
export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <Typography.Title level={2} className="page-header__title">
          {title}
        </Typography.Title>
        {subtitle ? (
          <Typography.Text type="secondary" className="page-header__subtitle">
            {subtitle}
          </Typography.Text>
        ) : null}
      </div>
      {extra ? <div className="page-header__extra">{extra}</div> : null}
    </div>
  );
}
