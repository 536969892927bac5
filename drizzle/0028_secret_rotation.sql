-- The agency's decision settings rotate without declining anyone (docs/card-spending.md "The
-- agency's decision"): decision/set keeps the secret unless asked to draw one, so the row may hold
-- settings without a URL (url given empty removes the endpoint, not the secret or the settings)
-- and without a secret (one is drawn with the first URL, or on rotateSecret=true);
-- the secret's creation time is answered by decision/get; a rotated-out secret of a decision or
-- webhook endpoint keeps signing Wallet-Signature-Previous until previous_secret_until; and the
-- agency's own reason for a decline is kept on the authorization (up to 200 characters).
ALTER TABLE "wallet"."decision_endpoints" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."decision_endpoints" ALTER COLUMN "secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."decision_endpoints" ADD COLUMN "secret_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "wallet"."decision_endpoints" SET "secret_created_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "wallet"."decision_endpoints" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "wallet"."decision_endpoints" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet"."webhook_endpoints" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "wallet"."webhook_endpoints" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet"."authorizations" ADD COLUMN "agency_reason" text;--> statement-breakpoint
ALTER TABLE "wallet"."authorizations" ADD CONSTRAINT "authorizations_agency_reason_length" CHECK (char_length("agency_reason") <= 200);
