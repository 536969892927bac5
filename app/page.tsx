// The service's front page: what runs here and where its API reference is. The back-office's
// dashboard takes this route over once staff sign-in exists.
import { walletOperations } from '@/lib/wallet/operations';

export default function HomePage() {
  const operations = Object.values(walletOperations);
  return (
    <main className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-2xl font-semibold">Card Wallet service</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        The wallet API (version 2.0) is served under <code>/wallet/api</code>. Every call is signed; see the{' '}
        <a className="text-blue-700 underline dark:text-blue-400" href="/wallet/api/openapi.json">
          OpenAPI 3.1 reference
        </a>
        .
      </p>
      <table className="mt-8 w-full text-left text-sm">
        <caption className="sr-only">Wallet API operations</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th scope="col" className="py-2 pr-4 font-medium">
              Method
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Path
            </th>
            <th scope="col" className="py-2 font-medium">
              Operation
            </th>
          </tr>
        </thead>
        <tbody>
          {operations.map((op) => (
            <tr key={op.path} className="border-b border-slate-100 dark:border-slate-900">
              <td className="py-2 pr-4 font-mono">{op.method}</td>
              <td className="py-2 pr-4 font-mono">{op.path}</td>
              <td className="py-2">
                {op.extension ? 'Extension: ' : `${op.section} `}
                {op.summary.replace(/^Extension: /, '')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
