// Domain status badges: CardStatusBadge (PENDING, ACTIVE, LOCKED, CANCELLED), AccountStatusBadge
// (card account PENDING, APPROVED, REJECTED), RoleBadge (admin, operator, support) and
// ApprovalStatusBadge (a request waiting for a second person, docs/back-office.md "Approvals"). Each shows
// a word and an icon, never colour alone. Server-compatible.
import {
  Ban,
  CircleAlert,
  CircleCheck,
  Clock,
  Eye,
  Hourglass,
  Loader,
  Lock,
  ShieldCheck,
  Undo2,
  Wrench,
  X,
  type LucideIcon,
} from 'lucide-react';
import { Badge, type BadgeProps, type BadgeVariant } from './badge';

export type CardStatus = 'PENDING' | 'ACTIVE' | 'LOCKED' | 'CANCELLED';
export type AccountStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export type StaffRole = 'admin' | 'operator' | 'support';

interface Appearance {
  label: string;
  variant: BadgeVariant;
  icon: LucideIcon;
}

export const cardStatusAppearance: Record<CardStatus, Appearance> = {
  PENDING: { label: 'Pending', variant: 'warning', icon: Clock },
  ACTIVE: { label: 'Active', variant: 'success', icon: CircleCheck },
  LOCKED: { label: 'Locked', variant: 'danger', icon: Lock },
  CANCELLED: { label: 'Cancelled', variant: 'neutral', icon: Ban },
};

export const accountStatusAppearance: Record<AccountStatus, Appearance> = {
  PENDING: { label: 'Pending', variant: 'warning', icon: Clock },
  APPROVED: { label: 'Approved', variant: 'success', icon: CircleCheck },
  REJECTED: { label: 'Rejected', variant: 'danger', icon: X },
};

export const roleAppearance: Record<StaffRole, Appearance> = {
  admin: { label: 'Admin', variant: 'info', icon: ShieldCheck },
  operator: { label: 'Operator', variant: 'neutral', icon: Wrench },
  support: { label: 'Support', variant: 'neutral', icon: Eye },
};

export type ApprovalStatus =
  'PENDING' | 'EXECUTING' | 'APPROVED' | 'FAILED' | 'REJECTED' | 'WITHDRAWN' | 'EXPIRED';

export const approvalStatusAppearance: Record<ApprovalStatus, Appearance> = {
  PENDING: { label: 'Pending', variant: 'warning', icon: Clock },
  EXECUTING: { label: 'Being carried out', variant: 'info', icon: Loader },
  APPROVED: { label: 'Approved', variant: 'success', icon: CircleCheck },
  FAILED: { label: 'Failed', variant: 'danger', icon: CircleAlert },
  REJECTED: { label: 'Rejected', variant: 'danger', icon: X },
  WITHDRAWN: { label: 'Withdrawn', variant: 'neutral', icon: Undo2 },
  EXPIRED: { label: 'Expired', variant: 'neutral', icon: Hourglass },
};

type DomainBadgeProps = Omit<BadgeProps, 'variant' | 'children'>;

function AppearanceBadge({
  appearance,
  fallback,
  ...props
}: DomainBadgeProps & { appearance?: Appearance; fallback: string }) {
  if (!appearance)
    return (
      <Badge variant="neutral" {...props}>
        {fallback}
      </Badge>
    );
  const Icon = appearance.icon;
  return (
    <Badge variant={appearance.variant} {...props}>
      <Icon aria-hidden="true" />
      {appearance.label}
    </Badge>
  );
}

/** A card's status. Unknown values render as a neutral badge with the raw value. */
export function CardStatusBadge({
  status,
  ...props
}: DomainBadgeProps & { status: CardStatus | (string & {}) }) {
  return (
    <AppearanceBadge appearance={cardStatusAppearance[status as CardStatus]} fallback={status} {...props} />
  );
}

/** A card account's (KYC) status. */
export function AccountStatusBadge({
  status,
  ...props
}: DomainBadgeProps & { status: AccountStatus | (string & {}) }) {
  return (
    <AppearanceBadge
      appearance={accountStatusAppearance[status as AccountStatus]}
      fallback={status}
      {...props}
    />
  );
}

/** A staff member's role. */
export function RoleBadge({ role, ...props }: DomainBadgeProps & { role: StaffRole | (string & {}) }) {
  return <AppearanceBadge appearance={roleAppearance[role as StaffRole]} fallback={role} {...props} />;
}

/** An approval request's state. */
export function ApprovalStatusBadge({
  status,
  ...props
}: DomainBadgeProps & { status: ApprovalStatus | (string & {}) }) {
  return (
    <AppearanceBadge
      appearance={approvalStatusAppearance[status as ApprovalStatus]}
      fallback={status}
      {...props}
    />
  );
}
