import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Result, Row, Select, Skeleton, Statistic, Tag, Timeline } from 'antd';
import { ArrowLeftOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Voucher, VoucherHistoryItem } from '@recarga/contracts/vouchers';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { useStationLabels } from '../../../lib/api/get-station-labels';
import { useVoucher } from '../api/get-voucher';
import { useVoucherHistory } from '../api/get-voucher-history';
import { useVoucherFormat } from '../components/use-voucher-format';
import { VoucherKindTag, VoucherStatusTag } from '../components/voucher-status-tag';
import { LIST_PATH, editPath, editUsersPath } from '../model/paths';
import { clearVoucherDraft, saveVoucherDraft } from '../model/voucher-draft';
import { formValuesOf } from '../model/voucher-form';
import { usersOfVoucher, voucherIdOf } from '../model/voucher-users';
import '../vouchers.css';

const userStatusColours = { NOT_USED: 'default', SUSPEND: 'warning', USED: 'purple' } as const;

/**
 * /voucher/{id} (002 §2): the voucher's data, its indicators, its users (with an edit button) and
 * the activity history (a timeline, by user).
 */
export function VoucherPage() {
  const { t } = useTranslation('vouchers');
  const navigate = useNavigate();
  const id = voucherIdOf(useParams().id);
  const voucher = useVoucher(id);

  const toEdit = () => {
    clearVoucherDraft();
    if (id !== null) navigate(editPath(id));
  };

  return (
    <>
      <PageHeader
        title={voucher.data ? voucher.data.code.toUpperCase() : t('titles.detail')}
        subtitle={voucher.data?.title}
        extra={
          <div className="page-actions">
            <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={() => navigate(LIST_PATH)}>
              {t('detail.back')}
            </Button>
            {voucher.data ? (
              <Button type="primary" icon={<EditOutlined aria-hidden="true" />} onClick={toEdit} data-testid="voucher-edit">
                {t('detail.edit')}
              </Button>
            ) : null}
          </div>
        }
      />
      {voucher.data ? (
        <VoucherView voucher={voucher.data} />
      ) : voucher.isError || id === null ? (
        <Card variant="borderless" className="section-card">
          <Result
            status={isApiError(voucher.error) && voucher.error.status !== 404 ? 'warning' : '404'}
            title={isApiError(voucher.error) && voucher.error.status !== 404 ? t('form.loadFailed') : t('form.notFound')}
            extra={
              <Button type="primary" onClick={() => navigate(LIST_PATH)}>
                {t('form.toList')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      )}
    </>
  );
}

function VoucherView({ voucher }: { voucher: Voucher }) {
  const { t } = useTranslation('vouchers');
  const navigate = useNavigate();
  const format = useVoucherFormat();
  const restricted = voucher.charge_box_pks.length > 0;
  // Names come with the voucher; a charge point it did not name is asked for on its own.
  const unnamed = voucher.charge_box_pks.filter((pk) => !voucher.charge_boxes.some((c) => c.charge_box_pk === pk && c.name));
  const lookup = useStationLabels(unnamed);
  const chargeNames = voucher.charge_box_pks.map(
    (pk) =>
      voucher.charge_boxes.find((c) => c.charge_box_pk === pk)?.name || lookup.labels.get(pk) || (lookup.pending.has(pk) ? null : `#${pk}`),
  );
  const users = usersOfVoucher(voucher);

  const editUsers = () => {
    saveVoucherDraft({
      voucherPk: voucher.voucher_pk,
      userPks: users.map((u) => u.user_pk),
      usersDataList: users,
      formValues: formValuesOf(voucher),
    });
    navigate(editUsersPath(voucher.voucher_pk));
  };

  return (
    <div className="voucher-view">
      <Card variant="borderless" className="section-card" title={t('titles.detail')}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} layout="vertical" size="small" className="voucher-descriptions">
          <Descriptions.Item label={t('detail.kind')}>
            <VoucherKindTag kind={voucher.kind} />
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.value')}>
            <span data-testid="voucher-detail-value">{format.value(voucher.kind, voucher.kind_value, voucher.currency)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.status')}>
            <VoucherStatusTag status={voucher.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.name')}>{voucher.title}</Descriptions.Item>
          <Descriptions.Item label={t('detail.description')} span={{ xs: 1, sm: 2, lg: 2 }}>
            {voucher.description}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.start')}>{format.second(voucher.start)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.expire')}>{format.second(voucher.expire)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.creator')}>{voucher.created_user_name}</Descriptions.Item>
          {voucher.expire_type === 'USES_PER_USER' ? (
            <Descriptions.Item label={t('detail.usesPerUser')}>{voucher.uses_per_user}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('detail.chargers')} span={{ xs: 1, sm: 2, lg: 3 }}>
            <span data-testid="voucher-detail-chargers">
              {!restricted ? t('detail.allChargers') : chargeNames.some((n) => n === null) ? t('detail.loading') : chargeNames.join(', ')}
            </span>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card variant="borderless" className="section-card" title={t('detail.indicators')}>
        <Row gutter={[16, 16]} data-testid="voucher-indicators">
          <Col xs={12} md={8}>
            <Statistic title={t('detail.total')} value={voucher.total} />
          </Col>
          <Col xs={12} md={8}>
            <Statistic title={t('detail.consumed')} value={voucher.used_total} />
          </Col>
          <Col xs={12} md={8}>
            <Statistic title={t('detail.available')} value={voucher.not_used_total} />
          </Col>
          {voucher.kind !== 'PERCENT_RECHARGE' ? (
            <>
              <Col xs={12} md={8}>
                <Statistic
                  title={t('detail.valueUsed')}
                  value={format.value(voucher.kind, voucher.kind_value_used, voucher.currency)}
                  data-testid="voucher-value-used"
                />
              </Col>
              <Col xs={12} md={8}>
                <Statistic
                  title={t('detail.valueBalance')}
                  value={format.value(voucher.kind, voucher.kind_value_balance, voucher.currency)}
                  data-testid="voucher-value-balance"
                />
              </Col>
            </>
          ) : null}
        </Row>
      </Card>

      <Card
        variant="borderless"
        className="section-card"
        title={t('detail.users')}
        extra={
          <Button icon={<TeamOutlined aria-hidden="true" />} onClick={editUsers} data-testid="voucher-users-edit">
            {t('detail.usersEdit')}
          </Button>
        }
      >
        {users.length ? (
          <ul className="voucher-chosen" data-testid="voucher-detail-users">
            {users.map((u) => (
              <li key={u.user_pk} className="voucher-chosen__item">
                <span className="voucher-chosen__name">{u.user_name}</span>
                <span className="voucher-muted">{u.email}</span>
                {u.voucher_status ? (
                  <Tag color={userStatusColours[u.voucher_status]} variant="filled">
                    {t(`userStatus.${u.voucher_status}`)}
                  </Tag>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="voucher-muted">{t('detail.usersEmpty')}</p>
        )}
      </Card>

      <History voucher={voucher} />
    </div>
  );
}

function History({ voucher }: { voucher: Voucher }) {
  const { t } = useTranslation('vouchers');
  const format = useVoucherFormat();
  const [userPk, setUserPk] = useState<number | null>(null);
  const history = useVoucherHistory(voucher.voucher_pk, userPk);
  const users = voucher.voucher_users_pks_with_voucher_status;

  const address = (item: VoucherHistoryItem) =>
    [[item.address.street, item.address.houseNumber].filter(Boolean).join(', '), item.address.district].filter(Boolean).join(' — ');

  return (
    <Card
      variant="borderless"
      className="section-card"
      title={t('detail.history')}
      extra={
        <Select<number | null>
          value={userPk}
          onChange={(v) => setUserPk(v ?? null)}
          aria-label={t('detail.historyUser')}
          className="voucher-history-user"
          options={[
            { value: null, label: t('detail.historyAllUsers') },
            ...users.map((u) => ({ value: u.user_pk, label: u.email ? `${u.email} - ${u.name}` : u.name })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="voucher-history-user"
        />
      }
    >
      {history.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('detail.historyLoadError')}
          action={<Button onClick={() => void history.refetch()}>{t('detail.retry')}</Button>}
        />
      ) : history.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !history.data?.results.length ? (
        <p className="voucher-muted" data-testid="voucher-history-empty">
          {t('detail.historyEmpty')}
        </p>
      ) : (
        <Timeline
          className="voucher-history"
          data-testid="voucher-history"
          items={history.data.results.map((item) => ({
            key: `${item.transaction_pk}-${item.used_at}`,
            color: item.refunded_at ? 'gray' : 'green',
            children: (
              <div className="voucher-history__item" data-testid="voucher-history-item">
                <div className="voucher-history__head">
                  <strong>{t('detail.recharge', { id: item.transaction_pk })}</strong>
                  <span className="voucher-muted">{format.second(item.transaction_start_timestamp)}</span>
                  {item.refunded_at ? <Tag>{t('detail.refunded')}</Tag> : null}
                </div>
                <dl className="voucher-history__facts">
                  <div>
                    <dt>{t('detail.amount')}</dt>
                    <dd data-testid="voucher-history-amount">{format.minor(item.recharge_amount, item.currency)}</dd>
                  </div>
                  <div>
                    <dt>{t('detail.discount')}</dt>
                    <dd data-testid="voucher-history-discount">{format.minor(item.amount_discounted, item.currency)}</dd>
                  </div>
                  <div>
                    <dt>{t('detail.chargePoint')}</dt>
                    <dd>{item.charge_box_name}</dd>
                  </div>
                  <div>
                    <dt>{t('detail.user')}</dt>
                    <dd>
                      {item.user.name} <span className="voucher-muted">{item.user.email}</span>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('detail.address')}</dt>
                    <dd>{address(item) || '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('detail.balance')}</dt>
                    <dd data-testid="voucher-history-balance">
                      {format.value(item.voucher.kind, item.voucher.kind_value_balance, item.currency)}
                    </dd>
                  </div>
                </dl>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
