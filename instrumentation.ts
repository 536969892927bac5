// Next's start-up hook: the back-office's own start-up (the first admin) as soon as Next boots
// inside the one Node server (lib/app-server.ts), so a broken configuration fails at start.
export async function register() {
  // NEXT_RUNTIME is Next's own marker; it must be read before importing Node-only modules,
  // so this is the one place outside lib/env.ts that looks at the environment.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { announceStartup } = await import('./lib/backoffice/startup');
    await announceStartup();
  }
}

/**
 * A request that failed on the server (a page, a route, an action): one JSON line with the
 * reference its error page shows, Next's digest of the error (lib/backoffice/shared/page-errors.ts),
 * the path without its query and the error's class, never its message.
 */
export async function onRequestError(
  error: unknown,
  request: Readonly<{ path: string }>,
  context: Readonly<{ routePath: string }>,
): Promise<void> {
  const digest =
    typeof error === 'object' && error !== null ? (error as { digest?: unknown }).digest : undefined;
  if (typeof digest !== 'string' || digest === '') return;
  const { errorClass, pageErrorLine } = await import('./lib/backoffice/shared/page-errors');
  console.error(
    pageErrorLine({
      reference: digest,
      side: 'server',
      path: request.path,
      route: context.routePath,
      error: errorClass(error),
    }),
  );
}
