// Browser for the e2e tests: owns making /usr/bin/chromium exist. Playwright cannot download its
// own browsers here (no internet beyond npm and apt), so it drives Debian's chromium instead.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function log(line: string): void {
  console.log(`[chromium] ${line}`);
}

function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`\`${command} ${args.join(' ')}\` exited with code ${code}`)),
    );
  });
}

/** Returns the path of a Chromium executable, installing Debian's package if it is missing. */
export async function ensureChromium(): Promise<string> {
  if (existsSync(CHROMIUM)) {
    log(`found ${CHROMIUM}`);
    return CHROMIUM;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing and installing it needs root: run \`apt-get install chromium\`.`);
  }
  log(`${CHROMIUM} not found: installing chromium with apt-get (this takes a while)`);
  await run('apt-get', ['update']);
  await run('apt-get', ['install', '-y', 'chromium']);
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} does not exist`);
  log(`installed ${CHROMIUM}`);
  return CHROMIUM;
}
