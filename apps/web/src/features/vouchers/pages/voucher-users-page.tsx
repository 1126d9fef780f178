import { useMemo, useState } from 'react';
import { Alert, Button, Card, Input, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, DeleteOutlined, SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { formatCpf } from '../../../lib/format/cpf';
import { foldedSearch } from '../../../lib/select-search';
import { useFeedback } from '../../../lib/use-feedback';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { findUserByCpf } from '../api/find-user-by-cpf';
import { useUserOptions } from '../api/get-user-options';
import { CREATE_PATH, LIST_PATH, editPath } from '../model/paths';
import { readVoucherDraft, saveVoucherDraft, type DraftUser } from '../model/voucher-draft';
import { isRemovable, userLabel, voucherIdOf } from '../model/voucher-users';
import '../vouchers.css';

const statusColours = { NOT_USED: 'default', SUSPEND: 'warning', USED: 'purple' } as const;

/**
 * /vouchers/create/select_users and /vouchers/edit/{id}/select_users (002 §2): the users of the
 * draft, a searchable picker of the network's users (those chosen left out), the CPF lookup with
 * /users_data/tenant_parent/cpf, remove (not for SUSPEND or USED users) and 'Complete selection'.
 */
export function VoucherUsersPage() {
  const params = useParams();
  const id = params.id === undefined ? null : voucherIdOf(params.id);
  const [draft] = useState(() => (params.id !== undefined && id === null ? null : readVoucherDraft(id)));
  if (params.id !== undefined && id === null) return <Navigate to={LIST_PATH} replace />;
  // Without a draft (an address typed or reloaded) there is no form to come back to.
  if (!draft) return <Navigate to={id === null ? CREATE_PATH : editPath(id)} replace />;
  return (
    <UserSelection
      voucherPk={id}
      initialUsers={draft.usersDataList}
      units={Number(draft.formValues.units) || 0}
      tenantPk={Number(draft.formValues.tenant_pk) || undefined}
    />
  );
}

function UserSelection({
  voucherPk,
  initialUsers,
  units,
  tenantPk,
}: {
  voucherPk: number | null;
  initialUsers: DraftUser[];
  units: number;
  /** The voucher's network: the picker offers only users who belong with it. */
  tenantPk: number | undefined;
}) {
  const { t } = useTranslation('vouchers');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  const canCpf = permitted.has('/users_data/tenant_parent/cpf');
  const [users, setUsers] = useState<DraftUser[]>(initialUsers);
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [cpf, setCpf] = useState('');
  const [searching, setSearching] = useState(false);
  const options = useUserOptions(true, tenantPk);
  const formPath = voucherPk === null ? CREATE_PATH : editPath(voucherPk);
  const chosen = useMemo(() => new Set(users.map((u) => u.user_pk)), [users]);
  const room = units - users.length;

  const pickerOptions = useMemo(
    () => (options.data?.userList ?? []).filter((u) => !chosen.has(u.user_pk)).map((u) => ({ value: u.user_pk, label: userLabel(u) })),
    [options.data, chosen],
  );

  const add = (list: DraftUser[]) => {
    const fresh = list.filter((u) => !chosen.has(u.user_pk));
    if (fresh.length > room) {
      message.warning(t('select.full', { units }));
      return false;
    }
    setUsers((current) => [...current, ...fresh]);
    return true;
  };

  const confirmPicked = () => {
    const byPk = new Map((options.data?.userList ?? []).map((u) => [u.user_pk, u]));
    const list = picked.flatMap((pk) => {
      const u = byPk.get(pk);
      return u ? [{ user_pk: u.user_pk, user_name: u.user_name, email: u.email }] : [];
    });
    if (add(list)) {
      setPicked([]);
      setAdding(false);
    }
  };

  const searchCpf = async () => {
    if (cpf.replace(/\D/g, '').length !== 11) return;
    setSearching(true);
    try {
      const user = await findUserByCpf(cpf);
      if (!user) {
        message.warning(t('select.cpfNotFound'));
        return;
      }
      if (chosen.has(user.user_pk)) {
        message.info(t('select.already'));
        return;
      }
      if (add([{ user_pk: user.user_pk, user_name: user.user_name, email: user.email }])) {
        message.success(t('select.cpfAdded', { name: user.user_name }));
        setCpf('');
      }
    } catch {
      message.warning(t('select.cpfNotFound'));
    } finally {
      setSearching(false);
    }
  };

  const complete = () => {
    const draft = readVoucherDraft(voucherPk);
    if (draft) saveVoucherDraft({ ...draft, userPks: users.map((u) => u.user_pk), usersDataList: users });
    navigate(formPath);
  };

  const columns: TableColumnsType<DraftUser> = [
    { key: 'name', title: t('select.name'), render: (_, u) => <span className="voucher-chosen__name">{u.user_name}</span> },
    { key: 'email', title: t('select.email'), responsive: ['sm'], render: (_, u) => u.email || '—' },
    {
      key: 'status',
      title: t('select.status'),
      responsive: ['md'],
      render: (_, u) =>
        u.voucher_status ? (
          <Tag color={statusColours[u.voucher_status]} variant="filled">
            {t(`userStatus.${u.voucher_status}`)}
          </Tag>
        ) : null,
    },
    {
      key: 'remove',
      title: <span className="visually-hidden">{t('select.remove')}</span>,
      width: 64,
      align: 'right',
      render: (_, u) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden="true" />}
          aria-label={t('select.removeLabel', { name: u.user_name })}
          title={isRemovable(u) ? t('select.remove') : t('select.locked')}
          disabled={!isRemovable(u)}
          onClick={() => setUsers((current) => current.filter((x) => x.user_pk !== u.user_pk))}
          data-testid="voucher-user-remove"
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('select.title')}
        subtitle={t('select.subtitle')}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={() => navigate(formPath)} data-testid="voucher-users-back">
            {t('select.back')}
          </Button>
        }
      />
      <Card variant="borderless" className="section-card">
        <div className="voucher-section-head">
          <h3 className="voucher-section-title" aria-live="polite" data-testid="voucher-users-total">
            {t('select.count', { count: users.length })} <span className="voucher-muted">{t('select.ofUnits', { units })}</span>
          </h3>
          <Button
            icon={<UserAddOutlined aria-hidden="true" />}
            onClick={() => setAdding(true)}
            disabled={room <= 0}
            title={room <= 0 ? t('select.full', { units }) : undefined}
            data-testid="voucher-users-add"
          >
            {t('select.add')}
          </Button>
        </div>
        {canCpf ? (
          <div className="voucher-cpf">
            <label htmlFor="voucher-cpf" className="voucher-cpf__label">
              {t('select.cpf')}
            </label>
            <Space.Compact className="voucher-cpf__field">
              <Input
                id="voucher-cpf"
                value={cpf}
                onChange={(e) => setCpf(formatCpf(e.target.value))}
                onPressEnter={() => void searchCpf()}
                maxLength={14}
                inputMode="numeric"
                placeholder="000.000.000-00"
                disabled={room <= 0}
                data-testid="voucher-cpf"
              />
              <Button
                icon={<SearchOutlined aria-hidden="true" />}
                loading={searching}
                disabled={cpf.replace(/\D/g, '').length !== 11 || room <= 0}
                onClick={() => void searchCpf()}
              >
                {t('select.cpfSearch')}
              </Button>
            </Space.Compact>
          </div>
        ) : null}
        <Table<DraftUser>
          rowKey="user_pk"
          columns={columns}
          dataSource={users}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: t('select.empty') }}
          data-testid="voucher-users-table"
        />
        <div className="form-footer">
          <span className="form-footer__hint">{users.some((u) => !isRemovable(u)) ? t('select.locked') : null}</span>
          <div className="form-footer__buttons">
            <Button type="primary" icon={<CheckOutlined aria-hidden="true" />} onClick={complete} data-testid="voucher-users-complete">
              {t('select.complete')}
            </Button>
          </div>
        </div>
      </Card>

      <Modal
        open={adding}
        title={t('select.add')}
        okText={t('select.addConfirm')}
        cancelText={t('select.cancel')}
        okButtonProps={{ disabled: picked.length === 0, 'data-testid': 'voucher-users-add-ok' } as never}
        onOk={confirmPicked}
        onCancel={() => {
          setPicked([]);
          setAdding(false);
        }}
        destroyOnHidden
      >
        {options.isError ? <Alert type="error" showIcon title={t('select.pickerLoadError')} className="voucher-users-error" /> : null}
        <label htmlFor="voucher-user-picker" className="voucher-cpf__label">
          {t('select.picker')}
        </label>
        <Select
          id="voucher-user-picker"
          mode="multiple"
          className="full-width"
          value={picked}
          onChange={setPicked}
          showSearch={foldedSearch()}
          loading={options.isLoading}
          placeholder={t('select.pickerPlaceholder')}
          notFoundContent={t('select.pickerEmpty')}
          options={pickerOptions}
          maxCount={Math.max(room, 0)}
          autoFocus
          data-testid="voucher-user-picker"
        />
      </Modal>
    </>
  );
}
