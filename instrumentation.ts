// Server start-up hook: migrate and provision the database as soon as the server boots, so a
// broken configuration fails at start rather than on the first request.
export async function register() {
  // NEXT_RUNTIME is Next's own marker; it must be read before importing Node-only modules,
  // so this is the one place outside lib/env.ts that looks at the environment.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { installPeerAddressHeader } = await import('./lib/backoffice/peer-address');
    installPeerAddressHeader();
    const { announceStartup } = await import('./lib/backoffice/startup');
    await announceStartup();
  }
}
