import type { ReactNode } from 'react';

/** Title row of a signed-in screen. */
export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h2 className="title-2 page-header__title">{title}</h2>
        {subtitle ? <span className="text text--secondary page-header__subtitle">{subtitle}</span> : null}
      </div>
      {extra ? <div className="page-header__extra">{extra}</div> : null}
    </div>
  );
}
