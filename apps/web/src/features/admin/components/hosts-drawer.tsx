import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Form, Input, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, GlobalOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminTenant, TenantHost } from '@recarga/contracts/tenant-settings';
import { isApiError } from '../../../lib/api-error';
import { usePortalVars } from '../../../lib/theme/use-portal-vars';
import { fieldErrorsOf, messageValues } from '../../../lib/tenant-settings-rules';
import { HOST_MAX, HOST_PATTERN, HTTPS_URL_PATTERN, URL_MAX } from '@recarga/contracts/tenant-settings-constants';
import { useFeedback } from '../../../lib/use-feedback';
import { useDeleteHost } from '../api/delete-host';
import { useSaveHost } from '../api/save-host';

interface HostFormValues {
  host: string;
  termsOfUseUrl: string;
  deepLinkHost: string;
}

const empty: HostFormValues = { host: '', termsOfUseUrl: '', deepLinkHost: '' };
const FALLBACK = '*';

/**
 * The host names that open a network's brand: each with its own terms-of-use link and app deep-link
 * host; add, change or remove one ('*', the address for every unknown host, stays).
 */
export function HostsDrawer({ tenant, onClose }: { tenant: AdminTenant | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('config');
  const { message, modal } = useFeedback();
  const vars = usePortalVars();
  const [form] = Form.useForm<HostFormValues>();
  const [editing, setEditing] = useState<string | null>(null);
  const save = useSaveHost();
  const remove = useDeleteHost();

  useEffect(() => {
    setEditing(null);
    form.resetFields();
  }, [tenant?.tenantPk, form]);

  const msg = (name: string | null) => tc(`errors.${name ?? 'invalid'}`, messageValues);

  const startEdit = (host: TenantHost) => {
    setEditing(host.host);
    form.setFieldsValue({ host: host.host, termsOfUseUrl: host.termsOfUseUrl ?? '', deepLinkHost: host.deepLinkHost ?? '' });
    form.setFields([
      { name: 'host', errors: [] },
      { name: 'termsOfUseUrl', errors: [] },
      { name: 'deepLinkHost', errors: [] },
    ]);
  };

  const cancelEdit = () => {
    setEditing(null);
    form.resetFields();
  };

  const submit = async (values: HostFormValues) => {
    if (!tenant) return;
    const body = {
      host: values.host.trim().toLowerCase(),
      termsOfUseUrl: values.termsOfUseUrl?.trim() || null,
      deepLinkHost: values.deepLinkHost?.trim().toLowerCase() || null,
    };
    try {
      await save.mutateAsync({ tenantPk: tenant.tenantPk, current: editing, body });
      message.success(editing ? t('hosts.updated', { host: body.host }) : t('hosts.added', { host: body.host }));
      cancelEdit();
    } catch (error) {
      const fields = isApiError(error) && error.status === 400 ? error.body?.fields : undefined;
      if (fields) {
        form.setFields(fieldErrorsOf(fields, (name) => msg(name)) as never);
        message.error(t('form.invalid'));
      } else message.error(t('hosts.failed'));
    }
  };

  const confirmRemove = (host: string) =>
    modal.confirm({
      title: t('hosts.removeTitle', { host }),
      content: t('hosts.removeText'),
      okText: t('hosts.remove'),
      okButtonProps: { danger: true, 'data-testid': 'host-remove-confirm' },
      cancelText: t('form.cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        if (!tenant) return;
        try {
          await remove.mutateAsync({ tenantPk: tenant.tenantPk, host });
          if (editing === host) cancelEdit();
          message.success(t('hosts.removed', { host }));
        } catch {
          message.error(t('hosts.removeFailed'));
        }
      },
    });

  return (
    <Drawer
      open={tenant !== null}
      onClose={onClose}
      size="min(560px, 100vw)"
      rootStyle={vars}
      closable={{ 'aria-label': t('form.close') }}
      title={tenant ? t('hosts.title', { name: tenant.name }) : ''}
      destroyOnHidden
      data-testid="hosts-drawer"
    >
      <p className="admin-section-lead">{t('hosts.lead')}</p>
      {tenant?.hosts.length ? (
        <ul className="host-list" aria-label={t('hosts.listLabel')}>
          {tenant.hosts.map((h) => (
            <li key={h.host} className={`host-list__item${editing === h.host ? ' host-list__item--editing' : ''}`} data-testid="host-row">
              <div className="host-list__main">
                <span className="host-list__name">
                  <GlobalOutlined aria-hidden="true" />
                  {h.host === FALLBACK ? (
                    <>
                      <code>*</code> <Tag>{t('hosts.fallback')}</Tag>
                    </>
                  ) : (
                    <code>{h.host}</code>
                  )}
                </span>
                <span className="host-list__meta">
                  {t('hosts.termsShort')}: {h.termsOfUseUrl ?? t('hosts.builtInTerms')}
                </span>
                <span className="host-list__meta">
                  {t('hosts.deepLinkShort')}: {h.deepLinkHost ?? t('hosts.themeDeepLink')}
                </span>
              </div>
              {h.host === FALLBACK ? (
                <Tooltip title={t('hosts.fallbackFixed')}>
                  <span className="host-list__fixed" tabIndex={0}>
                    {t('hosts.fixed')}
                  </span>
                </Tooltip>
              ) : (
                <div className="host-list__actions">
                  <Tooltip title={t('hosts.edit')}>
                    <Button
                      icon={<EditOutlined aria-hidden="true" />}
                      aria-label={t('hosts.editHost', { host: h.host })}
                      onClick={() => startEdit(h)}
                    />
                  </Tooltip>
                  <Tooltip title={t('hosts.remove')}>
                    <Button
                      danger
                      icon={<DeleteOutlined aria-hidden="true" />}
                      aria-label={t('hosts.removeHost', { host: h.host })}
                      onClick={() => confirmRemove(h.host)}
                      data-testid="host-remove"
                    />
                  </Tooltip>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hosts.none')} />
      )}

      <section className="host-form" aria-labelledby="host-form-title">
        <h3 className="admin-section-title" id="host-form-title">
          {editing ? t('hosts.editTitle', { host: editing }) : t('hosts.addTitle')}
        </h3>
        <Form<HostFormValues> form={form} layout="vertical" name="host" initialValues={empty} onFinish={(v) => void submit(v)}>
          <Form.Item
            name="host"
            label={t('hosts.host')}
            extra={t('hosts.hostHint')}
            normalize={(v: string) => v.toLowerCase()}
            rules={[
              { required: true, whitespace: true, message: msg('required') },
              { max: HOST_MAX, message: msg('tooLong') },
              { pattern: HOST_PATTERN, message: msg('hostInvalid') },
            ]}
          >
            <Input autoComplete="off" spellCheck={false} inputMode="url" placeholder="painel.suarede.com.br" data-testid="host-name" />
          </Form.Item>
          <Form.Item
            name="termsOfUseUrl"
            label={t('hosts.terms')}
            extra={t('hosts.termsHint')}
            rules={[
              { max: URL_MAX, message: msg('tooLong') },
              { pattern: HTTPS_URL_PATTERN, message: msg('urlInvalid') },
            ]}
          >
            <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" data-testid="host-terms" />
          </Form.Item>
          <Form.Item
            name="deepLinkHost"
            label={t('hosts.deepLink')}
            extra={t('hosts.deepLinkHint')}
            normalize={(v: string) => v.toLowerCase()}
            rules={[
              { max: HOST_MAX, message: msg('tooLong') },
              { pattern: HOST_PATTERN, message: msg('hostInvalid') },
            ]}
          >
            <Input autoComplete="off" spellCheck={false} inputMode="url" placeholder="app.suarede.com.br" data-testid="host-deep-link" />
          </Form.Item>
          <div className="host-form__buttons">
            {editing ? <Button onClick={cancelEdit}>{t('form.cancel')}</Button> : null}
            <Button
              type="primary"
              htmlType="submit"
              icon={editing ? undefined : <PlusOutlined aria-hidden="true" />}
              loading={save.isPending}
              data-testid="host-submit"
            >
              {editing ? t('hosts.saveHost') : t('hosts.add')}
            </Button>
          </div>
        </Form>
      </section>
    </Drawer>
  );
}
