import { Form, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localListUpdateTypes } from '@recarga/contracts/operation-commands';
import type { OperationOptions } from '@recarga/contracts/operations';
import { shortText } from '../model/short-text';
import { LocalListVersions } from './local-list-versions';

const TAG_MAX = 20;

/**
 * SendLocalList: a FULL list (every tag that may charge at the station, made by the server) or a
 * DIFFERENTIAL one — tags of the user's networks to add or update, tag ids to remove. Below, the
 * list version each selected station holds.
 */
export function SendLocalListFields({
  options,
  selected,
  onTagSearch,
}: {
  options: OperationOptions | undefined;
  selected: string[];
  onTagSearch: (text: string) => void;
}) {
  const { t } = useTranslation('operations');
  const form = Form.useFormInstance();
  const updateType = (Form.useWatch('updateType', form) as string | undefined) ?? 'FULL';
  const chosen = (Form.useWatch('addUpdateList', form) as string[] | undefined) ?? [];
  const tagChoices = [...new Set([...chosen, ...(options?.idTagList ?? [])])].map((tag) => ({ value: tag, label: shortText(tag) }));
  const eitherList = {
    validator: () => {
      const add = (form.getFieldValue('addUpdateList') as string[] | undefined) ?? [];
      const remove = (form.getFieldValue('deleteList') as string[] | undefined) ?? [];
      return add.length + remove.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('validation.localListEmpty')));
    },
  };
  return (
    <>
      <Form.Item
        name="updateType"
        label={t('form.updateType')}
        initialValue="FULL"
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Radio.Group
          vertical
          className="operations-form__choices"
          options={localListUpdateTypes.map((type) => ({
            value: type,
            label: (
              <span className="operations-form__choice">
                <span>{t(`form.updateTypes.${type}`)}</span>
                <Typography.Text type="secondary" className="operations-form__choice-hint">
                  {t(`form.updateTypeHints.${type}`)}
                </Typography.Text>
              </span>
            ),
          }))}
        />
      </Form.Item>
      {updateType === 'DIFFERENTIAL' ? (
        <>
          <Form.Item name="addUpdateList" label={t('form.addUpdateList')} rules={[eitherList]} dependencies={['deleteList']}>
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: onTagSearch }}
              placeholder={t('form.idTagSearch')}
              options={tagChoices}
              maxCount={1000}
            />
          </Form.Item>
          <Form.Item
            name="deleteList"
            label={t('form.deleteList')}
            extra={t('form.deleteListHint')}
            rules={[
              {
                validator: (_, value: string[] | undefined) =>
                  (value ?? []).some((id) => id.trim().length > TAG_MAX)
                    ? Promise.reject(new Error(t('validation.tagTooLong', { max: TAG_MAX })))
                    : Promise.resolve(),
              },
            ]}
          >
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ', ';']} maxCount={1000} />
          </Form.Item>
        </>
      ) : null}
      <LocalListVersions options={options} selected={selected} />
    </>
  );
}
