import { useEffect, useState } from 'react';
import { Button, Skeleton, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download-file';
import { useQrCode } from '../api/get-qr-code';

/** The station's QR code (deep link with pk and uuid) with a PNG download. */
export function StationQrCode({ pk, chargeBoxId }: { pk: number; chargeBoxId: string }) {
  const { t } = useTranslation('stations');
  const { data, isLoading, isError } = useQrCode(pk);
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
          <img src={url} alt={t('card.qrAlt', { id: chargeBoxId })} className="station-qr__image" data-testid="station-qr" />
        )}
      </div>
      <figcaption className="station-qr__caption">
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
