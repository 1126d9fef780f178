import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageTag } from '../../lib/use-language-tag';
import { Captcha, hasCaptcha, NoCaptcha } from './captcha';
import type { CaptchaWidgetProps } from './captcha-types';

/**
 * The verification as a field of a component-library form, with its label; with no captcha
 * configured the field is left out (nothing to show, the form counts as verified).
 */
export function CaptchaField({ label, ...props }: Omit<CaptchaWidgetProps, 't' | 'languageTag'> & { label: string }) {
  const { t } = useTranslation('common');
  const languageTag = useLanguageTag();
  if (!hasCaptcha()) return <NoCaptcha {...props} />;
  return (
    <Form.Item label={label} required>
      <Captcha {...props} t={t} languageTag={languageTag} />
    </Form.Item>
  );
}
