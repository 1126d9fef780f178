import { useMemo, useState } from 'react';
import { Button, Card } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChargerRow } from '@recarga/contracts/virtual-groups';
import { PageHeader } from '../../../components/page-header';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { ChargerChoiceTable, type ChargerLock } from '../components/charger-choice-table';
import { CREATE_PATH, isDraftTouched, readPickerState, type ChosenCharger, type PickerState } from '../model/group-draft';
import '../virtual-groups.css';

/**
 * /virtual-groups/chargeboxes/select (002 §2): the create form's charger picker. It receives the
 * form's draft and the origin in navigation state and returns there with the chosen chargers;
 * without them it goes to the create page.
 */
export function ChargerPickerPage() {
  const location = useLocation();
  const state = useMemo(() => readPickerState(location.state), [location.state]);
  if (!state) return <Navigate to={CREATE_PATH} replace />;
  return <ChargerPicker key={location.key} state={state} />;
}

function ChargerPicker({ state }: { state: PickerState }) {
  const { t } = useTranslation('virtualGroups');
  const navigate = useNavigate();
  const { draft, origin } = state;
  const [chosen, setChosen] = useState(() => new Map(draft.charge_boxs.map((c) => [c.charge_box_id, c])));
  const [changed, setChanged] = useState(false);
  // Leaving any other way than these buttons loses the form's draft too.
  const leave = useLeaveGuard(changed || isDraftTouched(draft));

  const back = (chargers: ChosenCharger[]) => {
    leave.release();
    navigate(origin, { state: { draft: { ...draft, charge_boxs: chargers } } });
  };

  const lockOf = (row: ChargerRow): ChargerLock | null =>
    row.virtual_group_id !== null ? { reason: t('picker.inGroup', { name: row.virtual_group_name ?? '' }), ticked: false } : null;

  return (
    <>
      <PageHeader
        title={t('picker.title')}
        subtitle={draft.name.trim() ? t('picker.subtitleNamed', { name: draft.name.trim() }) : t('picker.subtitle')}
      />
      <Card variant="borderless" className="section-card">
        <ChargerChoiceTable
          tenantId={draft.tenant_id}
          chosen={chosen}
          onChange={(next) => {
            setChosen(next);
            setChanged(true);
          }}
          lockOf={lockOf}
        />
        <div className="form-footer vg-picker-footer">
          <span className="form-footer__hint" aria-live="polite" data-testid="vg-selected-count">
            {t('picker.selected', { count: chosen.size })}
          </span>
          <div className="form-footer__buttons">
            <Button onClick={() => back(draft.charge_boxs)}>{t('picker.cancel')}</Button>
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden="true" />}
              onClick={() => back([...chosen.values()])}
              data-testid="vg-picker-done"
            >
              {t('picker.confirm')}
            </Button>
          </div>
        </div>
      </Card>
    </>
  );
}
