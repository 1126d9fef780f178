import { RightOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PricingProfile } from '../api/get-pricing-profiles';

/** A pricing profile in the list (002 §2): its name, how many chargers it prices and its rules' version; opens the profile. */
export function ProfileCard({ profile, tenantName }: { profile: PricingProfile; tenantName?: string }) {
  const { t } = useTranslation('dynamicPricing');
  return (
    <li className="profile-card">
      <Link to={`/dynamic-pricing/${profile.uuid}`} className="profile-card__link" data-testid={`pricing-profile-${profile.uuid}`}>
        <span className="profile-card__head">
          <span className="profile-card__name">{profile.name}</span>
          <RightOutlined className="profile-card__chevron" aria-hidden="true" />
        </span>
        {tenantName ? <span className="profile-card__tenant">{tenantName}</span> : null}
        <span className="profile-card__facts">
          <span className="profile-card__chargers">
            <ThunderboltOutlined aria-hidden="true" /> {t('list.chargers', { count: profile.chargeBoxCount })}
          </span>
          <span className={profile.version ? 'profile-card__version' : 'profile-card__version profile-card__version--none'}>
            {profile.version ? t('list.version', { version: profile.version }) : t('list.noVersion')}
          </span>
        </span>
      </Link>
    </li>
  );
}
