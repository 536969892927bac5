// Every vitest file hashes passwords at a test cost (scrypt N = 2^10, ~1 ms instead of ~50 ms):
// seeding accounts is not what those tests test, and on a loaded 2-core machine the production
// cost made them time out. lib/backoffice/auth/password.test.ts restores production's cost, so
// the real parameters stay tested; servers a test starts (system, e2e) always use production's.
import { setPasswordHashCost } from '@/lib/backoffice/auth/password';

setPasswordHashCost({ N: 2 ** 10, r: 8, p: 1 });
