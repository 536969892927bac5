// How deposits read to staff (docs/back-office.md "Compliance"): their status and risk level as
// badges, the KYT reasons in words (RISK_REASON_WORDS, the contract's one wording), amounts in
// USDT, and the QR code of a deposit address. Server-side.
import 'server-only';
import QRCode from 'qrcode';
import type { BadgeVariant } from '@/components/ui/badge';
import type { DepositStatus, RiskLevel, RiskReason } from '@/lib/wallet/contract/enums';
import { RISK_LEVEL_WORDS, riskReasonText, usdtText } from './deposit-words';

export const DEPOSIT_STATUS_BADGE: Record<DepositStatus, { variant: BadgeVariant; label: string }> = {
  CONFIRMING: { variant: 'warning', label: 'Confirming' },
  HELD: { variant: 'danger', label: 'Held by KYT' },
  CREDITED: { variant: 'success', label: 'Credited' },
  REJECTED: { variant: 'neutral', label: 'Rejected' },
};

export const RISK_BADGE: Record<RiskLevel, { variant: BadgeVariant; label: string }> = {
  LOW: { variant: 'success', label: RISK_LEVEL_WORDS.LOW },
  MEDIUM: { variant: 'warning', label: RISK_LEVEL_WORDS.MEDIUM },
  HIGH: { variant: 'danger', label: RISK_LEVEL_WORDS.HIGH },
  SEVERE: { variant: 'danger', label: RISK_LEVEL_WORDS.SEVERE },
};

export function reasonWords(reasons: readonly RiskReason[]): string[] {
  return reasons.map(riskReasonText);
}

/** "1,234.567891 USDT": the amount as sent, up to 6 decimals. */
export const formatUsdt = usdtText;

/** The address as a QR code (an SVG data URL), as wallets show a deposit address. */
export async function addressQrCode(address: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
