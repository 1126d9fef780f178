import { useState } from 'react';
import { Button, Card, Empty, Form, Pagination, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { MessageField } from '../../../components/message-field';
import { SUPPORT_MESSAGE_MAX, SUPPORT_PAGE_SIZE, type SupportStatus, type SupportSubject } from '@recarga/contracts/support';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { useFeedback } from '../../../lib/use-feedback';
import { useSendSupportMail } from '../api/send-support-mail';
import { useSupportMessages } from '../api/get-support-messages';
import { SubjectSelect } from '../components/subject-select';
import '../support.css';

interface SupportValues {
  subject: SupportSubject;
  message: string;
}

const statusColour: Record<SupportStatus, string> = { sending: 'processing', sent: 'success', failed: 'error' };

/** /support (001 §2 Support): subject and message to the network's support; the user's own messages below. */
export function SupportPage() {
  const { t } = useTranslation('support');
  const { message } = useFeedback();
  const [form] = Form.useForm<SupportValues>();
  const send = useSendSupportMail();
  const [page, setPage] = useState(1);
  const history = useSupportMessages(page);

  const submit = async (v: SupportValues) => {
    try {
      await send.mutateAsync({ subject: v.subject, message: v.message.trim() });
      message.success(t('messages.success'));
      form.resetFields();
      setPage(1);
    } catch (error) {
      message.error(isApiError(error) && error.status === 429 ? t('messages.throttled') : t('messages.failure'));
    }
  };

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card variant="borderless" className="section-card">
        <Form<SupportValues>
          form={form}
          layout="vertical"
          name="support"
          initialValues={{ subject: 'general', message: '' }}
          onFinish={submit}
          className="support-form"
        >
          <Form.Item name="subject" label={t('form.subject')}>
            <SubjectSelect />
          </Form.Item>
          <MessageField
            label={t('form.message')}
            requiredText={t('validation.messageRequired')}
            tooLongText={t('validation.messageTooLong', { max: SUPPORT_MESSAGE_MAX })}
            placeholder={t('form.placeholder')}
            rows={5}
            testId="support-message"
          />
          <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="support-send">
            {t('form.send')}
          </Button>
        </Form>
      </Card>
      <Card variant="borderless" className="section-card" title={t('history.title')}>
        {history.isError ? (
          <LoadError title={t('history.loadError')} retryText={t('history.retry')} onRetry={() => void history.refetch()} />
        ) : history.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : !history.data?.content.length ? (
          <Empty description={t('history.empty')} />
        ) : (
          <>
            <ol className="support-history" data-testid="support-history" aria-label={t('history.title')}>
              {history.data.content.map((item) => (
                <li key={item.id} className="support-history__item" data-testid="support-history-item">
                  <div className="support-history__body">
                    <span className="text text--secondary support-history__meta">
                      {t(`subjects.${item.subject}`)} · <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                    </span>
                    <p className="support-history__text">{item.message}</p>
                  </div>
                  <Tag color={statusColour[item.status]}>{t(`history.status.${item.status}`)}</Tag>
                </li>
              ))}
            </ol>
            {history.data.totalElements > SUPPORT_PAGE_SIZE ? (
              <Pagination
                className="support-history__pager"
                size="small"
                current={page}
                pageSize={SUPPORT_PAGE_SIZE}
                total={history.data.totalElements}
                onChange={setPage}
                showSizeChanger={false}
              />
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}
