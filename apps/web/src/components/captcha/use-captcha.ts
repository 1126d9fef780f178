import { useCallback, useRef, useState } from 'react';
import type { CaptchaHandle, CaptchaResult } from './captcha-types';

/** Form-side state of a verification widget: pass `ref` and `onChange` to <Captcha/>. */
export function useCaptcha() {
  const ref = useRef<CaptchaHandle>(null);
  const [result, setResult] = useState<CaptchaResult>({ verified: false, response: '' });
  const reset = useCallback(() => ref.current?.reset(), []);
  return { ref, onChange: setResult, verified: result.verified, response: result.response, reset };
}
