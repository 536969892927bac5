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
