import { useState, type FormEvent } from 'react';
import { Button, Input, Select } from 'antd';
import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FinancialFilters as Filters, FinancialOrder } from '../model/list-settings';
import { periodProblem, type PeriodProblem } from '../model/period';
import { ChargeBoxSelect } from './charge-box-select';
import { PeriodField } from './period-field';
import { TenantSelect } from './tenant-select';

const problemMessage: Record<PeriodProblem, string> = { order: 'rangeOrder', future: 'rangeFuture', tooLong: 'rangeTooLong' };

interface Props {
  /** The filters the list shows. */
  applied: Filters;
  /** Why the applied period (from the address) is not queried. */
  appliedProblem: PeriodProblem | null;
  onApply: (filters: Filters) => void;
}

/**
 * The filters of the three tabs (000 §2): period (month or custom), order, tenant, charge box and
 * the search by id or e-mail. They are edited as a draft and applied with the Filter button (or
 * Enter in the search box); a broken period is named under the picker and cannot be applied.
 */
export function FinancialFilters({ applied, appliedProblem, onApply }: Props) {
  const { t } = useTranslation('financial');
  // The page keys this bar by the applied filters: back, forward and a new address start a new draft.
  const [draft, setDraft] = useState<Filters>(applied);
  const draftProblem = periodProblem(draft.period);
  const problem = draftProblem ?? (draft === applied ? appliedProblem : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draftProblem) onApply(draft);
  };

  return (
    <form className="fin-filters" role="search" aria-label={t('filters.label')} onSubmit={submit} data-testid="fin-filters">
      <PeriodField
        value={draft.period}
        onChange={(period) => setDraft({ ...draft, period })}
        error={problem ? t(`messages.${problemMessage[problem]}`) : undefined}
      />
      <div className="fin-field fin-field--order">
        <label className="fin-field__label" htmlFor="fin-order">
          {t('filters.order')}
        </label>
        <Select
          id="fin-order"
          value={draft.order}
          onChange={(order: FinancialOrder) => setDraft({ ...draft, order })}
          options={[
            { value: 'chronological', label: t('filters.orderChronological') },
            { value: 'financialMovement', label: t('filters.orderFinancialMovement') },
          ]}
          popupMatchSelectWidth={false}
          data-testid="fin-order"
        />
      </div>
      <TenantSelect
        value={draft.tenantApiKey}
        // Another tenant's charge box would find nothing: the box is chosen again.
        onChange={(tenantApiKey) => setDraft({ ...draft, tenantApiKey, chargeBoxId: undefined })}
      />
      <ChargeBoxSelect
        value={draft.chargeBoxId}
        tenantApiKey={draft.tenantApiKey}
        onChange={(chargeBoxId) => setDraft({ ...draft, chargeBoxId })}
      />
      <div className="fin-field fin-field--search">
        <label className="fin-field__label" htmlFor="fin-search">
          {t('filters.searchLabel')}
        </label>
        <Input
          id="fin-search"
          allowClear
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={t('filters.search')}
          maxLength={254}
          data-testid="fin-search"
        />
      </div>
      <div className="fin-field fin-field--submit">
        <Button
          type="primary"
          htmlType="submit"
          icon={<FilterOutlined aria-hidden="true" />}
          disabled={!!draftProblem}
          data-testid="fin-filter"
        >
          {t('filters.filter')}
        </Button>
      </div>
    </form>
  );
}
