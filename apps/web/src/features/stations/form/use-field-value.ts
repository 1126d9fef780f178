import { Form } from 'antd';

type NamePath = string | number | (string | number)[];

/**
 * The current value of a form field, re-rendering on change. Unlike a bare `Form.useWatch`, it
 * also sees fields no input is bound to (connector ids) and answers on the first render.
 */
export function useFieldValue<T>(name: NamePath): T {
  const form = Form.useFormInstance();
  const watched = Form.useWatch(name, { form, preserve: true }) as T | undefined;
  return (watched === undefined ? form.getFieldValue(name) : watched) as T;
}
