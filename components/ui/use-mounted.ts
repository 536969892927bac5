'use client';
// Whether the page's scripts run yet: false while the server renders and while React hydrates,
// true afterwards. For what only a browser knows (the stored theme, the viewer's time zone) or
// only a script can do (copy to the clipboard): the server's HTML, and a page without
// JavaScript, show the other answer, with no hydration mismatch.
import { useSyncExternalStore } from 'react';

const noopSubscribe = () => () => {};

/** False during SSR and hydration, true afterwards. */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
