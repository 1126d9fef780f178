import { Card, Progress, Tag } from 'antd';
import { CheckCircleFilled, MinusCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TenantSettings } from '@recarga/contracts/tenant-settings';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { tenantModules } from '@recarga/contracts/tenant-settings-constants';
import { usageShare } from '../model/usage';

/** The network's plan, read-only: each limit against its use ("unlimited" when none) and the modules on or off. */
export function PlanCard({ settings }: { settings: TenantSettings }) {
  const { t } = useTranslation('config');
  const { integer } = useNumberFormat();
  const rows = [
    { key: 'stations', used: settings.usage.stations, limit: settings.limits.stations },
    { key: 'users', used: settings.usage.users, limit: settings.limits.users },
    { key: 'reports', used: settings.usage.reportsThisMonth, limit: settings.limits.monthlyReports },
  ] as const;

  return (
    <Card
      variant="borderless"
      className="section-card config-card"
      title={
        <span className="config-card__title">
          <SafetyCertificateOutlined aria-hidden="true" /> {t('plan.title')}
        </span>
      }
      data-testid="plan-card"
    >
      <ul className="plan-usage">
        {rows.map((row) => {
          const share = usageShare(row.used, row.limit);
          return (
            <li key={row.key} className="plan-usage__row" data-testid={`plan-${row.key}`}>
              <div className="plan-usage__head">
                <span className="plan-usage__label">{t(`plan.${row.key}`)}</span>
                <span className="plan-usage__value">
                  {row.limit === null
                    ? t('plan.usedUnlimited', { used: integer(row.used) })
                    : t('plan.usedOf', { used: integer(row.used), limit: integer(row.limit) })}
                </span>
              </div>
              {share === null ? null : (
                <Progress
                  percent={Math.round(share * 100)}
                  showInfo={false}
                  size="small"
                  status={share >= 1 ? 'exception' : 'normal'}
                  aria-label={t(`plan.${row.key}`)}
                />
              )}
            </li>
          );
        })}
      </ul>
      <h3 className="config-card__subtitle">{t('plan.modules')}</h3>
      <div className="plan-modules">
        {tenantModules.map((name) =>
          settings.modules[name] ? (
            <Tag key={name} color="success" icon={<CheckCircleFilled aria-hidden="true" />} data-testid={`module-${name}`}>
              {t(`modules.${name}`)} · {t('plan.on')}
            </Tag>
          ) : (
            <Tag key={name} icon={<MinusCircleOutlined aria-hidden="true" />} data-testid={`module-${name}`}>
              {t(`modules.${name}`)} · {t('plan.off')}
            </Tag>
          ),
        )}
      </div>
      <p className="config-card__muted plan-note">{t('plan.note')}</p>
    </Card>
  );
}
