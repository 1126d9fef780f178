import { useState } from 'react';
// From react-router/dom: it carries ReactDOM.flushSync, so a navigation asked with { flushSync: true } is drawn at once.
import { RouterProvider } from 'react-router/dom';
import type { ThemeDefinition } from '../lib/theme/theme-definition';
import { Providers } from './providers';
import { createAppRouter } from './router';
import './styles.css';

export function App({ brand }: { brand: ThemeDefinition }) {
  const [router] = useState(createAppRouter);
  return (
    <Providers brand={brand}>
      <RouterProvider router={router} />
    </Providers>
  );
}
