-- KYT rules gain apiRelease (docs/deposits-and-kyt.md "kyt/rules/set", "deposit/release"): false
-- refuses deposit/release with the app's key alone (4016), so a held deposit is released only
-- through the back-office's two-person approval. Every app keeps today's behaviour (true).
ALTER TABLE "wallet"."kyt_rules" ADD COLUMN "api_release" boolean DEFAULT true NOT NULL;
