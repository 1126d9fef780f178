import { useRef, useState } from 'react';
import { Alert, Button, Space, Tag } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { messageValues, serverMessageName } from '../../../lib/tenant-settings-rules';
import { LOGO_MAX_BYTES, logoMediaTypes } from '@recarga/contracts/tenant-settings-constants';
import { useFeedback } from '../../../lib/use-feedback';
import { useRemoveLogo } from '../api/remove-logo';
import { useUploadLogo } from '../api/upload-logo';
import { logoFileError, readAsDataUrl } from '../model/logo-file';

interface Props {
  tenantPk: number | undefined;
  /** The uploaded logo's address; null = the theme's. */
  logoUrl: string | null;
  themeLogo: string;
  brandName: string;
}

/**
 * The network's logo: the current one (the theme's until one is uploaded), a chosen file previewed
 * before it is sent, and removal back to the theme's. Saved on its own, not with the form.
 */
export function LogoField({ tenantPk, logoUrl, themeLogo, brandName }: Props) {
  const { t } = useTranslation('config');
  const { message, modal } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ dataUrl: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const shown = pending?.dataUrl ?? logoUrl ?? themeLogo;

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = logoFileError(file);
    if (problem) {
      setError(t(`errors.${problem}`, messageValues));
      return;
    }
    setError(null);
    try {
      setPending({ dataUrl: await readAsDataUrl(file), name: file.name });
    } catch {
      setError(t('logo.readFailed'));
    }
  };

  const send = async () => {
    if (!pending) return;
    try {
      await upload.mutateAsync({ tenantPk, body: { dataUrl: pending.dataUrl } });
      setPending(null);
      message.success(t('logo.uploaded'));
    } catch (failure) {
      const name = isApiError(failure) ? serverMessageName(failure.body?.fields?.dataUrl ?? failure.body?.message) : null;
      setError(name ? t(`errors.${name}`, messageValues) : t('logo.uploadFailed'));
    }
  };

  const confirmRemove = () =>
    modal.confirm({
      title: t('logo.removeTitle'),
      content: t('logo.removeText'),
      okText: t('logo.remove'),
      okButtonProps: { danger: true, 'data-testid': 'logo-remove-confirm' },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(tenantPk);
          message.success(t('logo.removed'));
        } catch {
          message.error(t('logo.removeFailed'));
        }
      },
    });

  return (
    <div className="logo-field">
      <div className="logo-field__preview" data-testid="logo-preview">
        <img src={shown} alt={t('logo.alt', { brand: brandName })} data-testid="logo-image" />
      </div>
      <div className="logo-field__side">
        <div className="logo-field__status">
          {pending ? (
            <Tag color="warning">{t('logo.pending', { name: pending.name })}</Tag>
          ) : logoUrl ? (
            <Tag color="success">{t('logo.own')}</Tag>
          ) : (
            <Tag>{t('logo.theme')}</Tag>
          )}
        </div>
        <p className="logo-field__hint">{t('logo.hint', { kb: LOGO_MAX_BYTES / 1024 })}</p>
        <input
          ref={input}
          type="file"
          accept={logoMediaTypes.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid="logo-file"
        />
        {pending ? (
          <Space wrap>
            <Button
              type="primary"
              icon={<CloudUploadOutlined aria-hidden="true" />}
              loading={upload.isPending}
              onClick={() => void send()}
              data-testid="logo-send"
            >
              {t('logo.send')}
            </Button>
            <Button onClick={() => setPending(null)} disabled={upload.isPending}>
              {t('logo.discard')}
            </Button>
          </Space>
        ) : (
          <Space wrap>
            <Button icon={<PictureOutlined aria-hidden="true" />} onClick={() => input.current?.click()} data-testid="logo-choose">
              {logoUrl ? t('logo.replace') : t('logo.choose')}
            </Button>
            {logoUrl ? (
              <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={confirmRemove} data-testid="logo-remove">
                {t('logo.remove')}
              </Button>
            ) : null}
          </Space>
        )}
        {error ? <Alert className="logo-field__error" type="error" showIcon title={error} data-testid="logo-error" /> : null}
      </div>
    </div>
  );
}
