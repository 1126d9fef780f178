import { useContext } from 'react';
import AppContext from 'antd/es/app/context';

/**
 * Toasts (`message`), notices (`notification`) and dialogs (`modal`) in the app's theme and locale:
 * what antd's `App.useApp()` returns, without importing antd's `App` (which brings the code of all
 * three into the screen that imports it). Provided by app/feedback/feedback-provider.tsx.
 */
export function useFeedback() {
  return useContext(AppContext);
}
