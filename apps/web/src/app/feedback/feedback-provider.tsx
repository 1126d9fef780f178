import { lazy, Suspense, useState, type ReactNode } from 'react';
import AppContext from 'antd/es/app/context';
import { createDeferredFeedback } from './deferred-feedback';

const FeedbackHolders = lazy(() => import('./feedback-holders').then((m) => ({ default: m.FeedbackHolders })));

/**
 * What antd's `<App>` provides (`App.useApp()`: message, notification, modal), with the holders'
 * code kept out of the first load: it loads with the first toast, notice or dialog (see
 * deferred-feedback.ts). Read it with `useFeedback()`.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [holdersWanted, setHoldersWanted] = useState(false);
  const [feedback] = useState(() => createDeferredFeedback(() => setHoldersWanted(true)));
  return (
    <AppContext.Provider value={feedback.api}>
      {children}
      {holdersWanted ? (
        <Suspense fallback={null}>
          <FeedbackHolders onReady={feedback.attach} />
        </Suspense>
      ) : null}
    </AppContext.Provider>
  );
}
