import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupSmartCharging } from '@recarga/contracts/smart-charging';
import { formatDateTime } from '../../../../lib/format/date-time';
import { useNumberFormat } from '../../../../lib/format/use-number-format';

/**
 * What the load manager last decided for the group: its mode, the current left per phase, the
 * building load it counted (assumed, and on what basis, in failsafe), and each session's limit and
 * why. Under it, the failsafe's rule in words (issue 41): what the control assumes without readings.
 */
export function PlanCard({ saved }: { saved: GroupSmartCharging }) {
  const { t } = useTranslation('virtualGroups');
  const fmt = useNumberFormat();
  const amps = (a: number) => fmt.decimal(a, 1);
  const phases = (p: number[]) => ({ a: amps(p[0] ?? 0), b: amps(p[1] ?? 0), c: amps(p[2] ?? 0) });
  const plan = saved.plan;
  const building = plan?.building_a ?? null;
  const basis = plan?.mode === 'FAILSAFE' ? (plan.failsafe_basis ?? null) : null;
  return (
    <Card variant="borderless" className="section-card" data-testid="sc-plan">
      <h2 className="vg-section-title">{t('plan.title')}</h2>
      {!plan ? (
        <p className="vg-muted">{t('plan.none')}</p>
      ) : (
        <div className="sc-plan">
          <div className="sc-plan__head">
            <Tag color={plan.mode === 'DYNAMIC' ? 'success' : 'warning'} variant="filled">
              {plan.mode === 'DYNAMIC' ? t('plan.dynamic') : t('plan.failsafe')}
            </Tag>
            <span className="vg-muted">{t('plan.at', { when: formatDateTime(plan.planned_at) })}</span>
          </div>
          <p>{t('plan.available', phases(plan.available_a))}</p>
          {building ? (
            <p data-testid="sc-plan-building">
              {basis
                ? t('plan.buildingAssumed', {
                    ...phases(building),
                    basis: t(`failsafeBasis.${basis}`, { defaultValue: basis }),
                  })
                : t('plan.building', phases(building))}
            </p>
          ) : null}
          {plan.sessions.length === 0 ? (
            <p className="vg-muted">{t('plan.noSessions')}</p>
          ) : (
            <ul className="sc-plan__sessions">
              {plan.sessions.map((s) => (
                <li key={s.transaction_id}>
                  {t('smartEvents.planSession', {
                    code: s.charge_box_code,
                    connector: s.connector_id,
                    limit: amps(s.limit_a),
                    reason: t(`reasons.${s.reason}`, { defaultValue: s.reason }),
                  })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <p className="vg-muted sc-failsafe-rule" data-testid="sc-failsafe-rule">
        {t('plan.failsafeRule')}
      </p>
    </Card>
  );
}
