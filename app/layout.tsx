// The root layout: theme, toasts, and the request's CSP nonce (proxy.ts) handed to the one
// inline script the app owns (next-themes'). Reading the nonce makes every page dynamic, which
// a nonce-based policy needs and which signed-in pages are anyway.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { ThemeProvider } from '@/components/theme-provider';
import { Toaster } from '@/components/ui/toaster';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Card Wallet', template: '%s · Card Wallet' },
  description: 'Card wallet back-office for agencies',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        <ThemeProvider nonce={nonce}>
          {children}
          <Toaster />
        </ThemeProvider>
      </body>
    </html>
  );
}
