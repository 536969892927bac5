// Next.js configuration. PGlite and pg stay external: bundling PGlite breaks its WASM/data
// file resolution (every query fails), and pg's optional native bindings confuse the bundler.
/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
