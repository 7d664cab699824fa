import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../api/queryClient.ts';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { router } from './router.tsx';
import { ToastProvider } from './toast/ToastProvider.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <PrimeReactProvider value={{ ripple: false }}>
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
