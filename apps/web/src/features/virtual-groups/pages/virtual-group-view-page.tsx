import { Alert, Button, Card, Skeleton, Tabs, type TabsProps } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roles } from '@recarga/contracts/permissions';
import type { VirtualGroupDetail } from '@recarga/contracts/virtual-groups';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { oneOfParam, useUrlState } from '../../../lib/url-state';
import { useHasRole } from '../../../lib/use-permitted-routes';
import { useVirtualGroup } from '../api/get-virtual-group';
import { ChargersTab } from '../components/chargers-tab';
import { EventsTab } from '../components/events-tab';
import { OverviewTab } from '../components/overview-tab';
import { PricingTab } from '../components/pricing-tab';
import { TransactionsTab } from '../components/transactions-tab';
import { groupIdOf } from '../model/group-id';
import { MeterBadge } from '../smart-charging/components/meter-badge';
import { SmartChargingTab } from '../smart-charging/components/smart-charging-tab';
import '../virtual-groups.css';

/** The view's tabs, in order; 'smartCharging' and 'events' with DASH_SMART_CHARGING_CREATE. */
const tabKeys = ['overview', 'chargers', 'pricing', 'smartCharging', 'events', 'transactions'] as const;
type TabKey = (typeof tabKeys)[number];
/** The open tab in the address (`?tab=chargers`): links and reloads open it, back and forward move between tabs. */
const viewCodecs = { tab: oneOfParam(tabKeys) };

/** /virtual-groups/view/{id} (002 §2): a configuration's overview, chargers, pricing, events and recharges. */
export function VirtualGroupViewPage() {
  const { t } = useTranslation('virtualGroups');
  const navigate = useNavigate();
  const id = groupIdOf(useParams().id);
  const group = useVirtualGroup(id);
  const smart = useHasRole(roles.smartChargingCreate);
  if (id === null) return <Navigate to="/not-found" replace />;
  return (
    <>
      <PageHeader
        title={group.data?.name ?? t('menu')}
        subtitle={group.data?.description}
        extra={
          <>
            <Link to="/virtual-groups">
              <Button icon={<ArrowLeftOutlined aria-hidden="true" />}>{t('view.back')}</Button>
            </Link>
            {/* 002 §2: the meter's status, with DASH_SMART_CHARGING_CREATE and a group with a meter. */}
            {smart && group.data?.meter_device_remote_id ? <MeterBadge deviceRemoteId={group.data.meter_device_remote_id} /> : null}
            {group.data ? (
              <Button
                type="primary"
                icon={<EditOutlined aria-hidden="true" />}
                onClick={() => navigate(`/virtual-groups/edit/${id}`)}
                data-testid="vg-edit"
              >
                {t('view.edit')}
              </Button>
            ) : null}
          </>
        }
      />
      {group.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(group.error) && group.error.status === 404 ? t('form.notFound') : t('form.loadError')}
          action={<Button onClick={() => void group.refetch()}>{t('form.retry')}</Button>}
          data-testid="vg-not-found"
        />
      ) : group.data ? (
        <GroupTabs group={group.data} />
      ) : (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
    </>
  );
}

function GroupTabs({ group }: { group: VirtualGroupDetail }) {
  const { t } = useTranslation('virtualGroups');
  const smart = useHasRole(roles.smartChargingCreate);
  const canAdd = useHasRole(roles.virtualGroupEditChargeboxes);
  const [url, setUrl] = useUrlState(viewCodecs);
  const id = group.virtual_group_id;

  const tabs: (NonNullable<TabsProps['items']>[number] & { key: TabKey; shown: boolean })[] = [
    { key: 'overview', shown: true, label: t('view.tabs.overview'), children: <OverviewTab group={group} smart={smart} /> },
    { key: 'chargers', shown: true, label: t('view.tabs.chargers'), children: <ChargersTab groupId={id} canAdd={canAdd} /> },
    { key: 'pricing', shown: true, label: t('view.tabs.pricing'), children: <PricingTab group={group} /> },
    // 002 §6: the smart charging and events tabs with DASH_SMART_CHARGING_CREATE.
    { key: 'smartCharging', shown: smart, label: t('view.tabs.smartCharging'), children: <SmartChargingTab groupId={id} /> },
    { key: 'events', shown: smart, label: t('view.tabs.events'), children: <EventsTab groupId={id} /> },
    { key: 'transactions', shown: true, label: t('view.tabs.transactions'), children: <TransactionsTab groupId={id} /> },
  ];
  const items = tabs.filter((tab) => tab.shown).map(({ shown: _shown, ...tab }) => tab);
  const active = items.some((tab) => tab.key === url.tab) ? url.tab! : 'overview';

  return (
    <Tabs
      className="vg-view"
      activeKey={active}
      onChange={(key) => setUrl({ tab: key === 'overview' ? undefined : (key as TabKey) })}
      items={items}
      // A tab left is closed: its unsaved pricing is not kept hidden (the leave guard asks first).
      destroyOnHidden
      data-testid="vg-tabs"
    />
  );
}
