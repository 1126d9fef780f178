import { lazy, Suspense } from 'react';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { useGroupSmartCharging } from '../api/get-group-smart-charging';
import { useLivePlan } from '../live/use-live-plan';
import { PlanCard } from './plan-card';
import { SmartChargingForm } from './smart-charging-form';

// ECharts only when a meter's chart is shown.
const MeterChart = lazy(() => import('./meter-chart').then((m) => ({ default: m.MeterChart })));

/** The Smart Charging tab (002 §2, DASH_SMART_CHARGING_CREATE): the form, the load manager's plan and the meter's phases. */
export function SmartChargingTab({ groupId }: { groupId: number }) {
  const { t } = useTranslation('virtualGroups');
  const saved = useGroupSmartCharging(groupId);
  useLivePlan(groupId);
  if (saved.isError)
    return (
      <Card variant="borderless" className="section-card">
        <LoadError title={t('smart.loadError')} retryText={t('smart.retry')} onRetry={() => void saved.refetch()} />
      </Card>
    );
  // The form takes its values once: wait for the record as it is now.
  if (!saved.data || !saved.isFetchedAfterMount)
    return (
      <Card variant="borderless" className="section-card">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  const data = saved.data;
  const chartFallback = (
    <Card variant="borderless" className="section-card">
      <Skeleton active paragraph={{ rows: 5 }} />
    </Card>
  );
  return (
    <div className="sc-tab">
      {/* A new record turns the create form into the edit form. */}
      <SmartChargingForm key={data.smart_charging_id ?? 'new'} groupId={groupId} saved={data} />
      {data.smart_charging_id !== null ? <PlanCard saved={data} /> : null}
      {data.meter_device_remote_id ? (
        <Suspense fallback={chartFallback}>
          <MeterChart deviceRemoteId={data.meter_device_remote_id} breakerA={data.current_nominal_a} />
        </Suspense>
      ) : null}
    </div>
  );
}
