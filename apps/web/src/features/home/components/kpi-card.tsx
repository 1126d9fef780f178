import type { CSSProperties, ReactNode } from 'react';
import { Skeleton, theme } from 'antd';
import { Panel } from '../../../components/panel';
import { AnimatedNumber } from './animated-number';

/** One indicator: icon, title, animated value, unit and a line of context. */
export function KpiCard({
  icon,
  title,
  value,
  format,
  unit,
  hint,
  tone,
  testId,
}: {
  icon: ReactNode;
  title: string;
  value: number | undefined;
  format: (n: number) => string;
  unit?: string;
  hint?: ReactNode;
  tone: 'energy' | 'co2' | 'cost' | 'income';
  testId: string;
}) {
  const { token } = theme.useToken();
  const accent = { energy: token.colorPrimary, co2: token.colorSuccess, cost: token.colorWarning, income: token.geekblue }[tone];
  return (
    <Panel className={`kpi-card kpi-card--${tone}`} data-testid={`card-${testId}`} style={{ '--kpi-accent': accent } as CSSProperties}>
      <div className="kpi-card__head">
        <span className="kpi-card__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="text text--secondary kpi-card__title">{title}</span>
      </div>
      {value === undefined ? (
        <Skeleton.Input active size="large" className="kpi-card__skeleton" />
      ) : (
        <div className="kpi-card__value">
          <AnimatedNumber value={value} format={format} testId={`value-${testId}`} />
          {unit ? <span className="kpi-card__unit">{unit}</span> : null}
        </div>
      )}
      {hint ? <div className="kpi-card__hint">{hint}</div> : null}
    </Panel>
  );
}
