import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChosenCharger } from '../model/group-draft';

/** The chargers chosen for a new configuration, each with a remove button. */
export function ChosenChargers({ chargers, onRemove }: { chargers: ChosenCharger[]; onRemove: (id: number) => void }) {
  const { t } = useTranslation('virtualGroups');
  if (chargers.length === 0) return <p className="vg-chosen__empty">{t('form.noChargers')}</p>;
  return (
    <ul className="vg-chosen" aria-label={t('form.chosenCount', { count: chargers.length })} data-testid="vg-chosen">
      {chargers.map((c) => (
        <li key={c.charge_box_id} className="vg-chosen__item">
          <span className="vg-chosen__text">
            <span className="vg-code">{c.charge_box_code}</span>
            {c.description ? <span className="vg-chosen__description">{c.description}</span> : null}
          </span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined aria-hidden="true" />}
            aria-label={t('form.removeCharger', { code: c.charge_box_code })}
            title={t('form.removeCharger', { code: c.charge_box_code })}
            onClick={() => onRemove(c.charge_box_id)}
          />
        </li>
      ))}
    </ul>
  );
}
