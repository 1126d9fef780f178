import type { ReactNode } from 'react';
import { Button, Card, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VirtualGroupDetail } from '@recarga/contracts/virtual-groups';
import { formatDateTime } from '../../../lib/format/date-time';
import { useGroupEvents } from '../api/get-group-events';
import { useGroupTransactions } from '../api/get-group-transactions';
import { OVERVIEW_ITEMS } from '../model/limits';
import { EventFeed } from './event-feed';
import { SmartSummary } from '../smart-charging/components/smart-summary';
import { PricingSummary } from './pricing-summary';
import { TransactionFeed } from './transaction-feed';

interface Props {
  group: VirtualGroupDetail;
  /** DASH_SMART_CHARGING_CREATE: smart charging state and the events card (002 §6). */
  smart: boolean;
}

/** The group's overview (002 §2): description, chargers, pricing; the latest 4 events and recharges, each with a see-all link. */
export function OverviewTab({ group, smart }: Props) {
  const { t } = useTranslation('virtualGroups');
  return (
    <div className="vg-overview">
      <Card variant="borderless" className="section-card">
        <dl className="vg-facts">
          <div>
            <dt>{t('view.description')}</dt>
            <dd>{group.description}</dd>
          </div>
          <div>
            <dt>{t('view.chargerCount')}</dt>
            <dd className="vg-facts__count" data-testid="vg-charger-count">
              {group.charge_box_count}
            </dd>
          </div>
          <div>
            <dt>{t('view.pricing')}</dt>
            <dd>
              <PricingSummary pricing={group.dynamic_pricing} />
            </dd>
          </div>
          {smart ? (
            <div>
              <dt>{t('view.smartCharging')}</dt>
              <dd>
                <SmartSummary groupId={group.virtual_group_id} enabled={group.smart_charging.enabled} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('view.createdAt')}</dt>
            <dd>{formatDateTime(group.created_at)}</dd>
          </div>
        </dl>
      </Card>
      <div className="vg-feeds">
        {smart ? <LatestEvents groupId={group.virtual_group_id} /> : null}
        <LatestTransactions groupId={group.virtual_group_id} />
      </div>
    </div>
  );
}

function FeedCard({
  title,
  link,
  linkLabel,
  state,
  children,
  testId,
}: {
  title: string;
  link: string;
  linkLabel: string;
  state: { loading: boolean; failed: boolean; empty: boolean; emptyText: string; errorText: string; retry: () => void };
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('virtualGroups');
  return (
    <Card
      variant="borderless"
      className="section-card vg-feed-card"
      title={<h3 className="vg-feed-card__title">{title}</h3>}
      extra={
        <Link to={link} aria-label={linkLabel}>
          {t('view.seeAll')}
        </Link>
      }
      data-testid={testId}
    >
      {state.loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : state.failed ? (
        <div className="vg-feed-error">
          <span className="text text--danger">{state.errorText}</span>
          <Button size="small" onClick={state.retry}>
            {t('events.retry')}
          </Button>
        </div>
      ) : state.empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={state.emptyText} />
      ) : (
        children
      )}
    </Card>
  );
}

function LatestEvents({ groupId }: { groupId: number }) {
  const { t } = useTranslation('virtualGroups');
  const events = useGroupEvents(groupId, 0, OVERVIEW_ITEMS);
  return (
    <FeedCard
      title={t('view.latestEvents')}
      link="?tab=events"
      linkLabel={t('view.seeAllEvents')}
      state={{
        loading: events.isLoading,
        failed: events.isError,
        empty: events.data?.content.length === 0,
        emptyText: t('events.empty'),
        errorText: t('events.loadError'),
        retry: () => void events.refetch(),
      }}
      testId="vg-latest-events"
    >
      <EventFeed events={events.data?.content ?? []} />
    </FeedCard>
  );
}

function LatestTransactions({ groupId }: { groupId: number }) {
  const { t } = useTranslation('virtualGroups');
  const transactions = useGroupTransactions(groupId, 0, OVERVIEW_ITEMS);
  return (
    <FeedCard
      title={t('view.latestTransactions')}
      link="?tab=transactions"
      linkLabel={t('view.seeAllTransactions')}
      state={{
        loading: transactions.isLoading,
        failed: transactions.isError,
        empty: transactions.data?.content.length === 0,
        emptyText: t('transactions.empty'),
        errorText: t('transactions.loadError'),
        retry: () => void transactions.refetch(),
      }}
      testId="vg-latest-transactions"
    >
      <TransactionFeed transactions={transactions.data?.content ?? []} />
    </FeedCard>
  );
}
