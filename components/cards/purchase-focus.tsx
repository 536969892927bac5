// The purchase a search named by its id, opened at the top of its card's page
// (`?purchase=<authorizationId>`, docs/back-office.md "Routes"): authorization/detail, shown only
// when it is this card's; another card's, an unknown id or the wallet not answering say so in one
// line, and the rest of the page is unchanged. A server component.
import { AuthorizationItem } from '@/components/cards/authorization-item';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';

export async function PurchaseFocus({
  authorizationId,
  cardId,
  decimalPlaces,
}: {
  authorizationId: number;
  cardId: number;
  decimalPlaces: number;
}) {
  let found;
  try {
    found = await getWalletClient().authorizationDetail({ authorizationId });
  } catch (error) {
    if (!isWalletClientError(error)) throw error;
  }
  const mine = found && found.cardId === cardId ? found : undefined;
  return (
    <Card id={`purchase-${authorizationId}`} data-testid="purchase-focus">
      <CardHeader>
        <CardTitle>Purchase {authorizationId}</CardTitle>
      </CardHeader>
      <CardContent>
        {mine ? (
          <ul className="grid gap-2">
            <AuthorizationItem authorization={mine} decimalPlaces={decimalPlaces} open />
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">This card has no purchase {authorizationId}.</p>
        )}
      </CardContent>
    </Card>
  );
}
