import { Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatsSums } from '@recarga/contracts/stats';
import { TREE_KG_CO2_PER_YEAR } from '@recarga/contracts/stats-constants';
import { DonutChart } from '../../../components/donut-chart';
import { Panel } from '../../../components/panel';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useCountUp } from '../utils/count-up';
import { AnimatedNumber } from './animated-number';
import { CardTitle } from './users-card';

const TreeIcon = ({ size = 22 }: { size?: number }) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" fill="currentColor">
    <path d="M12 2 6 10h3l-4 6h6v6h2v-6h6l-4-6h3z" />
  </svg>
);

/** Sustainability: the ring of progress towards the next tree (against the rest of 100 %) and the trees cultivated. */
export function SustainabilityCard({ energy }: { energy: StatsSums['energy'] | undefined }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const fmt = useNumberFormat();
  const goal = useCountUp(energy?.treePercentageGoal);
  return (
    <Panel
      className="panel-card"
      data-testid="card-sustainability"
      title={<CardTitle icon={<TreeIcon size={15} />} text={t('sustainability.title')} />}
    >
      {!energy ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <div className="donut-card">
          <div className="donut-card__chart">
            <DonutChart
              segments={[
                {
                  key: 'goal',
                  label: t('sustainability.nextTree'),
                  value: Math.min(1, Math.max(0, goal)),
                  valueText: fmt.percent(energy.treePercentageGoal),
                  color: token.colorSuccess,
                },
              ]}
              total={1}
              rounded
              inner={0.7}
              outer={0.9}
              trackColor={token.colorFillSecondary}
              className="donut-card__canvas"
              label={t('sustainability.chartLabel', { percent: fmt.percent(energy.treePercentageGoal) })}
            />
            <div className="donut-card__center">
              <span
                className="donut-card__center-value"
                data-testid="value-tree-goal"
                data-value={energy.treePercentageGoal}
                aria-label={fmt.percent(energy.treePercentageGoal)}
              >
                <span aria-hidden="true">{fmt.percent(goal, 0)}</span>
              </span>
              <span className="donut-card__center-caption">{t('sustainability.nextTree')}</span>
            </div>
          </div>
          <div className="trees">
            <span className="trees__icon">
              <TreeIcon />
            </span>
            <AnimatedNumber value={energy.cultivatedTree} format={fmt.integer} testId="value-trees" className="trees__value" />
            <span className="trees__caption">{t('sustainability.trees', { count: energy.cultivatedTree })}</span>
            <span className="text text--secondary trees__note">{t('sustainability.note', { kg: TREE_KG_CO2_PER_YEAR })}</span>
          </div>
        </div>
      )}
    </Panel>
  );
}
