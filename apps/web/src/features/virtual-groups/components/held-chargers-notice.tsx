import { useTranslation } from 'react-i18next';
import { heldChargers, missingChargers } from '../model/held-chargers';

/**
 * What a refused charger list says, in the interface language: which charger another configuration
 * holds (409), or which are not in the caller's networks (400). Null for other answers.
 */
export function HeldChargersNotice({ text }: { text: string | undefined }) {
  const { t } = useTranslation('virtualGroups');
  const held = heldChargers(text);
  const missing = missingChargers(text);
  if (held) {
    if (held.length === 0) return <p>{t('form.heldUnknown')}</p>;
    return (
      <div className="vg-held" data-testid="vg-held">
        <p>{t('form.heldTitle')}</p>
        <ul>
          {held.map((h) => (
            <li key={h.charger}>{t('form.heldItem', { charger: h.charger, group: h.group })}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (missing) return <p>{t('form.missingChargers', { list: missing.join(', ') })}</p>;
  return null;
}
