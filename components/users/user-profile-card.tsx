// A user's profile as 4.2 reports it, with what user/detail adds to verify a caller against (date
// of birth, document expiry, the verification state). The document number arrives here already
// masked: the full one never leaves the server (docs/back-office.md "Data protection").
// Server-compatible.
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { formatDate, formatMobile } from '@/lib/backoffice/shared/format';
import type { VerificationState } from '@/lib/backoffice/users/verification';
import { LocalTime } from '@/components/ui/local-time';

export type UserProfileView = {
  appUserId: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  region: string;
  documentType: string;
  documentNoMasked: string;
  walletAccountType: string;
  registerTime: string;
  /** From user/detail: what to verify a caller against; a sentence when it could not be read. */
  kyc:
    | { birthday: string; documentExpiryDate: string | null; verification: VerificationState }
    | { error: string };
};

const ACCOUNT_TYPES: Record<string, string> = { STANDARD: 'Standard', CORPORATE: 'Corporate' };

export function UserProfileCard({ profile }: { profile: UserProfileView }) {
  return (
    <Card aria-labelledby="profile-title" role="region">
      <CardHeader>
        <CardTitle id="profile-title">Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <DescriptionList columns={3}>
          <DescriptionItem term="App user ID">
            <span className="font-mono text-[0.8125rem]">{profile.appUserId}</span>
          </DescriptionItem>
          <DescriptionItem term="First name">{profile.firstName}</DescriptionItem>
          <DescriptionItem term="Last name">{profile.lastName}</DescriptionItem>
          <DescriptionItem term="E-mail">{profile.email}</DescriptionItem>
          <DescriptionItem term="Mobile">{formatMobile(profile.mobile)}</DescriptionItem>
          <DescriptionItem term="Region">{profile.region}</DescriptionItem>
          <DescriptionItem term="Document type">{profile.documentType}</DescriptionItem>
          <DescriptionItem term="Document number" data-testid="document-number">
            <span className="font-mono tracking-wider">{profile.documentNoMasked}</span>
            <span className="ml-2 text-xs text-muted-foreground">(masked)</span>
          </DescriptionItem>
          {'error' in profile.kyc ? (
            <DescriptionItem term="Verification">
              <span className="text-destructive">{profile.kyc.error}</span>
            </DescriptionItem>
          ) : (
            <>
              <DescriptionItem term="Date of birth" data-testid="date-of-birth">
                <time dateTime={profile.kyc.birthday}>{formatDate(profile.kyc.birthday)}</time>
              </DescriptionItem>
              <DescriptionItem term="Document expiry" data-testid="document-expiry">
                {profile.kyc.documentExpiryDate ? (
                  <time dateTime={profile.kyc.documentExpiryDate}>
                    {formatDate(profile.kyc.documentExpiryDate)}
                  </time>
                ) : (
                  'None on file'
                )}
              </DescriptionItem>
              <DescriptionItem term="Verification" data-testid="verification-state">
                <Badge variant={profile.kyc.verification.tone}>{profile.kyc.verification.label}</Badge>
                <span className="mt-1 block text-xs text-muted-foreground">
                  {profile.kyc.verification.detail}
                </span>
              </DescriptionItem>
            </>
          )}
          <DescriptionItem term="Wallet account">
            {ACCOUNT_TYPES[profile.walletAccountType] ?? profile.walletAccountType}
          </DescriptionItem>
          <DescriptionItem term="Registered">
            <LocalTime value={profile.registerTime} />
          </DescriptionItem>
        </DescriptionList>
      </CardContent>
    </Card>
  );
}
