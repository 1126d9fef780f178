import { useState } from 'react';
import { Button, Card, Empty, Form, Pagination, Skeleton, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { MessageField } from '../../../components/message-field';
import { RecordCards, usePhoneCards, type RecordCardContent } from '../../../components/record-cards';
import { PUSH_PAGE_SIZE, type PushNotification, type PushStatus } from '@recarga/contracts/push';
import { SUPPORT_MESSAGE_MAX } from '@recarga/contracts/support';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { useFeedback } from '../../../lib/use-feedback';
import { usePushNotifications } from '../api/get-push-notifications';
import { useSendPushNotification } from '../api/send-push-notification';
import '../push.css';

const statusColour: Record<PushStatus, string> = { sending: 'processing', sent: 'success', partial: 'warning', failed: 'error' };

/** /push_notification (001 §2): one message to the network's app users; the notifications sent below, paged. */
export function PushPage() {
  const { t } = useTranslation('push');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ message: string }>();
  const send = useSendPushNotification();
  const [page, setPage] = useState(1);
  const list = usePushNotifications(page);
  // Phones get one card per notification: the table would show its time and sender, the message cut off.
  const phone = usePhoneCards();

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

  const notifications = list.data?.content ?? [];
  const total = list.data?.totalElements ?? 0;

  /** A notification on a phone: the message first, then when, by whom, to how many; its outcome as a tag, a failure's reason in words. */
  const cardOf = (row: PushNotification): RecordCardContent => ({
    testId: `push-card-${row.id}`,
    title: <span className="push-card__message">{row.message}</span>,
    tags: <Tag color={statusColour[row.status]}>{t(`list.statuses.${row.status}`)}</Tag>,
    tone: row.status === 'failed' ? 'error' : row.status === 'partial' ? 'warning' : undefined,
    facts: [
      { key: 'time', label: t('list.time'), value: <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time> },
      { key: 'sender', label: t('list.sender'), value: row.senderName },
      {
        key: 'recipients',
        label: t('list.recipients'),
        value: (
          <>
            {row.recipients}{' '}
            <span className="push-card__devices">({t('list.devices', { delivered: row.delivered, devices: row.devices })})</span>
          </>
        ),
        wide: true,
      },
      ...(row.error ? [{ key: 'error', label: t('list.error'), value: row.error, wide: true }] : []),
    ],
  });

  const cards = list.isLoading ? (
    <Skeleton active paragraph={{ rows: 5 }} title={false} />
  ) : notifications.length === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />
  ) : (
    <RecordCards<PushNotification>
      items={notifications}
      itemKey={(row) => row.id}
      label={t('list.title')}
      render={cardOf}
      busy={list.isFetching}
      footer={
        total > PUSH_PAGE_SIZE ? (
          <Pagination size="small" current={page} pageSize={PUSH_PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPage} />
        ) : null
      }
      data-testid="push-cards"
    />
  );

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
        ) : phone ? (
          cards
        ) : (
          <Table<PushNotification>
            data-testid="push-list"
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={notifications}
            loading={list.isFetching}
            scroll={{ x: 720 }}
            locale={{ emptyText: t('list.empty') }}
            pagination={{
              current: page,
              pageSize: PUSH_PAGE_SIZE,
              total,
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
