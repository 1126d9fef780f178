import { useEffect, useMemo, useState, type FocusEvent, type ReactElement, type ReactNode } from 'react';
import { Select, theme, type SelectProps } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useStationLabels } from '../lib/api/get-station-labels';
import { useStationSearch } from '../lib/api/search-stations';
import { labelFrom, labelsOf, matchesText, rememberLabels, selectedPks, unlabelled, type StationLabels } from '../lib/api/station-labels';
import { useNumberFormat } from '../lib/format/use-number-format';

const SEARCH_DELAY_MS = 300;
const NO_LABELS: StationLabels = new Map();

/** What the screens may still set on the select (placeholder, aria-label, width, the ids and aria that Form.Item adds, …). */
type PassedProps = Omit<
  SelectProps,
  | 'mode'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'options'
  | 'showSearch'
  | 'filterOption'
  | 'onSearch'
  | 'searchValue'
  | 'loading'
  | 'notFoundContent'
  | 'labelRender'
  | 'popupRender'
  | 'dropdownRender'
  | 'labelInValue'
>;

interface SingleProps {
  mode?: undefined;
  value?: number | null;
  onChange?: (chargeBoxPk: number | undefined) => void;
}

interface MultipleProps {
  mode: 'multiple';
  value?: number[] | null;
  onChange?: (chargeBoxPks: number[]) => void;
}

type Props = PassedProps &
  (SingleProps | MultipleProps) & {
    /** Labels the screen already has (e.g. a voucher's own stations), by chargeBoxPk. */
    knownLabels?: StationLabels;
    /** Shown in the list when the stations cannot be searched (default: the common text). */
    errorText?: string;
    /** Offer only this network's stations (default: every station of the caller's scope). */
    tenantPk?: number;
  };

/**
 * A station picker (single or multiple, by chargeBoxPk) that searches the server as the user
 * types: `GET chargepoints/?page=1&size=20&searchInput`, the first page when nothing is typed.
 * Chosen stations keep their labels when a search no longer answers them; a chosen station no
 * answer named (a value restored from the address, a voucher's stations) is named by its detail
 * call unless the screen passes its label in `knownLabels`.
 */
export function StationSelect(props: Props) {
  const { mode, value, onChange, knownLabels = NO_LABELS, errorText, tenantPk, disabled, onOpenChange, onBlur, ...rest } = props;
  const { t } = useTranslation('common');
  const numbers = useNumberFormat();
  const { token } = theme.useToken();
  const multiple = mode === 'multiple';

  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // Asked when the list opens (typing opens it): a screen that never opens the picker asks nothing.
  const search = useStationSearch({ text: debounced, tenantPk }, open && !disabled);

  const typed = text.trim();
  // The answer on screen is for another text (still typing, or the new answer travelling).
  const stale = typed !== debounced || search.isPlaceholderData;
  const searching = stale || search.isFetching;
  const answered = search.data?.stations;
  const found = useMemo(() => {
    const stations = answered ?? [];
    return stale ? stations.filter((s) => matchesText(s, typed)) : stations;
  }, [answered, stale, typed]);
  const foundLabels = useMemo(() => labelsOf(answered ?? []), [answered]);

  // Labels of chosen stations met in an answer, kept for when the next answer no longer holds them.
  const selectedKey = selectedPks(value).join(',');
  const selected = useMemo(() => (selectedKey ? selectedKey.split(',').map(Number) : []), [selectedKey]);
  const [remembered, setRemembered] = useState<StationLabels>(NO_LABELS);
  useEffect(() => {
    setRemembered((known) => rememberLabels(known, selected, answered ?? []));
  }, [selected, answered]);

  const sources = [knownLabels, remembered, foundLabels];
  const lookup = useStationLabels(unlabelled(selected, sources));
  /** The label of a chosen station: known, or asked for (meanwhile a loading text; a station out of reach by its number). */
  const labelOf = (pk: number, fromSelect?: ReactNode) =>
    labelFrom(pk, [...sources, lookup.labels]) ?? fromSelect ?? (lookup.pending.has(pk) ? t('stationSelect.labelLoading') : `#${pk}`);

  const options = found.map((s) => ({ value: s.chargeBoxPk, label: s.label, title: s.label }));
  const failed = search.isError && !answered;
  const count = search.data?.count ?? 0;
  const more = !stale && !failed && count > found.length;

  const status = (content: ReactNode, role?: 'alert') => (
    <span role={role} aria-live={role ? undefined : 'polite'}>
      {/* Typography's look without its code: the map on the home screen loads this picker (app/base.css). */}
      <span className={role ? 'text text--danger' : 'text text--secondary'}>{content}</span>
    </span>
  );
  const notFoundContent = failed
    ? status(errorText ?? t('stationSelect.loadError'), 'alert')
    : searching || search.isPending
      ? status(
          <>
            <LoadingOutlined aria-hidden="true" /> {t('stationSelect.searching')}
          </>,
        )
      : status(typed ? t('stationSelect.noMatch') : t('stationSelect.none'));

  const shared = {
    ...rest,
    disabled,
    showSearch: { filterOption: false, onSearch: setText, searchValue: text },
    options,
    loading: searching && open,
    notFoundContent,
    labelRender: ({ value: pk, label }: { value: unknown; label?: ReactNode }) => labelOf(Number(pk), label),
    popupRender: (menu: ReactElement) => (
      <>
        {menu}
        {more ? (
          <div style={{ padding: `${token.paddingXS}px ${token.paddingSM}px 0` }}>
            <span className="text text--secondary">
              {t('stationSelect.more', { shown: numbers.integer(found.length), count: numbers.integer(count) })}
            </span>
          </div>
        ) : null}
      </>
    ),
    onOpenChange: (next: boolean) => {
      setOpen(next);
      onOpenChange?.(next);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      // A multiple picker keeps the typed text between choices; leaving the field clears it.
      setText('');
      onBlur?.(event);
    },
  };

  if (multiple) {
    const change = onChange as MultipleProps['onChange'];
    return <Select<number[]> {...shared} mode="multiple" value={selected} onChange={(next) => change?.(next ?? [])} />;
  }
  const change = onChange as SingleProps['onChange'];
  return (
    <Select<number>
      {...shared}
      value={selected[0]}
      onChange={(next?: number) => {
        change?.(next ?? undefined);
        setText('');
      }}
    />
  );
}
