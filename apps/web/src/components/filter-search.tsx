import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

/** The search box of a list's filter bar: the label is its placeholder and its accessible name. */
export function FilterSearch({
  value,
  onChange,
  label,
  maxLength = 100,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  maxLength?: number;
  testId?: string;
}) {
  return (
    <Input
      className="filter-bar__search"
      allowClear
      value={value}
      onChange={(e) => onChange(e.target.value)}
      prefix={<SearchOutlined aria-hidden="true" />}
      placeholder={label}
      aria-label={label}
      maxLength={maxLength}
      data-testid={testId}
    />
  );
}
