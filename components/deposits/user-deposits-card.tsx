// A user's deposit addresses, each with its QR code as wallets show it, and the user's latest
// deposits (docs/deposits-and-kyt.md; docs/back-office.md "Compliance"). Server-compatible.
import { ArrowDownToLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { DepositsTable, type DepositRowView } from './deposits-table';

export type DepositAddressView = { chain: string; address: string; qrCode: string };

export function UserDepositsCard({
  addresses,
  deposits,
  error,
}: {
  addresses: readonly DepositAddressView[];
  deposits: readonly DepositRowView[];
  error?: ReactNode;
}) {
  return (
    <Card aria-labelledby="deposits-title" role="region">
      <CardHeader>
        <CardTitle id="deposits-title">Deposits</CardTitle>
        <CardDescription>
          USDT sent to these addresses is screened (KYT), then credited 1:1 to the USD wallet.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {error ?? (
          <>
            <ul className="grid gap-4 sm:grid-cols-2" aria-label="Deposit addresses">
              {addresses.map((a) => (
                <li
                  key={a.chain}
                  className="flex items-start gap-4"
                  data-testid={`deposit-address-${a.chain}`}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
                  <img
                    src={a.qrCode}
                    alt={`QR code of the ${a.chain} deposit address`}
                    width={112}
                    height={112}
                    className="rounded border border-border bg-white"
                  />
                  <div className="min-w-0">
                    <div className="text-sm font-medium">{a.chain} (USDT)</div>
                    <code className="block break-all text-xs">{a.address}</code>
                  </div>
                </li>
              ))}
            </ul>
            {deposits.length === 0 ? (
              <EmptyState
                icon={<ArrowDownToLine aria-hidden="true" />}
                title="No deposits yet"
                description="Deposits to the addresses above show here."
              />
            ) : (
              <DepositsTable deposits={deposits} label="The user's deposits" />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
