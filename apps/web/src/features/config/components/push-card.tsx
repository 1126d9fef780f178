import { useRef, useState } from 'react';
import { Alert, Button, Card, Space, Tag } from 'antd';
import { BellOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TenantSettings } from '@recarga/contracts/tenant-settings';
import { isApiError } from '../../../lib/api-error';
import { messageValues, serverMessageName } from '../../../lib/tenant-settings-rules';
import { useFeedback } from '../../../lib/use-feedback';
import { useRemovePushCredentials } from '../api/remove-push-credentials';
import { useUploadPushCredentials } from '../api/upload-push-credentials';
import { readServiceAccount } from '../model/service-account';

/**
 * The network's push credentials (Firebase service account): configured or not, with the project and
 * client e-mail that identify it (never the key). The file is read here and sent as text.
 */
export function PushCard({ tenantPk, push }: { tenantPk: number | undefined; push: TenantSettings['push'] }) {
  const { t } = useTranslation('config');
  const { message, modal } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPushCredentials();
  const remove = useRemovePushCredentials();

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      setError(t('push.readFailed'));
      return;
    }
    if (!readServiceAccount(text)) {
      setError(t('errors.pushCredentialsInvalid'));
      return;
    }
    setError(null);
    try {
      await upload.mutateAsync({ tenantPk, body: { serviceAccountJson: text } });
      message.success(t('push.uploaded'));
    } catch (failure) {
      const name = isApiError(failure) ? serverMessageName(failure.body?.fields?.serviceAccountJson ?? failure.body?.message) : null;
      setError(name ? t(`errors.${name}`, messageValues) : t('push.uploadFailed'));
    }
  };

  const confirmRemove = () =>
    modal.confirm({
      title: t('push.removeTitle'),
      content: t('push.removeText'),
      okText: t('push.remove'),
      okButtonProps: { danger: true, 'data-testid': 'push-remove-confirm' },
      cancelText: t('cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync(tenantPk);
          message.success(t('push.removed'));
        } catch {
          message.error(t('push.removeFailed'));
        }
      },
    });

  return (
    <Card
      variant="borderless"
      className="section-card config-card"
      title={
        <span className="config-card__title">
          <BellOutlined aria-hidden="true" /> {t('push.title')}
        </span>
      }
      data-testid="push-card"
    >
      <div className="push-status">
        {push.configured ? (
          <Tag color="success" data-testid="push-status">
            {t('push.configured')}
          </Tag>
        ) : (
          <Tag data-testid="push-status">{t('push.notConfigured')}</Tag>
        )}
      </div>
      <p className="config-card__lead">{push.configured ? t('push.leadConfigured') : t('push.lead')}</p>
      {push.configured ? (
        <dl className="config-facts">
          <div>
            <dt>{t('push.projectId')}</dt>
            <dd>{push.projectId ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('push.clientEmail')}</dt>
            <dd>{push.clientEmail ?? '—'}</dd>
          </div>
        </dl>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void choose(event.target.files?.[0])}
        data-testid="push-file"
      />
      <Space wrap className="config-card__action">
        <Button
          icon={<UploadOutlined aria-hidden="true" />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          data-testid="push-choose"
        >
          {push.configured ? t('push.replace') : t('push.upload')}
        </Button>
        {push.configured ? (
          <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={confirmRemove} data-testid="push-remove">
            {t('push.remove')}
          </Button>
        ) : null}
      </Space>
      {error ? <Alert className="config-card__error" type="error" showIcon title={error} data-testid="push-error" /> : null}
    </Card>
  );
}
