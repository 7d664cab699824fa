import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../api/queryClient.ts';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { router } from './router.tsx';
import { ToastProvider } from './toast/ToastProvider.tsx';

/**
 * PrimeReact settings for every component. A focused Dropdown puts aria-activedescendant="dropdownItem_-1" on
 * its root (an element with no role, pointing at no element: axe's critical aria-valid-attr-value after a
 * pick); the combobox inside carries the real one, so the root's is dropped.
 */
const PRIME_REACT = {
  ripple: false,
  pt: { dropdown: { root: { 'aria-activedescendant': undefined } } },
};

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <PrimeReactProvider value={PRIME_REACT}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
