import { useState } from 'react';
import { Button, Card, Form, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { MessageField } from '../../../components/message-field';
import { PUSH_PAGE_SIZE, type PushNotification, type PushStatus } from '@recarga/contracts/push';
import { SUPPORT_MESSAGE_MAX } from '@recarga/contracts/support';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { useFeedback } from '../../../lib/use-feedback';
import { usePushNotifications } from '../api/get-push-notifications';
import { useSendPushNotification } from '../api/send-push-notification';

const statusColour: Record<PushStatus, string> = { sending: 'processing', sent: 'success', partial: 'warning', failed: 'error' };

/** /push_notification (001 §2): one message to the network's app users; the notifications sent below, paged. */
export function PushPage() {
  const { t } = useTranslation('push');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ message: string }>();
  const send = useSendPushNotification();
  const [page, setPage] = useState(1);
  const list = usePushNotifications(page);

  const submit = async (v: { message: string }) => {
    try {
      await send.mutateAsync({ message: v.message.trim() });
      message.success(t('messages.success'));
      form.resetFields();
      setPage(1);
    } catch (error) {
      const code = isApiError(error) ? error.body?.code : undefined;
      message.error(code === 'NO_RECIPIENTS' ? t('messages.noRecipients') : t('messages.failure'));
    }
  };

  const columns: ColumnsType<PushNotification> = [
    {
      key: 'createdAt',
      title: t('list.time'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => <time dateTime={v}>{formatDateTime(v)}</time>,
    },
    { key: 'sender', title: t('list.sender'), dataIndex: 'senderName', width: 160 },
    {
      key: 'message',
      title: t('list.message'),
      dataIndex: 'message',
      render: (v: string) => <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{v}</span>,
    },
    {
      key: 'recipients',
      title: t('list.recipients'),
      dataIndex: 'recipients',
      width: 120,
      align: 'right',
      render: (v: number, row) => (
        <Tooltip title={t('list.devices', { delivered: row.delivered, devices: row.devices })}>
          <span tabIndex={0}>{v}</span>
        </Tooltip>
      ),
    },
    {
      key: 'status',
      title: t('list.status'),
      dataIndex: 'status',
      width: 120,
      render: (v: PushStatus, row) => {
        const tag = <Tag color={statusColour[v]}>{t(`list.statuses.${v}`)}</Tag>;
        return row.error ? (
          <Tooltip title={row.error}>
            <span tabIndex={0}>{tag}</span>
          </Tooltip>
        ) : (
          tag
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card variant="borderless" className="section-card">
        <Form<{ message: string }>
          form={form}
          layout="vertical"
          name="push"
          initialValues={{ message: '' }}
          onFinish={submit}
          style={{ maxWidth: 640 }}
        >
          <MessageField
            label={t('form.message')}
            requiredText={t('validation.messageRequired')}
            tooLongText={t('validation.messageTooLong', { max: SUPPORT_MESSAGE_MAX })}
            placeholder={t('form.placeholder')}
            rows={4}
            testId="push-message"
          />
          <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="push-send">
            {t('form.send')}
          </Button>
        </Form>
      </Card>
      <Card variant="borderless" className="section-card" title={t('list.title')}>
        {list.isError ? (
          <LoadError title={t('list.loadError')} retryText={t('list.retry')} onRetry={() => void list.refetch()} />
        ) : (
          <Table<PushNotification>
            data-testid="push-list"
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.content ?? []}
            loading={list.isFetching}
            scroll={{ x: 720 }}
            locale={{ emptyText: t('list.empty') }}
            pagination={{
              current: page,
              pageSize: PUSH_PAGE_SIZE,
              total: list.data?.totalElements ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              hideOnSinglePage: true,
            }}
          />
        )}
      </Card>
    </>
  );
}
