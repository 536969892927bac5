'use client';
// ThemeProvider: next-themes configured for the kit — the `dark` class on <html>, following the
// OS until the user picks Light or Dark. Pass the request's CSP `nonce` so next-themes' inline
// anti-flash script is allowed. Put <html suppressHydrationWarning> in the root layout.
import {
  ThemeProvider as NextThemesProvider,
  type ThemeProviderProps as NextThemesProviderProps,
} from 'next-themes';

export interface ThemeProviderProps extends NextThemesProviderProps {
  /** CSP nonce for the inline theme script. */
  nonce?: string;
}

export function ThemeProvider({ children, nonce, ...props }: ThemeProviderProps) {
  return (
    <NextThemesProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      nonce={nonce}
      {...props}
    >
      {children}
    </NextThemesProvider>
  );
}
