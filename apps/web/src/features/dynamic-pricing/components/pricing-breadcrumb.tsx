import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Where a pricing screen sits: Dynamic pricing › the profile › the screen. */
export function PricingBreadcrumb({ profileId, profileName, current }: { profileId?: string; profileName?: string; current?: string }) {
  const { t } = useTranslation('dynamicPricing');
  const items = [
    { key: 'list', title: <Link to="/dynamic-pricing">{t('list.title')}</Link> },
    ...(profileId && profileName
      ? [{ key: 'profile', title: current ? <Link to={`/dynamic-pricing/${profileId}`}>{profileName}</Link> : profileName }]
      : []),
    ...(current ? [{ key: 'current', title: current }] : []),
  ];
  return <Breadcrumb className="pricing-breadcrumb" items={items} />;
}
