import { TOAST_LIFE_MS, TOAST_SUMMARY } from '@pd/contracts';
import { Toast } from 'primereact/toast';
import { type ReactNode, useMemo, useRef } from 'react';
import { type ToastApi, ToastContext } from './toastContext.ts';

export function ToastProvider({ children }: { children: ReactNode }) {
  const toast = useRef<Toast>(null);
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) =>
        toast.current?.show({
          severity: 'success',
          summary: TOAST_SUMMARY.success,
          detail: message,
          life: TOAST_LIFE_MS,
        }),
      error: (message) =>
        toast.current?.show({
          severity: 'error',
          summary: TOAST_SUMMARY.error,
          detail: message,
          life: TOAST_LIFE_MS,
        }),
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toast ref={toast} position="top-right" />
    </ToastContext.Provider>
  );
}
