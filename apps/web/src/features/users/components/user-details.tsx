import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { statementTone, visibleInStatement, type WalletDeposit } from '@recarga/contracts/user-list';
import { LoadError } from '../../../components/load-error';
import { NotificationList } from '../../../components/notification-list';
import { formatDateTime } from '../../../lib/format/date-time';
import { useUserEvents } from '../api/get-user-events';
import { useWalletDeposits, useWalletTotalizer } from '../api/get-wallet-statement';

/** 'popular' (money in, partial refunds), 'stone' (refunded), red (money out): semantic colours, not the brand. */
const toneClass = { popular: 'statement__amount--in', stone: 'statement__amount--refunded', red: 'statement__amount--out' } as const;

function StatementLine({ entry }: { entry: WalletDeposit }) {
  const { t } = useTranslation('users');
  return (
    <li className="statement__line">
      <div className="statement__what">
        <span className="statement__kind">{t(`statement.kind.${entry.kind}`)}</span>
        <Typography.Text type="secondary" className="statement__when">
          <time dateTime={entry.created_timestamp}>{formatDateTime(entry.created_timestamp)}</time> ·{' '}
          {t(
            `statement.status.${entry.payment_transaction_amount_refunded > 0 && entry.payment_status !== 'refunded' ? 'partial_refund' : entry.payment_status}`,
          )}
        </Typography.Text>
      </div>
      <span className={`statement__amount ${toneClass[statementTone(entry)]}`}>{entry.payment_transaction_amounts_human_readable}</span>
    </li>
  );
}

/** A user's expanded row (001 §2): the wallet statement with its total, and the user's recent events. */
export function UserDetails({ userPk }: { userPk: number }) {
  const { t } = useTranslation('users');
  const deposits = useWalletDeposits(userPk);
  const total = useWalletTotalizer(userPk);
  const events = useUserEvents(userPk);
  const shown = (deposits.data?.deposits ?? []).filter(visibleInStatement);
  return (
    <Row gutter={[16, 16]} className="user-details" data-testid={`user-details-${userPk}`}>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('statement.title')} className="statement" variant="outlined">
          {deposits.isError || total.isError ? (
            <LoadError
              title={t('statement.error')}
              retryText={t('list.retry')}
              onRetry={() => {
                void deposits.refetch();
                void total.refetch();
              }}
            />
          ) : !deposits.data || !total.data ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <>
              <div className="statement__total" data-testid="statement-total">
                <span>{t('statement.total')}</span>
                <strong>{total.data.total_human_readable}</strong>
              </div>
              {shown.length === 0 ? (
                <Typography.Text type="secondary">{t('statement.empty')}</Typography.Text>
              ) : (
                <ul className="statement__lines">
                  {shown.map((entry) => (
                    <StatementLine key={entry.user_wallet_payment_pk} entry={entry} />
                  ))}
                </ul>
              )}
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('events.title')} variant="outlined">
          {events.isError ? (
            <LoadError title={t('events.error')} retryText={t('list.retry')} onRetry={() => void events.refetch()} />
          ) : !events.data ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <NotificationList notifications={events.data} compact emptyText={t('events.empty')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
