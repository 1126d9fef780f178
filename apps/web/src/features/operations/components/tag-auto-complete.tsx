import { AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';
import { shortText } from '../model/short-text';

/**
 * An OCPP tag typed or picked among the tags of the user's networks that contain the text typed
 * (remote start, reserve now). `value` and `onChange` come from the Form.Item around it.
 */
export function TagAutoComplete({
  id,
  value,
  onChange,
  tags,
  onSearch,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  tags: string[] | undefined;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation('operations');
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={onChange}
      maxLength={20}
      placeholder={t('form.idTagSearch')}
      onSearch={onSearch}
      options={(tags ?? []).map((tag) => ({ value: tag, label: shortText(tag) }))}
    />
  );
}
