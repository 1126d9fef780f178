import { useState } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCpf } from '../../../lib/format/cpf';
import { useFeedback } from '../../../lib/use-feedback';
import { searchUserByCpf } from '../api/search-user-by-cpf';

export interface UserOption {
  user_pk: number;
  user_name: string;
  email: string;
}

interface Props {
  field: 'owners' | 'accessUsers';
  label: string;
  options: UserOption[];
  onFound: (user: UserOption) => void;
  canSearchCpf: boolean;
  chargeBoxPk: number | null;
}

/**
 * One access list of a private station (Owners, Users with access): a multi-select plus a CPF
 * search (permission /users_data/tenant_parent/cpf) that adds the user found.
 */
export function AccessList({ field, label, options, onFound, canSearchCpf, chargeBoxPk }: Props) {
  const { t } = useTranslation('stations');
  const { message } = useFeedback();
  const form = Form.useFormInstance();
  const [cpf, setCpf] = useState('');
  const [searching, setSearching] = useState(false);
  const complete = cpf.replace(/\D/g, '').length === 11;

  const search = async () => {
    if (!complete) return;
    setSearching(true);
    try {
      const user = await searchUserByCpf(cpf, chargeBoxPk);
      if (!user) {
        message.warning(t('access.userNotFound'));
        return;
      }
      onFound({ user_pk: user.user_pk, user_name: user.user_name, email: user.email });
      const current: number[] = form.getFieldValue(field) ?? [];
      if (!current.includes(user.user_pk)) form.setFieldValue(field, [...current, user.user_pk]);
      message.success(t('access.userAdded', { name: user.user_name }));
      setCpf('');
    } catch {
      message.warning(t('access.userNotFound'));
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="access-list">
      <Form.Item name={field} label={label}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('access.selectPlaceholder')}
          options={options.map((u) => ({ value: u.user_pk, label: `${u.user_name} (${u.email})` }))}
          notFoundContent={t('access.noUsers')}
        />
      </Form.Item>
      {canSearchCpf ? (
        <Space.Compact className="access-list__cpf">
          <Input
            value={cpf}
            onChange={(e) => setCpf(formatCpf(e.target.value))}
            onPressEnter={(e) => {
              e.preventDefault();
              void search();
            }}
            maxLength={14}
            inputMode="numeric"
            placeholder="000.000.000-00"
            aria-label={t('access.cpfLabel', { list: label })}
            data-testid={`cpf-${field}`}
          />
          <Button icon={<SearchOutlined aria-hidden="true" />} onClick={() => void search()} disabled={!complete} loading={searching}>
            {t('access.search')}
          </Button>
        </Space.Compact>
      ) : null}
    </div>
  );
}
