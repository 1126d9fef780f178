import { RightOutlined } from '@ant-design/icons';
import { Switch } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PricingDetail, Weekday } from '@recarga/contracts/dynamic-pricing';
import { generalOf, windowsOf } from '../model/detail-list';
import { weekdays, weekdaySlug } from '../model/weekdays';
import { windowText } from '../model/window-times';
import type { PriceFormat } from './use-price-format';

interface Props {
  profileId: string;
  list: PricingDetail[];
  format: PriceFormat;
  /** The day whose switch is being saved. */
  busyDay: Weekday | null;
  onToggle: (day: Weekday, on: boolean) => void;
}

const columns = ['servicePrice', 'kwhPrice', 'durationPrice', 'operationFee', 'taxes', 'idleTimePrice'] as const;

/**
 * One row per weekday, Monday to Sunday (002 §2): start value, price per kWh, price per time,
 * operation %, taxes %, idle penalty and the day's switch; the day's windows beneath its name. A
 * day without a general row is off. Each row opens its day. Wide screens read it as a table (one
 * header for all rows); phones as cards, each value with its label.
 */
export function WeekdayRows({ profileId, list, format, busyDay, onToggle }: Props) {
  const { t } = useTranslation('dynamicPricing');
  const navigate = useNavigate();
  const valueOf = (general: PricingDetail | undefined, column: (typeof columns)[number]) => {
    if (!general) return '—';
    if (column === 'operationFee' || column === 'taxes') return format.percent(general[column]);
    const minor = general[column];
    return minor === null ? '—' : format.money(minor);
  };

  return (
    <div className="weekdays">
      <div className="weekdays__head" aria-hidden="true">
        <span>{t('profile.day')}</span>
        {columns.map((column) => (
          <span key={column}>{t(`profile.columns.${column}`)}</span>
        ))}
        <span>{t('profile.enabled')}</span>
      </div>
      <ul className="weekdays__rows" aria-label={t('profile.weekdays')}>
        {weekdays.map((day) => {
          const general = generalOf(list, day);
          const windows = windowsOf(list, day);
          const on = Boolean(general?.active);
          const path = `/dynamic-pricing/${profileId}/${weekdaySlug(day)}`;
          return (
            <li
              key={day}
              className={on ? 'weekday-row' : 'weekday-row weekday-row--off'}
              onClick={(event) => {
                // The whole row opens the day; the switch and the link act on their own.
                if ((event.target as HTMLElement).closest('a, button')) return;
                void navigate(path);
              }}
              data-testid={`weekday-${weekdaySlug(day)}`}
            >
              <div className="weekday-row__day">
                <Link to={path} className="weekday-row__name">
                  {t(`weekdays.${day}`)}
                  <RightOutlined className="weekday-row__chevron" aria-hidden="true" />
                </Link>
                {windows.length ? (
                  <span className="weekday-row__windows" aria-label={t('profile.windowsOf', { count: windows.length })}>
                    {windows.map((w) => (
                      <span key={w.dynamicPricingDetailUuid} className="window-chip">
                        {windowText(w.startTime, w.endTime)}
                      </span>
                    ))}
                  </span>
                ) : null}
              </div>
              {general ? null : <p className="weekday-row__none">{t('profile.noPrices')}</p>}
              <dl className={general ? 'weekday-row__values' : 'weekday-row__values weekday-row__values--none'}>
                {columns.map((column) => (
                  <div key={column} className="weekday-row__value">
                    <dt>{t(`profile.columns.${column}`)}</dt>
                    <dd>{valueOf(general, column)}</dd>
                  </div>
                ))}
              </dl>
              <div className="weekday-row__switch">
                <Switch
                  checked={on}
                  loading={busyDay === day}
                  disabled={busyDay !== null && busyDay !== day}
                  aria-label={t('profile.toggle', { day: t(`weekdays.${day}`) })}
                  onChange={(checked) => onToggle(day, checked)}
                  data-testid={`weekday-${weekdaySlug(day)}-switch`}
                />
                <span className={on ? 'day-status day-status--on' : 'day-status'}>{on ? t('profile.on') : t('profile.off')}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
