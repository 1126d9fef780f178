import { useState } from 'react';
import { RouterProvider } from 'react-router';
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
