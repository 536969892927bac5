'use client';
// Toasts: <Toaster /> once in the root layout (inside ThemeProvider), `toast.success(...)` and
// `toast.error(...)` from client code. sonner and its outlet are loaded after the page is
// interactive (a toast only ever follows something a person did), so they are no part of any
// page's first JavaScript; a toast raised before they arrive waits for them.
import dynamic from 'next/dynamic';

const Outlet = dynamic(() => import('./toaster-outlet').then((m) => m.ToasterOutlet), { ssr: false });

export function Toaster() {
  return <Outlet />;
}

const sonner = () => import('sonner');

type Options = { description?: string };

export const toast = {
  success(message: string, options?: Options): void {
    void sonner().then(({ toast: raise }) => raise.success(message, options));
  },
  error(message: string, options?: Options): void {
    void sonner().then(({ toast: raise }) => raise.error(message, options));
  },
};
