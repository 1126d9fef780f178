import { Skeleton } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { NotificationList } from '../../../components/notification-list';
import { Panel } from '../../../components/panel';
import { useChargeBoxNotifications } from '../../../lib/api/get-charge-box-notifications';
import { CardTitle } from './users-card';

/** The live notification list: the latest station events, new ones arriving on the live connection. */
export function LiveEventsCard() {
  const { t } = useTranslation('home');
  const { data, isLoading, isError, refetch } = useChargeBoxNotifications();
  return (
    <Panel
      className="panel-card panel-card--events"
      data-testid="card-events"
      title={<CardTitle icon={<BellOutlined />} text={t('events.title')} />}
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : isError ? (
        <LoadError title={t('events.error')} retryText={t('events.retry')} onRetry={() => void refetch()} />
      ) : (
        <div className="events-scroll">
          <NotificationList notifications={(data ?? []).slice(0, 30)} compact emptyText={t('events.empty')} />
        </div>
      )}
    </Panel>
  );
}
