import type { ReactNode } from 'react';
import { Skeleton, theme } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StatsInfo } from '@recarga/contracts/stats';
import { DonutChart } from '../../../components/donut-chart';
import { Panel } from '../../../components/panel';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useCountUp } from '../utils/count-up';
import { AnimatedNumber } from './animated-number';

/** Users: the share of registered drivers charging now (ring), drivers who charged in the period, registered drivers. */
export function UsersCard({ info }: { info: StatsInfo | undefined }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const fmt = useNumberFormat();
  const fraction = useCountUp(info?.userChargingPercentage);
  return (
    <Panel className="panel-card" data-testid="card-users" title={<CardTitle icon={<TeamOutlined />} text={t('users.title')} />}>
      {!info ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <div className="users-card">
          <div className="users-card__ring">
            <DonutChart
              segments={[
                {
                  key: 'charging',
                  label: t('users.charging'),
                  value: Math.min(1, Math.max(0, fraction)),
                  valueText: fmt.percent(info.userChargingPercentage),
                  color: token.colorPrimary,
                },
              ]}
              total={1}
              rounded
              inner={0.82}
              outer={1}
              trackColor={token.colorFillSecondary}
              label={t('users.chartLabel', { percent: fmt.percent(info.userChargingPercentage) })}
            />
            <span className="users-card__ring-text">
              <span
                data-testid="value-charging-percentage"
                data-value={info.userChargingPercentage}
                aria-label={fmt.percent(info.userChargingPercentage)}
              >
                <span aria-hidden="true">{fmt.percent(fraction)}</span>
              </span>
              <span className="users-card__ring-caption">{t('users.chargingNow')}</span>
            </span>
          </div>
          <dl className="figure-list">
            <div>
              <dt>{t('users.charging')}</dt>
              <dd>
                <AnimatedNumber value={info.usersCharging} format={fmt.integer} testId="value-users-charging" />
              </dd>
            </div>
            <div>
              <dt>{t('users.charged')}</dt>
              <dd>
                <AnimatedNumber value={info.usersCharged} format={fmt.integer} testId="value-users-charged" />
              </dd>
            </div>
            <div>
              <dt>{t('users.registered')}</dt>
              <dd>
                <AnimatedNumber value={info.usersRegistered} format={fmt.integer} testId="value-users-registered" />
              </dd>
            </div>
          </dl>
        </div>
      )}
      {info ? <span className="text text--secondary panel-card__foot">{t('users.foot')}</span> : null}
    </Panel>
  );
}

export function CardTitle({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <span className="panel-card__title">
      <span className="panel-card__title-icon" aria-hidden="true">
        {icon}
      </span>
      {text}
    </span>
  );
}
