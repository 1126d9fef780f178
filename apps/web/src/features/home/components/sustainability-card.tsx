import { useMemo } from 'react';
import { Card, Skeleton, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PieChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { TREE_KG_CO2_PER_YEAR, type StatsSums } from '@recarga/contracts/stats';
import { EChart, type EChartOption } from '../../../components/echart';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { COUNT_UP_MS, useCountUp } from '../utils/count-up';
import { AnimatedNumber } from './animated-number';
import { CardTitle } from './users-card';

echarts.use([PieChart]);

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
  const option = useMemo<EChartOption>(() => {
    const g = Math.round((energy?.treePercentageGoal ?? 0) * 1000) / 10;
    return {
      animationDuration: COUNT_UP_MS,
      animationEasing: 'cubicOut',
      series: [
        {
          type: 'pie',
          radius: ['70%', '90%'],
          silent: true,
          startAngle: 90,
          label: { show: false },
          data: [
            { name: 'goal', value: g, itemStyle: { color: token.colorSuccess, borderRadius: 8 } },
            { name: 'rest', value: Math.max(0, 100 - g), itemStyle: { color: token.colorFillSecondary } },
          ],
        },
      ],
    };
  }, [energy?.treePercentageGoal, token.colorSuccess, token.colorFillSecondary]);

  return (
    <Card
      className="panel-card"
      variant="borderless"
      data-testid="card-sustainability"
      title={<CardTitle icon={<TreeIcon size={15} />} text={t('sustainability.title')} />}
    >
      {!energy ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <div className="donut-card">
          <div className="donut-card__chart">
            <EChart
              option={option}
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
            <Typography.Text type="secondary" className="trees__note">
              {t('sustainability.note', { kg: TREE_KG_CO2_PER_YEAR })}
            </Typography.Text>
          </div>
        </div>
      )}
    </Card>
  );
}
