import { useState } from 'react';
import { Button, Skeleton } from 'antd';
import { PercentageOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useTenants } from '../../../lib/api/get-tenants';
import { usePricingProfiles } from '../api/get-pricing-profiles';
import { CreateProfileDialog } from '../components/create-profile-dialog';
import { ProfileCard } from '../components/profile-card';
import '../dynamic-pricing.css';

const SKELETON_CARDS = 3;

/** /dynamic-pricing (002 §2): the pricing profiles as cards, and 'Create profile'. */
export function PricingProfilesPage() {
  const { t } = useTranslation('dynamicPricing');
  const profiles = usePricingProfiles();
  const tenants = useTenants();
  const [creating, setCreating] = useState(false);
  // A user of several networks sees whose each profile is.
  const tenantNames = (tenants.data?.length ?? 0) > 1 ? new Map(tenants.data!.map((x) => [x.tenant_pk, x.name])) : null;

  const createButton = (testId?: string) => (
    <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)} data-testid={testId}>
      {t('list.create')}
    </Button>
  );

  return (
    <div className="screen pricing">
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} extra={createButton('create-profile')} />
      {profiles.isLoading ? (
        <ul className="profile-cards" aria-busy="true" aria-label={t('list.loading')}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <li key={i} className="profile-card profile-card--skeleton">
              <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 1, width: '80%' }} />
            </li>
          ))}
        </ul>
      ) : profiles.isError ? (
        <LoadError title={t('list.loadError')} retryText={t('list.retry')} onRetry={() => void profiles.refetch()} />
      ) : profiles.data?.length ? (
        <ul className="profile-cards" aria-label={t('list.title')} data-testid="pricing-profiles">
          {profiles.data.map((profile) => (
            <ProfileCard key={profile.uuid} profile={profile} tenantName={tenantNames?.get(profile.tenantPk)} />
          ))}
        </ul>
      ) : (
        <div className="pricing-empty">
          <EmptyState
            icon={<PercentageOutlined />}
            title={t('messages.noProfiles')}
            text={t('list.emptyHint')}
            actions={createButton()}
            data-testid="pricing-profiles-empty"
          />
        </div>
      )}
      <CreateProfileDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
