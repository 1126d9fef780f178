import { useEffect, useState } from 'react';
import { Button, Select, Skeleton, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download-file';
import { useQrCode } from '../api/get-qr-code';

/**
 * The station's QR code (deep link with pk and uuid) with a PNG download; a picker switches to a
 * connector's QR code, which opens the public QR start/stop page of that connector.
 */
export function StationQrCode({ pk, chargeBoxId, connectorIds = [] }: { pk: number; chargeBoxId: string; connectorIds?: number[] }) {
  const { t } = useTranslation('stations');
  const { t: tq } = useTranslation('qrcode');
  const [connectorId, setConnectorId] = useState<number>(0);
  const { data, isLoading, isError } = useQrCode(pk, connectorId || undefined);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!data) return undefined;
    const objectUrl = URL.createObjectURL(data.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data]);

  return (
    <figure className="station-qr">
      <div className="station-qr__frame">
        {isLoading ? (
          <Skeleton.Image active className="station-qr__skeleton" />
        ) : isError || !url ? (
          <Typography.Text type="secondary">{t('card.qrError')}</Typography.Text>
        ) : (
          <img
            src={url}
            alt={connectorId ? tq('stationQr.alt', { id: chargeBoxId, connector: connectorId }) : t('card.qrAlt', { id: chargeBoxId })}
            className="station-qr__image"
            data-testid="station-qr"
          />
        )}
      </div>
      <figcaption className="station-qr__caption">
        {connectorIds.length ? (
          <Select
            size="small"
            value={connectorId}
            onChange={setConnectorId}
            aria-label={tq('stationQr.label')}
            popupMatchSelectWidth={false}
            options={[
              { value: 0, label: tq('stationQr.app') },
              ...connectorIds.map((id) => ({ value: id, label: tq('stationQr.connector', { id }) })),
            ]}
            className="station-qr__target"
            data-testid="qr-target"
          />
        ) : null}
        <Button
          size="small"
          icon={<DownloadOutlined aria-hidden="true" />}
          disabled={!data}
          onClick={() => data && saveBlob(data.blob, data.fileName ?? `${chargeBoxId}.png`)}
          data-testid="qr-download"
        >
          {t('card.qrDownload')}
        </Button>
      </figcaption>
    </figure>
  );
}
