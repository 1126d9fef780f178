import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperationOptions } from '@recarga/contracts/operations';

/** How many stations the list names before it sums the rest up. */
const SHOWN = 8;

/**
 * The local authorization list each selected station holds, as last sent from here (version and
 * tags) and as the station last reported it (GetLocalListVersion).
 */
export function LocalListVersions({ options, selected }: { options: OperationOptions | undefined; selected: string[] }) {
  const { t } = useTranslation('operations');
  if (selected.length === 0)
    return (
      <Typography.Paragraph type="secondary" className="operations-form__note">
        {t('localList.selectStations')}
      </Typography.Paragraph>
    );
  return (
    <section className="operations-form__note" aria-label={t('localList.title')}>
      <Typography.Text strong>{t('localList.title')}</Typography.Text>
      <ul className="local-list-versions">
        {selected.slice(0, SHOWN).map((chargeBoxId) => {
          const list = options?.localLists?.[chargeBoxId];
          return (
            <li key={chargeBoxId}>
              <span className="local-list-versions__station">{chargeBoxId}</span>
              <Typography.Text type="secondary">
                {list
                  ? [
                      ...(list.listVersion > 0
                        ? [t('localList.version', { version: list.listVersion }), t('localList.entries', { count: list.entries })]
                        : [t('localList.none')]),
                      list.reportedVersion === null
                        ? t('localList.notReported')
                        : list.reportedVersion === -1
                          ? t('localList.notSupported')
                          : t('localList.reported', { version: list.reportedVersion }),
                    ].join(' · ')
                  : t('localList.none')}
              </Typography.Text>
            </li>
          );
        })}
      </ul>
      {selected.length > SHOWN ? (
        <Typography.Text type="secondary">{t('localList.more', { count: selected.length - SHOWN })}</Typography.Text>
      ) : null}
    </section>
  );
}
