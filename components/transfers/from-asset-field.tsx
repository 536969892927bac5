// The "From" field of a page's money move (a card top-up, funding a user's wallet): a select of
// the assets that can pay, each with its balance. Server-compatible.
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
