// The fields of a page's money move (a card top-up, funding a user's wallet): the assets that
// can pay, each with its balance, and the amount. Server-compatible.
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { formatMinorMoney } from '@/lib/backoffice/shared/format-minor';

export function FromAssetField({
  sources,
}: {
  sources: readonly {
    assetId: number;
    label: string;
    balanceMinor: number;
    currency: string;
    decimalPlaces: number;
  }[];
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="fromAssetId">From</Label>
      <NativeSelect id="fromAssetId" name="fromAssetId">
        {sources.map((s) => (
          <option key={s.assetId} value={s.assetId}>
            {s.label}: {formatMinorMoney(s.balanceMinor, s.currency, s.decimalPlaces)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The amount of that money move, in the target's currency, as typed (major units). */
export function AmountField({ currency, invalid }: { currency: string; invalid: boolean }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="amount">Amount ({currency})</Label>
      <Input
        id="amount"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={invalid ? true : undefined}
      />
    </div>
  );
}
