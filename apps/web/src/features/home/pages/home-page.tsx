import { useMemo, useState } from 'react';
import { CloudOutlined, EnvironmentOutlined, RiseOutlined, ThunderboltOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { formatMinorUnits } from '../../../lib/format/money';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useBrand } from '../../../lib/theme/brand-context';
import { useSession } from '../../../lib/use-session';
import { useStatsInfo } from '../api/get-stats-info';
import { useStatsSums } from '../api/get-stats-sums';
import { ChargePointMap } from '../components/charge-point-map';
import { ChargeboxesCard } from '../components/chargeboxes-card';
import { KpiCard } from '../components/kpi-card';
import { LiveBadge } from '../components/live-badge';
import { LiveEventsCard } from '../components/live-events-card';
import { PeriodPicker } from '../components/period-picker';
import { SustainabilityCard } from '../components/sustainability-card';
import { CardTitle, UsersCard } from '../components/users-card';
import { useLiveStats } from '../live/use-live-stats';
import { defaultRange, periodParams, type DateRange } from '../utils/stats-period';
import '../home.css';

/** Locale of a currency's amounts when it is not the brand's (a network with sub-networks abroad). */
const moneyLocale = (coin: string) => ({ BRL: 'pt-BR', COP: 'es-CO', USD: 'es-EC' })[coin] ?? 'pt-BR';
/** Another currency's amount with its ISO code ('COP 297.756,00'), so '$' is never ambiguous beside 'R$'. */
const codeMoney = (minor: number, coin: string) =>
  new Intl.NumberFormat(moneyLocale(coin), { style: 'currency', currency: coin, currencyDisplay: 'code' }).format(minor / 100);

/**
 * / — the home dashboard (000 §2): the period, the indicator cards (counting up over 3 s), the
 * map of stations and the live notification list. Cost and income appear only when the server
 * sends them (permission /financial-indicators plus the role DASH_FINANCIAL_INDICATORS).
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const session = useSession();
  const brand = useBrand();
  const fmt = useNumberFormat();
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const params = useMemo(() => periodParams(range), [range]);
  const sums = useStatsSums(params);
  const info = useStatsInfo(params);
  useLiveStats(range, params);

  const s = sums.data;
  const coin = s?.energy.coin ?? brand.currency;
  const money = (minor: number) =>
    formatMinorUnits(minor, { currency: coin, locale: brand.currency === coin ? brand.moneyLocale : moneyLocale(coin) });
  const showMoney = s?.cost !== undefined && s?.income !== undefined;
  const otherCurrencies = (s?.byCurrency ?? []).filter((c) => c.coin !== coin && (c.cost || c.income));
  const kpiCell = showMoney ? 'home-grid__kpi home-grid__kpi--quarter' : 'home-grid__kpi';
  const firstName = session?.user.name.split(' ')[0] ?? '';
  const failed = sums.isError || info.isError;

  return (
    <div className="home-dashboard">
      <PageHeader
        title={t('title')}
        subtitle={t('greeting', { name: firstName })}
        extra={
          <div className="home-dashboard__filters">
            <LiveBadge />
            <PeriodPicker value={range} onChange={setRange} />
          </div>
        }
      />
      {failed ? (
        <LoadError
          title={t('error')}
          retryText={t('retry')}
          onRetry={() => {
            void sums.refetch();
            void info.refetch();
          }}
          className="home-dashboard__error"
        />
      ) : null}
      <div className="home-grid">
        <div className={kpiCell}>
          <KpiCard
            tone="energy"
            testId="energy"
            icon={<ThunderboltOutlined />}
            title={t('kpi.energy')}
            value={s?.energy.consumption}
            format={(n) => fmt.decimal(n, 2)}
            unit="kWh"
            hint={s ? t('kpi.recharges', { count: s.recharges, formatted: fmt.integer(s.recharges) }) : null}
          />
        </div>
        <div className={kpiCell}>
          <KpiCard
            tone="co2"
            testId="co2"
            icon={<CloudOutlined />}
            title={t('kpi.co2')}
            value={s?.envIndicator.co2Saved}
            format={(n) => fmt.decimal(n, 1)}
            unit={t('kpi.co2Unit')}
            hint={t('kpi.co2Hint')}
          />
        </div>
        {showMoney ? (
          <>
            <div className={kpiCell}>
              <KpiCard
                tone="cost"
                testId="cost"
                icon={<WalletOutlined />}
                title={t('kpi.cost')}
                value={s.cost}
                format={money}
                hint={
                  otherCurrencies.some((c) => c.cost)
                    ? t('kpi.otherCurrencies', {
                        list: otherCurrencies
                          .filter((c) => c.cost)
                          .map((c) => codeMoney(c.cost, c.coin))
                          .join(' · '),
                      })
                    : t('kpi.costHint')
                }
              />
            </div>
            <div className={kpiCell}>
              <KpiCard
                tone="income"
                testId="income"
                icon={<RiseOutlined />}
                title={t('kpi.income')}
                value={s.income}
                format={money}
                hint={
                  otherCurrencies.some((c) => c.income)
                    ? t('kpi.otherCurrencies', {
                        list: otherCurrencies
                          .filter((c) => c.income)
                          .map((c) => codeMoney(c.income, c.coin))
                          .join(' · '),
                      })
                    : t('kpi.incomeHint')
                }
              />
            </div>
          </>
        ) : null}
        <div className="home-grid__third">
          <UsersCard info={info.data} />
        </div>
        <div className="home-grid__half-third">
          <ChargeboxesCard counts={info.data?.statusChargeBox} />
        </div>
        <div className="home-grid__half-third">
          <SustainabilityCard energy={s?.energy} />
        </div>
        <div className="home-grid__wide">
          <Panel className="panel-card panel-card--map" title={<CardTitle icon={<EnvironmentOutlined />} text={t('map.title')} />}>
            <ChargePointMap counts={info.data?.statusChargeBox} />
          </Panel>
        </div>
        <div className="home-grid__narrow">
          <LiveEventsCard />
        </div>
      </div>
      {s ? (
        <div className="text text--secondary home-dashboard__note" data-testid="co2-note">
          {t('note', {
            grid: fmt.decimal(s.envIndicator.gridKgCo2PerKwh, 4),
            source: t(`gridSource.${s.envIndicator.gridSource}`),
          })}
        </div>
      ) : null}
    </div>
  );
}
