import { Transfer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { foldText } from '@recarga/contracts/text';
import type { OperationOptions } from '@recarga/contracts/operations';
import { useNumberFormat } from '../../../lib/format/use-number-format';

type StationOption = OperationOptions['chargePointSelectList'][number];

/**
 * The stations a command goes to (001 §4): the available side lists what the server found for the
 * search typed (`onSearch`, at most `shown` of `count`), the chosen side keeps every chosen station
 * and is filtered here.
 */
export function StationTransfer({
  rows,
  selected,
  count,
  shown,
  searching,
  onSearch,
  onChange,
}: {
  /** The server's answer for the search and the chosen stations it did not list. */
  rows: StationOption[];
  selected: string[];
  /** How many stations match the search on the server (undefined until it answers). */
  count: number | undefined;
  /** Most stations of the search the server answers. */
  shown: number;
  /** A search is typed (the empty list then says none was found, not that there are none). */
  searching: boolean;
  onSearch: (text: string) => void;
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation('operations');
  const format = useNumberFormat();
  const more = count !== undefined && count > shown;
  return (
    <Transfer
      className="operations-transfer"
      dataSource={rows.map((s) => ({ key: s.chargeBoxId, ...s }))}
      selectAllLabels={[
        ({ selectedCount, totalCount }) =>
          selectedCount
            ? t('stations.checked', { selected: selectedCount, total: totalCount })
            : t('stations.availableCount', { count: totalCount }),
        ({ selectedCount, totalCount }) =>
          selectedCount
            ? t('stations.checked', { selected: selectedCount, total: totalCount })
            : t('stations.selectedCount', { count: totalCount }),
      ]}
      targetKeys={selected}
      onChange={(keys) => onChange(keys.map(String))}
      showSearch={{ placeholder: t('stations.search') }}
      onSearch={(direction, value) => {
        if (direction === 'left') onSearch(value);
      }}
      // The available side is the server's answer to the search; only the chosen side is filtered here.
      filterOption={(input, item, direction) =>
        direction === 'left' || foldText(`${item.chargeBoxId} ${item.chargeBoxDescription ?? ''}`).includes(foldText(input.trim()))
      }
      footer={(_, info) =>
        info?.direction === 'left' && more ? (
          <Typography.Text type="secondary" className="operations-transfer__more" role="status">
            {t('stations.more', { shown: format.integer(shown), total: format.integer(count) })}
          </Typography.Text>
        ) : null
      }
      locale={{
        searchPlaceholder: t('stations.search'),
        notFoundContent: [searching || count ? t('stations.noneFound') : t('stations.none'), t('stations.noneSelected')],
      }}
      render={(item) => (
        <span className="operations-station">
          <span
            className={item.online ? 'charging-dot charging-dot--on' : 'charging-dot'}
            role="img"
            aria-label={item.online ? t('stations.online') : t('stations.offline')}
          />
          <span>{item.chargeBoxId}</span>
          {item.chargeBoxDescription ? (
            <Typography.Text type="secondary" className="operations-station__description" title={item.chargeBoxDescription}>
              — {item.chargeBoxDescription}
            </Typography.Text>
          ) : null}
        </span>
      )}
      classNames={{ section: 'operations-transfer__section', actions: 'operations-transfer__actions' }}
    />
  );
}
