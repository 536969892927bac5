// Completes package-lock.json with the platform-specific optional packages (macOS, Windows,
// Android... builds of Next's SWC, Tailwind's oxide, etc.) that `npm install` could not fetch
// here: this machine's registry mirror does not carry them, so npm leaves them out of the lock,
// and `npm ci` then refuses the lock as out of sync. Each added entry carries the package's
// os/cpu/libc, so every install skips it as foreign without fetching it.
// Run after changing dependencies: `npm install && npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OSES = [
  'darwin',
  'win32',
  'linux',
  'freebsd',
  'android',
  'openharmony',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 's390x', 'riscv64', 'wasm32', 'mips64el'];

/** os/cpu/libc from a platform package's name, e.g. @next/swc-linux-arm64-musl. */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OSES.includes(t));
  const cpu =
    tokens.find((t) => CPUS.includes(t)) ??
    (tokens.includes('gnueabihf') || tokens.includes('eabi') ? 'arm' : undefined);
  const libc =
    tokens.includes('musl') || tokens.some((t) => t.startsWith('musl'))
      ? 'musl'
      : tokens.some((t) => t.startsWith('gnu'))
        ? 'glibc'
        : undefined;
  if (!cpu && !os) return undefined;
  return {
    ...(os ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(libc && os === 'linux' ? { libc: [libc] } : {}),
  };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  if (!location.startsWith('node_modules/') || !entry.optionalDependencies) continue;
  for (const [name, spec] of Object.entries(entry.optionalDependencies)) {
    const target = `node_modules/${name}`;
    if (packages[target] || packages[`${location}/node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) continue;
    packages[target] = {
      version: spec,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: added ${added} foreign-platform optional package(s)`);
