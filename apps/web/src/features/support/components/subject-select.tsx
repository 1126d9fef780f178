import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { supportSubjects, type SupportSubject } from '@recarga/contracts/support';

/** The subject picker shared by the support form and the public contact form (general, complaint, suggestion). */
export function SubjectSelect({ id, value, onChange }: { id?: string; value?: SupportSubject; onChange?: (v: SupportSubject) => void }) {
  const { t } = useTranslation('support');
  return (
    <Select<SupportSubject>
      id={id}
      value={value}
      onChange={onChange}
      options={supportSubjects.map((s) => ({ value: s, label: t(`subjects.${s}`) }))}
      data-testid="support-subject"
    />
  );
}
