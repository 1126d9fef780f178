import { useMemo } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { DisconnectOutlined, HistoryOutlined, ThunderboltOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/use-session';
import { useChargeBoxNotifications } from '../../notifications/api/get-charge-box-notifications';
import { NotificationList } from '../../notifications/components/notification-list';

/** General view. For now: the latest station events; the home dashboard replaces it later. */
export function HomePage() {
  const { t } = useTranslation('home');
  const session = useSession();
  const { data, isLoading, isError, refetch, isFetching } = useChargeBoxNotifications();
  const notifications = useMemo(() => data ?? [], [data]);
  const count = (type: string) => notifications.filter((n) => n.type === type).length;
  const firstName = session?.user.name.split(' ')[0] ?? '';

  const stats = [
    { key: 'events', icon: <HistoryOutlined />, value: notifications.length },
    { key: 'failures', icon: <ThunderboltOutlined />, value: count('Failure') },
    { key: 'warnings', icon: <WarningOutlined />, value: count('Warning') },
    { key: 'disconnections', icon: <DisconnectOutlined />, value: count('Disconnected') },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('greeting', { name: firstName })} />
      <Row gutter={[16, 16]} className="home-stats">
        {stats.map((stat) => (
          <Col xs={12} lg={6} key={stat.key}>
            <Card className="stat-card" variant="borderless">
              <span className={`stat-card__icon stat-card__icon--${stat.key}`} aria-hidden="true">
                {stat.icon}
              </span>
              <Statistic title={t(`stats.${stat.key}`)} value={stat.value} loading={isLoading} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        className="section-card"
        variant="borderless"
        title={t('latest.title')}
        extra={
          <Button onClick={() => void refetch()} loading={isFetching && !isLoading}>
            {t('latest.refresh')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('latest.lead')}</Typography.Paragraph>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : isError ? (
          <Alert
            type="error"
            showIcon
            title={t('latest.error')}
            action={<Button onClick={() => void refetch()}>{t('latest.retry')}</Button>}
          />
        ) : (
          <NotificationList notifications={notifications} emptyText={t('latest.empty')} />
        )}
      </Card>
    </>
  );
}
