// The secret box (AES-256-GCM under the master key) lives in lib/secrets/secret-box.ts, shared
// with the back-office, which seals its staff's two-factor secrets with it; the service's modules
// keep importing it from here.
export * from '@/lib/secrets/secret-box';
