// A user's profile as 4.2 reports it. The document number arrives here already masked: the full
// one never leaves the server (docs/back-office.md "Data protection"). Server-compatible.
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { formatDateTime, formatMobile } from '@/lib/backoffice/shared/format';

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
          <DescriptionItem term="Wallet account">
            {ACCOUNT_TYPES[profile.walletAccountType] ?? profile.walletAccountType}
          </DescriptionItem>
          <DescriptionItem term="Registered">
            <time dateTime={profile.registerTime}>{formatDateTime(profile.registerTime)}</time>
          </DescriptionItem>
        </DescriptionList>
      </CardContent>
    </Card>
  );
}
