import { useState } from 'react';
import { Button, Card, Space, Tooltip } from 'antd';
import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, QrcodeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/use-feedback';
import { useRotateQrToken } from '../api/rotate-qr-token';
import { maskToken } from '../model/qr-token';

/**
 * The token the connectors' QR codes carry: hidden until shown, copied with one click, and a new one
 * made after a confirmation that says the printed codes stop working. The new token shows at once.
 */
export function QrTokenCard({ tenantPk, qrToken }: { tenantPk: number | undefined; qrToken: string | null }) {
  const { t } = useTranslation('config');
  const { message, modal } = useFeedback();
  const rotate = useRotateQrToken();
  const [visible, setVisible] = useState(false);

  const copy = async () => {
    if (!qrToken) return;
    try {
      await navigator.clipboard.writeText(qrToken);
      message.success(t('qr.copied'));
    } catch {
      message.error(t('qr.copyFailed'));
    }
  };

  const confirmRotate = () =>
    modal.confirm({
      title: qrToken ? t('qr.rotateTitle') : t('qr.createTitle'),
      content: qrToken ? t('qr.rotateText') : t('qr.createText'),
      okText: qrToken ? t('qr.rotateConfirm') : t('qr.create'),
      okButtonProps: { danger: !!qrToken, 'data-testid': 'qr-rotate-confirm' },
      cancelText: t('cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await rotate.mutateAsync(tenantPk);
          setVisible(true);
          message.success(t('qr.rotated'));
        } catch {
          message.error(t('qr.rotateFailed'));
        }
      },
    });

  return (
    <Card
      variant="borderless"
      className="section-card config-card"
      title={
        <span className="config-card__title">
          <QrcodeOutlined aria-hidden="true" /> {t('qr.title')}
        </span>
      }
      data-testid="qr-card"
    >
      <p className="config-card__lead">{t('qr.lead')}</p>
      {qrToken ? (
        <div className="qr-token">
          <code className="qr-token__value" data-testid="qr-token">
            {visible ? qrToken : maskToken(qrToken)}
          </code>
          <Space.Compact>
            <Tooltip title={visible ? t('qr.hide') : t('qr.show')}>
              <Button
                icon={visible ? <EyeInvisibleOutlined aria-hidden="true" /> : <EyeOutlined aria-hidden="true" />}
                aria-label={visible ? t('qr.hide') : t('qr.show')}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                data-testid="qr-toggle"
              />
            </Tooltip>
            <Tooltip title={t('qr.copy')}>
              <Button icon={<CopyOutlined aria-hidden="true" />} aria-label={t('qr.copy')} onClick={() => void copy()} />
            </Tooltip>
          </Space.Compact>
        </div>
      ) : (
        <p className="config-card__muted" data-testid="qr-token-none">
          {t('qr.none')}
        </p>
      )}
      <Button
        className="config-card__action"
        danger={!!qrToken}
        icon={<ReloadOutlined aria-hidden="true" />}
        loading={rotate.isPending}
        onClick={confirmRotate}
        data-testid="qr-rotate"
      >
        {qrToken ? t('qr.rotate') : t('qr.create')}
      </Button>
    </Card>
  );
}
