import { useEffect, useMemo, useState, type UIEvent } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFinancialChargeBoxes } from '../api/get-financial-charge-boxes';

const ALL = '';
const SEARCH_DELAY_MS = 300;

interface Props {
  value?: string;
  onChange: (chargeBoxId?: string) => void;
  /** The chosen tenant: only its charge boxes (and its children's) are offered. */
  tenantApiKey?: string;
}

/** The charge-box selector (000 §2): searched on the server, more pages as the list scrolls, with an all option. */
export function ChargeBoxSelect({ value, onChange, tenantApiKey }: Props) {
  const { t } = useTranslation('financial');
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const boxes = useFinancialChargeBoxes({ search, tenantApiKey }, open || !!value);
  const loaded = useMemo(() => boxes.data?.pages.flatMap((p) => p.content) ?? [], [boxes.data]);

  const options = useMemo(() => {
    const list = loaded.map((b) => ({
      value: b.ocppChargeBoxId,
      title: b.chargeBoxCode,
      label: (
        <span className="fin-box-option">
          <span className="fin-box-option__code">{b.chargeBoxCode}</span>
          {b.description ? <span className="fin-box-option__name">{b.description}</span> : null}
        </span>
      ),
    }));
    // The chosen box stays nameable when the search or the page that holds it is not loaded.
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, title: value, label: <span>{value}</span> });
    return [{ value: ALL, title: t('filters.allChargeBoxes'), label: <span>{t('filters.allChargeBoxes')}</span> }, ...list];
  }, [loaded, value, t]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 48 && boxes.hasNextPage && !boxes.isFetchingNextPage)
      void boxes.fetchNextPage();
  };

  return (
    <div className="fin-field fin-field--box">
      <label className="fin-field__label" htmlFor="fin-box">
        {t('filters.chargeBox')}
      </label>
      <Select
        id="fin-box"
        value={value ?? ALL}
        onChange={(id: string) => {
          onChange(id || undefined);
          setTyped('');
        }}
        showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
        onOpenChange={setOpen}
        options={options}
        optionLabelProp="title"
        onPopupScroll={onScroll}
        loading={boxes.isFetching}
        notFoundContent={boxes.isFetching ? <Spin size="small" /> : t('filters.noChargeBoxes')}
        popupRender={(menu) => (
          <>
            {menu}
            {boxes.isFetchingNextPage ? (
              <div className="fin-box-more" aria-live="polite">
                <Spin size="small" /> {t('filters.loadingMore')}
              </div>
            ) : null}
          </>
        )}
        popupMatchSelectWidth={320}
        data-testid="fin-box"
      />
    </div>
  );
}
