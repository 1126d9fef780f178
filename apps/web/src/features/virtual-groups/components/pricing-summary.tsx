import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupPricingAnswer } from '@recarga/contracts/virtual-groups';

/** A group's pricing in words: off, one profile for all connectors, or each connector's profile. */
export function PricingSummary({ pricing }: { pricing: GroupPricingAnswer }) {
  const { t } = useTranslation('virtualGroups');
  if (!pricing.enabled)
    return (
      <Tag variant="filled" data-testid="vg-pricing-state">
        {t('pricing.off')}
      </Tag>
    );
  const ids = [pricing.connector1_dynamic_pricing_id, pricing.connector2_dynamic_pricing_id, pricing.connector3_dynamic_pricing_id];
  const names = [pricing.connector1_dynamic_pricing_name, pricing.connector2_dynamic_pricing_name, pricing.connector3_dynamic_pricing_name];
  const same = ids[0] === ids[1] && ids[1] === ids[2];
  return (
    <div className="vg-pricing-summary">
      <Tag color="success" variant="filled" data-testid="vg-pricing-state">
        {t('pricing.on')}
      </Tag>
      {same ? (
        <span>{t('pricing.sameForAll', { name: names[0] ?? t('pricing.noProfile') })}</span>
      ) : (
        <ul>
          {names.map((name, i) => (
            <li key={i}>{t('pricing.perConnector', { id: i + 1, name: name ?? t('pricing.noProfile') })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
