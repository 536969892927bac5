// The app's public origin (lib/env.ts), next-auth's URL too: over HTTP against the build,
// tests/system/action-requests.test.ts › next-auth answers with the app's own URL.
import { describe, expect, it } from 'vitest';
import { appOrigin } from './env';

describe('appOrigin', () => {
  it('is APP_URL’s origin, else http://localhost:<PORT>', () => {
    expect(appOrigin({ APP_URL: 'https://backoffice.example.com/', PORT: 3000 })).toBe(
      'https://backoffice.example.com',
    );
    expect(appOrigin({ APP_URL: undefined, PORT: 3126 })).toBe('http://localhost:3126');
  });
});
