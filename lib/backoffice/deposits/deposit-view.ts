// How deposits read to staff (docs/back-office.md "Compliance"): their status and risk level as
// badges, the KYT reasons in words (RISK_REASON_WORDS, the contract's one wording), amounts in
// USDT, and the QR code of a deposit address. Server-side.
import 'server-only';
import QRCode from 'qrcode';
import type { BadgeVariant } from '@/components/ui/badge';
import {
  RISK_REASON_WORDS,
  type DepositStatus,
  type RiskLevel,
  type RiskReason,
} from '@/lib/wallet/contract/enums';

export const DEPOSIT_STATUS_BADGE: Record<DepositStatus, { variant: BadgeVariant; label: string }> = {
  CONFIRMING: { variant: 'warning', label: 'Confirming' },
  HELD: { variant: 'danger', label: 'Held by KYT' },
  CREDITED: { variant: 'success', label: 'Credited' },
  REJECTED: { variant: 'neutral', label: 'Rejected' },
};

export const RISK_BADGE: Record<RiskLevel, { variant: BadgeVariant; label: string }> = {
  LOW: { variant: 'success', label: 'Low risk' },
  MEDIUM: { variant: 'warning', label: 'Medium risk' },
  HIGH: { variant: 'danger', label: 'High risk' },
  SEVERE: { variant: 'danger', label: 'Severe risk' },
};

export function reasonWords(reasons: readonly RiskReason[]): string[] {
  return reasons.map((r) => RISK_REASON_WORDS[r]);
}

/** "1,234.567891 USDT": the amount as sent, up to 6 decimals. */
export function formatUsdt(amount: number): string {
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USDT`;
}

/** The address as a QR code (an SVG data URL), as wallets show a deposit address. */
export async function addressQrCode(address: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
