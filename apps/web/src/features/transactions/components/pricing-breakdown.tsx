import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Composition } from '@recarga/contracts/transactions';
import { formatMinorUnits } from '../../../lib/format/money';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useBrand } from '../../../lib/theme/brand-context';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { dayText, segmentRuleOf, timeInZone, type SegmentRule } from '../model/breakdown-rule';

type Breakdown = NonNullable<Composition['breakdown']>;

/**
 * A recharge priced by dynamic pricing (issue 17): the profile and version that priced it, and one
 * line per segment — its local time range, the rule in force (a weekday, a window, an exception or
 * the station's tariff), its kWh, amount, operation fee and tax. The table scrolls inside its box
 * on a narrow screen.
 */
export function PricingBreakdown({ breakdown, currency }: { breakdown: Breakdown; currency: string }) {
  const { t } = useTranslation('transactions');
  const brand = useBrand();
  const tag = useLanguageTag();
  const fmt = useNumberFormat();
  const money = (minor: number) => formatMinorUnits(minor, { currency, locale: currency === brand.currency ? brand.moneyLocale : tag });
  const ruleText = (rule: SegmentRule) => {
    switch (rule.kind) {
      case 'off':
        return t('detail.breakdown.off');
      case 'exception':
        return t('detail.breakdown.exception', {
          dates: rule.start === rule.end ? dayText(rule.start) : `${dayText(rule.start)}–${dayText(rule.end)}`,
        });
      case 'window':
        return t('detail.breakdown.window', {
          day: t(`detail.breakdown.weekdaysShort.${rule.weekday}`, { defaultValue: rule.weekday }),
          from: rule.from,
          to: rule.to,
        });
      default:
        return t(`detail.breakdown.weekdays.${rule.weekday}`, { defaultValue: rule.weekday });
    }
  };

  return (
    <div className="tx-breakdown" data-testid="tx-breakdown">
      <Typography.Text type="secondary" className="tx-section-title">
        {t('detail.breakdown.title')}
      </Typography.Text>
      <p className="tx-breakdown__profile">
        <strong>{breakdown.profile}</strong> · {t('detail.breakdown.version', { version: breakdown.version })}
      </p>
      <div className="tx-breakdown__scroll" role="region" aria-label={t('detail.breakdown.caption')} tabIndex={0}>
        <table className="tx-breakdown__table">
          <caption className="visually-hidden">{t('detail.breakdown.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('detail.breakdown.columns.period')}</th>
              <th scope="col" className="tx-breakdown__num">
                {t('detail.breakdown.columns.energy')}
              </th>
              <th scope="col" className="tx-breakdown__num">
                {t('detail.breakdown.columns.amount')}
              </th>
              <th scope="col" className="tx-breakdown__num">
                {t('detail.breakdown.columns.fee')}
              </th>
              <th scope="col" className="tx-breakdown__num">
                {t('detail.breakdown.columns.tax')}
              </th>
            </tr>
          </thead>
          <tbody>
            {breakdown.segments.map((s) => (
              <tr key={`${s.from}-${s.to}`}>
                <th scope="row" className="tx-breakdown__period">
                  <span className="tx-breakdown__time">
                    {timeInZone(s.from, breakdown.zone)}–{timeInZone(s.to, breakdown.zone)}
                  </span>
                  <span className={s.kind === 'off' ? 'tx-breakdown__rule tx-breakdown__rule--off' : 'tx-breakdown__rule'}>
                    {ruleText(segmentRuleOf(s))}
                  </span>
                </th>
                <td className="tx-breakdown__num">{fmt.decimal(s.energyWh / 1000, 2)}</td>
                <td className="tx-breakdown__num">{money(s.amount)}</td>
                <td className="tx-breakdown__num">{money(s.operationFee)}</td>
                <td className="tx-breakdown__num">{money(s.tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Typography.Text type="secondary" className="tx-breakdown__zone">
        {t('detail.breakdown.zone', { zone: breakdown.zone })}
      </Typography.Text>
    </div>
  );
}
