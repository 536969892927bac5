// Stand-in for the `server-only` package under vitest (aliased in vitest.config.ts).
// The real package throws on import unless the bundler resolves it with the React Server
// Components "react-server" condition, which only Next.js's server bundle does. Vitest runs
// modules in plain Node, so server modules would fail to load in tests without this stub.
// The guard it replaces still holds in the app: `next build` resolves the real package.
export {};
